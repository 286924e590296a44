// Never change what a person typed: on a 375 px phone every crate
// quantity field keeps 0, 401, -5, 2.5 or 1001 as typed, shows the field's message and sends nothing.
// And the messages say what is true: how many empties there are, "1 crate".

import { signedInAs } from './support/accounts.ts';
import { pick, signedInPage, uniqueName } from './support/crates.ts';
import { changeRequests } from './support/requests.ts';
import { expect, type Page, test } from './support/test.ts';

test.use({ viewport: { width: 375, height: 812 } });

const INVALID = 'Invalid Quantity: Please enter a valid quantity';

/** Types each value, submits, and expects the value kept, the message shown and nothing sent. */
async function refuses(
  page: Page,
  sent: string[],
  field: ReturnType<Page['getByLabel']>,
  submit: () => Promise<void>,
  cases: [typed: string, message: string][],
) {
  for (const [typed, message] of cases) {
    await field.fill(typed);
    await field.blur();
    await submit();
    await expect(page.getByText(message, { exact: true }), `typed ${typed}`).toBeVisible();
    await expect(field, `typed ${typed}`).toHaveValue(typed);
    expect(sent, `typed ${typed}`).toEqual([]);
  }
}

test('Send Crates on the dashboard (1–1000) keeps what was typed and sends nothing', async ({ browser }) => {
  const agentName = uniqueName('Agent');
  await signedInPage(browser, 'market_agent', { name: agentName });
  const { page } = await signedInPage(browser, 'farm_store');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await pick(page, 'Market agent', new RegExp(agentName));
  const sent = changeRequests(page);
  const form = page.getByRole('form', { name: 'Send crates' });
  // Grouped as the hint says it, "1 to 1 000" (decision 067).
  const range = 'Quantity must be between 1 and 1\u00a0000';
  await refuses(
    page,
    sent,
    form.getByLabel('Crates to send'),
    () => form.getByRole('button', { name: 'Send Crates' }).click(),
    [
      ['', 'Please enter quantity'],
      ['0', range],
      ['1001', range],
      ['-5', INVALID],
      ['2.5', INVALID],
    ],
  );
  // Said as it is typed, before any tap (decision 067).
  await form.getByLabel('Crates to send').fill('-3');
  await expect(form.getByText(INVALID)).toBeVisible();
  await page.context().close();
});

test('the transmissions form (1–400) keeps what was typed and sends nothing', async ({ browser }) => {
  const agentName = uniqueName('Agent');
  await signedInPage(browser, 'market_agent', { name: agentName });
  const { page } = await signedInPage(browser, 'farm_store');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/transmissions');
  await pick(page, 'Market agent', new RegExp(agentName));
  const sent = changeRequests(page);
  const form = page.getByRole('form', { name: 'New transmission' });
  await expect(form.getByText('Crates, 1 to 400')).toBeVisible();
  const range = 'Quantity must be between 1 and 400';
  await refuses(
    page,
    sent,
    form.getByLabel('Quantity'),
    () => form.getByRole('button', { name: 'Create Transmission' }).click(),
    [
      ['', 'Please enter quantity'],
      ['0', range],
      ['401', range],
      ['-5', INVALID],
      ['2.5', INVALID],
      ['1001', range],
    ],
  );
  await form.getByLabel('Quantity').fill('7.5');
  await expect(form.getByText(INVALID)).toBeVisible();
  await page.context().close();
});

test('Send Empty Crates says how many empties there are and uses them as the maximum', async ({ browser }) => {
  const agent = await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  const farm = await signedInPage(browser, 'farm_store');
  const me = (await (await agent.page.request.get('/api/market-agents/me')).json()) as { id: number };
  const opening = await farm.page.request.post('/api/farm-store/opening-balances', {
    data: { marketAgentId: me.id, fullCrates: 0, emptyCrates: 90 },
  });
  expect(opening.ok()).toBe(true);
  await farm.page.context().close();

  const page = agent.page;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/transmissions');
  const form = page.getByRole('form', { name: 'Return empty crates' });
  await expect(form.getByTestId('empties-available')).toHaveText('90 empty crates ready to return');
  // The hint gives the real maximum, not the form's 400.
  await expect(form.getByText('Empty crates, 1 to 90')).toBeVisible();
  const sent = changeRequests(page);
  await refuses(
    page,
    sent,
    form.getByLabel('Quantity'),
    () => form.getByRole('button', { name: 'Send Empty Crates' }).click(),
    [
      ['91', 'Only 90 empty crates available to return'],
      ['999', 'Only 90 empty crates available to return'],
      ['0', 'Quantity must be between 1 and 90'],
      ['-5', 'Invalid Quantity: Please enter a valid quantity'],
      ['2.5', 'Invalid Quantity: Please enter a valid quantity'],
    ],
  );
  // Said as it is typed, before any tap (decision 061).
  await form.getByLabel('Quantity').fill('-3');
  await expect(form.getByText('Invalid Quantity: Please enter a valid quantity')).toBeVisible();
  await page.context().close();
});

test("an agent with no empties gets the spec's message and nothing is sent", async ({ page }) => {
  await signedInAs(page, 'market_agent');
  await page.goto('/transmissions');
  const form = page.getByRole('form', { name: 'Return empty crates' });
  await expect(form.getByTestId('empties-available')).toHaveText('0 empty crates ready to return');
  const sent = changeRequests(page);
  await form.getByLabel('Quantity').fill('1');
  await form.getByRole('button', { name: 'Send Empty Crates' }).click();
  await expect(page.getByText('No empty crates available to return')).toBeVisible();
  expect(sent).toEqual([]);
});

test('stock adjustments and opening balances keep what was typed and send nothing', async ({ browser }) => {
  const agentName = uniqueName('Agent');
  await signedInPage(browser, 'market_agent', { name: agentName });
  const { page } = await signedInPage(browser, 'farm_store');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/?tab=settings');
  const sent = changeRequests(page);

  const adjust = page.getByRole('form', { name: 'Adjust farm stock' });
  await adjust.getByLabel('Reason').fill('Counted the yard');
  const count = 'Enter a whole number of crates, 1 to 1 000 000';
  await refuses(
    page,
    sent,
    adjust.getByLabel('Crates to add'),
    () => adjust.getByRole('button', { name: 'Add to Stock' }).click(),
    [
      ['', 'Please enter a quantity'],
      ['0', count],
      ['-5', count],
      ['2.5', count],
    ],
  );

  const opening = page.getByRole('form', { name: 'Agent opening balance' });
  await pick(page, 'Market agent', new RegExp(agentName));
  const whole = 'Enter a whole number of crates (0 or more)';
  await refuses(
    page,
    sent,
    opening.getByLabel('Empty crates'),
    () => opening.getByRole('button', { name: 'Save Opening Balance' }).click(),
    [
      ['-5', whole],
      ['2.5', whole],
    ],
  );
  await page.context().close();
});

test('the acknowledge count keeps what was typed; a short count says the difference was flagged', async ({
  browser,
}) => {
  const agent = await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  const farm = await signedInPage(browser, 'farm_store');
  const me = (await (await agent.page.request.get('/api/market-agents/me')).json()) as { id: number; userId: number };
  expect(
    (await farm.page.request.post('/api/farm-store/stock-adjustments', { data: { quantity: 3, reason: 'E2E' } })).ok(),
  ).toBe(true);
  const send = await farm.page.request.post('/api/transmissions', {
    data: { type: 'farm_to_market', marketAgentId: me.id, toUserId: me.userId, quantity: 3 },
  });
  expect(send.ok()).toBe(true);
  await farm.page.context().close();

  const page = agent.page;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/transmissions');
  await expect(page.getByTestId('incoming-transmission').first()).toContainText('3 crates from');
  await page.getByRole('button', { name: 'Acknowledge Receipt' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Count and Acknowledge' });
  const sent = changeRequests(page);
  const invalid = 'Invalid Quantity: Please enter a valid quantity';
  await refuses(
    page,
    sent,
    dialog.getByLabel('Crates counted'),
    () => dialog.getByRole('button', { name: 'Confirm Count' }).click(),
    [
      ['', invalid],
      ['-5', invalid],
      ['2.5', invalid],
      ['999999', 'The count can be at most 8 for this transmission'],
    ],
  );
  await expect(dialog.getByText('0 to 8')).toBeVisible();
  // A count of 0, or more than a tenth off, asks once more and says what it will do (decision 061).
  await dialog.getByLabel('Crates counted').fill('0');
  await dialog.getByRole('button', { name: 'Confirm Count' }).click();
  await expect(dialog.getByTestId('count-check')).toContainText(
    '3 sent, you counted 0: 3 crates will be flagged missing',
  );
  await expect(dialog.getByRole('button', { name: 'Yes, count 0' })).toBeVisible();
  await dialog.getByLabel('Crates counted').fill('2');
  await expect(dialog.getByTestId('count-check')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm Count' }).click();
  await expect(dialog.getByTestId('count-check')).toContainText(
    '3 sent, you counted 2: 1 crate will be flagged missing',
  );
  expect(sent.length).toBe(0);
  await dialog.getByRole('button', { name: 'Yes, count 2' }).click();
  await expect(
    page.getByText('Transmission acknowledged and billing updated. The difference (1 crate short) was flagged.'),
  ).toBeVisible();
  await expect(page.getByTestId('transmission-row').first()).toContainText('3 crates · counted 2');
  await page.context().close();
});
