// Damaged crates, both sides (decision 056), on a 375 × 812 phone: the farm store counts an
// agent's returned empties with two damaged, adds a photo in the step right after the count, then finds
// the entry with its photo — beside a client's damaged return and the agent's photo of it — under the
// agent's "Damaged crates" on the Market Agents screen, and the Reports screen counts them apart from
// missing crates. Data is set up through the API; axe at each step.

// A 1×1 PNG: the page shrinks it to a JPEG before sending it.
import { ONE_PIXEL_PNG as PNG } from '../support/photos.ts';
import { DESKTOP, expectAccessible, PHONE, settled } from './support/a11y.ts';
import { json } from './support/api.ts';
import { fillChecked, pageOverflow, pick, signedInPage, uniqueName } from './support/crates.ts';
import { expect, type Page, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('the farm store counts returned empties with damaged crates, adds a photo, and sees it under the agent (375 px)', async ({
  browser,
}) => {
  const farm = await signedInPage(browser, 'farm_store');
  const agentName = uniqueName('Agent');
  const agent = await signedInPage(browser, 'market_agent', { name: agentName });
  const me = await json<{ id: number }>(agent.page.request.get('/api/market-agents/me'));
  await json(
    farm.page.request.post('/api/farm-store/opening-balances', {
      data: { marketAgentId: me.id, fullCrates: 6, emptyCrates: 5 },
    }),
  );
  // A client returned a damaged crate and the agent photographed it (through the API).
  const business = uniqueName('Echo Greens');
  const client = await json<{ id: number }>(
    agent.page.request.post('/api/clients', {
      data: { businessName: business, clientName: 'Thandi', contactNumber: '082 555 0002' },
    }),
  );
  const loan = await json<{ id: number }>(
    agent.page.request.post('/api/client-transactions', { data: { clientId: client.id, quantityBorrowed: 4 } }),
  );
  await json(
    agent.page.request.put(`/api/client-transactions/${loan.id}/return`, {
      data: { quantityReturned: 2, damagedQuantity: 1, damageReason: 'Split along the base' },
    }),
  );
  await json(
    agent.page.request.post('/api/evidence', {
      data: {
        recordKind: 'client-transaction',
        recordId: loan.id,
        contentType: 'image/png',
        photo: PNG.toString('base64'),
        note: 'Handed back like this',
      },
    }),
  );
  await json(agent.page.request.post('/api/transmissions', { data: { type: 'market_to_farm', quantity: 5 } }));

  // --- the farm store counts the empties on its phone: 5, 2 of them damaged, then the photo step ---
  const page = farm.page;
  await page.setViewportSize(PHONE);
  await page.goto('/transmissions');
  await settled(page, 'Transmissions');
  const incoming = page.getByTestId('incoming-transmission').filter({ hasText: agentName });
  await incoming.getByRole('button', { name: 'Acknowledge Receipt' }).click();
  const count = page.getByRole('dialog', { name: 'Count and Acknowledge' });
  await expect(count.getByLabel('Crates counted')).toHaveValue('5');
  await count.getByLabel('Damaged').fill('2');
  await count.getByLabel('What is wrong with them').fill('Crushed in the truck');
  await count.getByRole('button', { name: 'Confirm Count' }).click();

  const step = page.getByRole('dialog', { name: 'Damaged crates' });
  const subject = `the damaged crates of ${agentName} → Farm Store`;
  await expect(step.getByText(`The count is booked. Add a photo of ${subject}, or close.`)).toBeVisible();
  await expectAccessible(page, 'the photo step after counting damaged empties (375 px)');
  await step.locator('input[type="file"]').setInputFiles({ name: 'crates.png', mimeType: 'image/png', buffer: PNG });
  const attach = step.getByRole('form', { name: `Photo of ${subject}` });
  await attach.getByLabel('Note').fill('Two crates crushed flat');
  await attach.getByRole('button', { name: 'Attach photo' }).click();
  await expect(toast(page, 'Photo attached')).toBeVisible();
  await expect(step.getByRole('button', { name: `Open photo 1 of ${subject}` })).toBeVisible();
  await expectAccessible(page, 'the photo step with its photo (375 px)');
  await step.getByRole('button', { name: 'Done' }).click();
  await expect(step).toBeHidden();
  await expect(page.getByTestId('transmission-row').filter({ hasText: '2 damaged' }).first()).toBeVisible();

  // --- the agent's damaged crates on the Market Agents screen: both entries, newest first, with photos ---
  await page.goto('/market-agents');
  await settled(page, 'Market Agents');
  const card = page.getByRole('article', { name: agentName, exact: true });
  await card.getByRole('button', { name: `Damaged crates: ${agentName}` }).click();
  const list = page.getByRole('dialog', { name: `Damaged crates: ${agentName}` });
  const entries = list.getByTestId('damaged-crates-entry');
  await expect(entries).toHaveCount(2);
  const empties = 'Returned empties: 2 crates damaged';
  await expect(entries.nth(0)).toContainText(empties);
  await expect(entries.nth(0)).toContainText('Crushed in the truck');
  await expect(entries.nth(0)).toContainText('Two crates crushed flat');
  const returned = `${business} (Thandi): 1 crate damaged`;
  await expect(entries.nth(1)).toContainText(returned);
  await expect(entries.nth(1)).toContainText('Split along the base');
  await expect(entries.nth(1)).toContainText('Handed back like this');
  await expect(entries.nth(1).getByRole('button', { name: `Open photo 1 of ${returned}` })).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page, "an agent's damaged crates with their photos (375 px)");

  // The photo opens full size, its bytes served to the farm store.
  await entries
    .nth(0)
    .getByRole('button', { name: `Open photo 1 of ${empties}` })
    .click();
  const photo = page
    .getByRole('dialog', { name: `Photo of ${empties}` })
    .getByRole('img', { name: 'Two crates crushed flat' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page, 'a damaged-crates photo full size (375 px)');
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, 'a damaged-crates photo full size (desktop)');

  // The Reports screen says the agent's damaged crates apart from missing ones (none missing here).
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible({ timeout: 30_000 });
  await pick(page, 'Market agent', new RegExp(agentName));
  await expect(page.getByTestId('agent-write-offs')).toHaveText(
    'Written off: 3 crates marked damaged · 0 crates missing at stock takes',
  );
});

test("the agent's dashboard return marks crates damaged, says what a bad count is, and offers the photo (375 px)", async ({
  browser,
}) => {
  const farm = await signedInPage(browser, 'farm_store');
  const agent = await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  const me = await json<{ id: number }>(agent.page.request.get('/api/market-agents/me'));
  await json(
    farm.page.request.post('/api/farm-store/opening-balances', { data: { marketAgentId: me.id, fullCrates: 6 } }),
  );
  const business = uniqueName('Foxtrot Fresh');
  const client = await json<{ id: number }>(
    agent.page.request.post('/api/clients', {
      data: { businessName: business, clientName: 'Sipho', contactNumber: '082 555 0003' },
    }),
  );
  const loan = await json<{ id: number }>(
    agent.page.request.post('/api/client-transactions', { data: { clientId: client.id, quantityBorrowed: 4 } }),
  );

  const page = agent.page;
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard?tab=clients');
  const row = page.getByTestId('client-with-crates-out').filter({ hasText: business });
  await row.getByRole('button', { name: `Return crates from ${business}` }).click();
  const dialog = page.getByRole('dialog', { name: `Return from ${business}` });
  await expect(dialog.getByLabel('Quantity returned')).toHaveValue('4');

  // What was typed stays as typed; each field says what is wrong and nothing is sent.
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith(`/api/client-transactions/${loan.id}/return`)) sent++;
  });
  await fillChecked(dialog.getByLabel('Damaged'), '5');
  await dialog.getByRole('button', { name: 'Return Crates' }).click();
  await expect(dialog.getByText('At most 4 of the crates counted can be damaged')).toBeVisible();
  await expect(dialog.getByText('Please say what is wrong with the damaged crates')).toBeVisible();
  await expect(dialog.getByLabel('Damaged')).toHaveValue('5');
  await expectAccessible(page, 'the dashboard return with damage errors (375 px)');
  expect(sent).toBe(0);

  await dialog.getByLabel('Damaged').fill('1');
  await dialog.getByLabel('What is wrong with them').fill('Handle snapped off');
  await dialog.getByRole('button', { name: 'Return Crates' }).click();
  await expect(toast(page, 'Crates returned successfully')).toBeVisible();
  const step = page.getByRole('dialog', { name: 'Damaged crates' });
  await expect(
    step.getByText(`The return is booked. Add a photo of ${business}’s damaged crates, or close.`),
  ).toBeVisible();
  await expect(step.getByRole('button', { name: `Add a photo of ${business}’s damaged crates` })).toBeVisible();
  await expectAccessible(page, 'the photo step after a dashboard return (375 px)');
  // A photo chosen and a note typed are not dropped by the full-width Done: it asks first (decision 061).
  await step.locator('input[type="file"]').setInputFiles({ name: 'crates.png', mimeType: 'image/png', buffer: PNG });
  await step.getByLabel('Note').fill('Handle gone on one side');
  await step.getByRole('button', { name: 'Done' }).click();
  const question = page.getByRole('dialog', { name: 'Attach the photo you chose?' });
  await expect(question.getByRole('button', { name: 'Discard photo' })).toBeVisible();
  await question.getByRole('button', { name: 'Attach photo' }).click();
  await expect(toast(page, 'Photo attached')).toBeVisible();
  await expect(step).toBeHidden();
  expect(sent).toBe(1);
  const photos = await json<{ note: string | null }[]>(
    agent.page.request.get(`/api/evidence?recordKind=client-transaction&recordId=${loan.id}`),
  );
  expect(photos.map((p) => p.note)).toEqual(['Handle gone on one side']);

  // Booked once: 3 sound crates back to the agent's empties, 1 written off as damaged with its reason.
  const entries = await json<{ entries: { quantity: number; reason: string }[] }>(
    farm.page.request.get(`/api/evidence/damaged-crates?marketAgentId=${me.id}`),
  );
  expect(entries.entries.map((e) => [e.quantity, e.reason])).toEqual([[1, 'Handle snapped off']]);
  const mine = await json<{ emptyCrates: number; fullCrates: number }>(agent.page.request.get('/api/market-agents/me'));
  expect(mine).toMatchObject({ fullCrates: 2, emptyCrates: 3 });
});
