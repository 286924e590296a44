// The billing journey (spec §2 Billing screen, §4, §9): the farm creates a cycle, an agent returns
// empties, the farm counts them in, the billing screen shows the agent's amount and the agent's
// dashboard its earnings; bank details are entered by the agent and masked to the farm; the
// statement, the weekly reports and the payout file download or send.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { PHONE, watchConsole } from './support/a11y.ts';
import { json } from './support/api.ts';
import { pageOverflow, signedInPage, uniqueName } from './support/crates.ts';
import { changeRequests } from './support/requests.ts';
import { smallControls } from './support/touch-targets.ts';

const nbsp = (s: string) => s.replaceAll(' ', '\u00a0');

async function openBilling(page: Page) {
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
}

test('no active cycle: the empty state offers to create the first one', async ({ browser }) => {
  const { page } = await signedInPage(browser, 'farm_store');
  const errors = watchConsole(page);
  // Other specs share the database and may have created cycles: show the screen of a farm with none.
  await page.route('**/api/billing/current-cycle', (route) => route.fulfill({ json: null }));
  await page.route('**/api/billing/last-cycle', (route) => route.fulfill({ json: null }));
  await openBilling(page);
  await expect(page.getByRole('heading', { name: 'No Active Billing Cycle' })).toBeVisible();
  await page.getByRole('button', { name: 'Create First Cycle' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Billing Cycle' });
  const rate = dialog.getByLabel(/Rate per crate/);
  await expect(rate).toHaveAttribute('placeholder', '0.70');

  // The rate field never changes what was typed: each refused value stays as typed with the field's
  // message, and nothing is sent; '0.70' keeps its trailing zero when the field loses focus.
  const sent = changeRequests(page);
  const invalid = 'The rate per crate must be a positive amount with at most 2 decimal places, e.g. 0.70';
  for (const [typed, message] of [
    ['', 'Please enter a rate per crate'],
    ['abc', invalid],
    ['0.355', invalid],
    ['-0.50', invalid],
    ['0', invalid],
    ['0,70', invalid],
    ['1000.01', 'The rate per crate can be at most 1000.00'],
  ]) {
    await rate.fill(typed);
    await rate.blur();
    await dialog.getByRole('button', { name: 'Create Cycle' }).click();
    await expect(dialog.getByText(message, { exact: true }), `typed ${typed}`).toBeVisible();
    await expect(rate, `typed ${typed}`).toHaveValue(typed);
  }
  await rate.fill('0.70');
  await rate.blur();
  await expect(rate).toHaveValue('0.70');
  expect(sent).toEqual([]);

  // At 375 px every control of the empty state and the dialog is thumb-sized, nothing scrolls sideways.
  await page.setViewportSize(PHONE);
  await expect.poll(() => smallControls(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => smallControls(page)).toEqual([]);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Previous Cycle' }).click();
  await expect(page.getByText('No completed billing cycle yet')).toBeVisible();
  await page.context().close();
  expect(errors).toEqual([]);
});

test('farm creates a cycle, agent returns crates, farm counts them in: amount, earnings, bank details, files', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const agentName = uniqueName('Billing Agent');
  const agent = await signedInPage(browser, 'market_agent', { name: agentName, businessName: 'Soweto Greens' });
  const errors = [...watchConsole(farm.page), ...watchConsole(agent.page)];
  const f = farm.page.request;

  // 1. The farm creates a cycle through the dialog; a rate with three decimals is refused as typed.
  await openBilling(farm.page);
  await farm.page.getByRole('button', { name: 'New Billing Cycle' }).click();
  const dialog = farm.page.getByRole('dialog', { name: 'New Billing Cycle' });
  await dialog.getByLabel('Start date').fill('2026-11-01');
  await dialog.getByLabel('End date').fill('2026-11-30');
  const rate = dialog.getByLabel(/Rate per crate/);
  await rate.fill('0.355');
  await dialog.getByRole('button', { name: 'Create Cycle' }).click();
  await expect(dialog.getByText(/at most 2 decimal places/)).toBeVisible();
  await expect(rate).toHaveValue('0.355');
  await rate.fill('0.35');
  await dialog.getByRole('button', { name: 'Create Cycle' }).click();
  await expect(farm.page.getByText('New billing cycle created successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(farm.page.getByTestId('cycle-status').first()).toHaveText('Active Cycle');
  // As the spec writes it on screen too, not in capitals.
  expect(
    await farm.page
      .getByTestId('cycle-status')
      .first()
      .evaluate((el) => (el as HTMLElement).innerText),
  ).toBe('Active Cycle');
  await expect(farm.page.getByTestId('cycle-rate')).toHaveText(nbsp('R 0.35'));
  await expect(farm.page.getByTestId('cycle-end')).toHaveText('30 Nov 2026');

  // 2. The agent returns 7 empty crates; the farm counts them in on the transmissions screen.
  const agents = await json<{ id: number; userId: number }[]>(f.get('/api/market-agents/for-transmission'));
  const mine = agents.find((x) => x.userId === agent.account.id)!;
  await json(f.post('/api/farm-store/opening-balances', { data: { marketAgentId: mine.id, emptyCrates: 7 } }));
  await json(agent.page.request.post('/api/transmissions', { data: { type: 'market_to_farm', quantity: 7 } }));
  await agent.page.goto('/');
  await expect(agent.page.getByTestId('total-earnings')).toHaveText(nbsp('R 0.00'));

  await farm.page.goto('/transmissions');
  await farm.page
    .getByTestId('incoming-transmission')
    .filter({ hasText: agentName })
    .getByRole('button', { name: 'Acknowledge Receipt' })
    .click();
  const count = farm.page.getByRole('dialog', { name: 'Count and Acknowledge' });
  await count.getByRole('button', { name: 'Confirm Count' }).click();
  await expect(farm.page.getByText('Transmission acknowledged and billing updated')).toBeVisible();

  // 3. The billing screen shows the agent's 7 crates × R0.35 = R2.45, and that it has no bank yet.
  await openBilling(farm.page);
  const row = farm.page.getByTestId('agent-performance-row').filter({ hasText: agentName });
  await expect(row.getByTestId('agent-amount')).toHaveText(nbsp('R 2.45'));
  await expect(row).toContainText('7 crates returned');
  await expect(row).toContainText('Soweto Greens');
  await expect(row).toContainText('Bank details required for EFT payment');
  // The agent's dashboard shows the earnings (live, without a reload) and the cycle in its history.
  await expect(agent.page.getByTestId('total-earnings')).toHaveText(nbsp('R 2.45'));
  await expect(agent.page.getByTestId('earnings-history')).toContainText('Active Cycle');
  await expect(agent.page.getByTestId('earnings-history')).toContainText(nbsp('R 2.45'));

  // 4. The agent enters its bank details in settings; a short account number is refused first.
  await agent.page.goto('/?tab=settings');
  const form = agent.page.getByRole('form', { name: 'Bank details' });
  await form.getByLabel('Bank name').fill('Capitec');
  await form.getByLabel('Account number').fill('12345');
  await form.getByLabel('Branch code').fill('470010');
  await form.getByLabel('Account holder').fill(agentName);
  await form.getByRole('button', { name: 'Save Bank Details' }).click();
  await expect(form.getByText('Enter the account number as 6 to 16 digits')).toBeVisible();
  await form.getByLabel('Account number').fill('1234 5678 90');
  await form.getByRole('button', { name: 'Save Bank Details' }).click();
  await expect(agent.page.getByText('Bank details saved')).toBeVisible();
  await agent.page.reload();
  await expect(agent.page.getByRole('form', { name: 'Bank details' }).getByLabel('Account number')).toHaveValue(
    '1234567890',
  );

  // The farm sees the bank and only the last four digits.
  await expect(row).toContainText('Capitec ****7890');
  await expect(row).not.toContainText('Bank details required for EFT payment');
  await expect(farm.page.getByText('1234567890')).toHaveCount(0);

  // 5. The payout file carries the full account number for the bank's upload.
  const payoutDownload = farm.page.waitForEvent('download');
  await farm.page.getByRole('button', { name: 'Payout CSV' }).click();
  const payout = await payoutDownload;
  expect(payout.suggestedFilename()).toMatch(/^payout-cycle-\d+-2026-11-30\.csv$/);
  const csv = readFileSync((await payout.path())!, 'utf8');
  expect(csv).toContain(`${agentName},`);
  expect(csv).toContain(',Capitec,470010,1234567890,7,2.45,');

  // 6. The statement (the reports feature's HTML) downloads named by the cycle's end date, with the
  // agent's crates and amount and only the last four digits of its account.
  const statementDownload = farm.page.waitForEvent('download');
  await farm.page.getByRole('button', { name: 'Generate Statement' }).click();
  const statement = await statementDownload;
  expect(statement.suggestedFilename()).toBe('billing-statement-2026-11-30.html');
  const statementHtml = readFileSync((await statement.path())!, 'utf8');
  expect(statementHtml).toContain(agentName);
  expect(statementHtml).toContain('7890');
  expect(statementHtml).not.toContain('1234567890');
  expect(statementHtml).toContain(nbsp('R 2.45'));
  await expect(farm.page.getByText(/print it to PDF/)).toBeVisible();

  // 7. Weekly reports go to every active agent (the outbox keeps them: no SMTP here), then the
  // spec's failure text when the call fails.
  await farm.page.getByRole('button', { name: 'Send Weekly Reports' }).click();
  await expect(farm.page.getByText('Weekly reports sent to all market agents')).toBeVisible();
  await farm.page.route('**/api/notifications/weekly-reports', (route) =>
    route.fulfill({ status: 503, json: { message: 'Mail is down' } }),
  );
  await farm.page.getByRole('button', { name: 'Send Weekly Reports' }).click();
  await expect(farm.page.getByText(/^Failed to send weekly reports/)).toBeVisible();

  // 8. A new cycle completes this one: the Previous Cycle tab shows it with what was paid.
  await json(
    f.post('/api/billing/create-cycle', {
      data: { startDate: '2026-12-01', endDate: '2026-12-31', ratePerCrate: '0.40' },
    }),
  );
  await farm.page.getByRole('tab', { name: 'Previous Cycle' }).click();
  await expect(farm.page.getByTestId('cycle-status')).toHaveText('Completed Cycle');
  expect(await farm.page.getByTestId('cycle-status').evaluate((el) => (el as HTMLElement).innerText)).toBe(
    'Completed Cycle',
  );
  await expect(farm.page.getByTestId('stat-total-paid')).toBeVisible();
  await expect(farm.page.getByTestId('stat-crates-processed')).toBeVisible();
  await expect(
    farm.page.getByTestId('agent-performance-row').filter({ hasText: agentName }).getByTestId('agent-amount'),
  ).toHaveText(nbsp('R 2.45'));

  // At 375 px both tabs, with the agent's row and the cycle's buttons, are thumb-sized and fit the width.
  await farm.page.setViewportSize(PHONE);
  await expect.poll(() => smallControls(farm.page)).toEqual([]);
  await expect.poll(() => pageOverflow(farm.page)).toBeLessThanOrEqual(0);
  await farm.page.getByRole('tab', { name: 'Current Cycle' }).click();
  await expect(farm.page.getByRole('button', { name: 'Generate Statement' })).toBeVisible();
  await expect.poll(() => smallControls(farm.page)).toEqual([]);
  await expect.poll(() => pageOverflow(farm.page)).toBeLessThanOrEqual(0);

  // The browser console stayed clean apart from the deliberate 503.
  expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
  await farm.page.context().close();
  await agent.page.context().close();
});
