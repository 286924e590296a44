// (decision 039): every action that cannot be taken back asks first, naming what it does
// (amount, crates, person); Cancel is focused first and changes nothing (read back through the API);
// confirming does it. A removed agent shows as removed on Market Agents and is gone from the picker.

import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible, PHONE } from './support/a11y.ts';
import { PASSWORD, uniqueEmail } from './support/accounts.ts';
import { json } from './support/api.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 120_000 });

/** Any run of spaces (Intl puts non-breaking ones in rand amounts and counts). */
const spaced = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(' ', '\\s'));

/** The dialog's Cancel has the focus, and both its buttons are thumb-sized. */
async function expectSafeDialog(page: Page, dialogName: string, confirm: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  for (const button of [
    dialog.getByRole('button', { name: 'Cancel' }),
    dialog.getByRole('button', { name: confirm }),
  ]) {
    const box = await button.boundingBox();
    expect(box?.width, `${dialogName}: ${String(confirm)}`).toBeGreaterThanOrEqual(44);
    expect(box?.height, `${dialogName}: ${String(confirm)}`).toBeGreaterThanOrEqual(44);
  }
  return dialog;
}

type Transmission = { id: number; status: string };

/** A calendar day `n` days from `day` (YYYY-MM-DD). */
const shiftDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const transmission = async (request: APIRequestContext, id: number) =>
  (await json<Transmission[]>(request.get('/api/transmissions'))).find((t) => t.id === id);

async function agentIdOf(farm: APIRequestContext, userId: number) {
  const agents = await json<{ id: number; userId: number }[]>(farm.get('/api/market-agents/for-transmission'));
  return agents.find((a) => a.userId === userId)?.id;
}

test('a supplier accepts a tender of R 25 000 on a phone only after a confirmation naming amount, crates and supplier', async ({
  browser,
}) => {
  const businessName = uniqueName('Letaba Peppers');
  const supplier = await signedInPage(browser, 'supplier', { name: uniqueName('Supplier'), businessName });
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const s = supplier.page.request;
  const me = await json<{ id: number }>(s.get('/api/suppliers/me'));
  await json(farm.page.request.post(`/api/suppliers/${me.id}/approve`));
  const offer = await json<{ id: number }>(
    s.post('/api/suppliers/offers', {
      data: {
        produceName: 'Red bell peppers',
        produceType: 'Sweet Bell Peppers',
        quality: 'Class 1',
        quantityCrates: 50,
        unitWeight: '10 kg',
      },
    }),
  );
  const tender = await json<{ id: number }>(
    farm.page.request.post('/api/tenders', { data: { offerId: offer.id, farmQuote: '25000.00' } }),
  );
  const status = async () =>
    (await json<{ id: number; status: string }[]>(s.get('/api/suppliers/tenders'))).find((t) => t.id === tender.id)
      ?.status;

  const page = supplier.page;
  await page.setViewportSize(PHONE);
  await page.goto('/?tab=tenders');
  const card = page.getByTestId('tender-card').filter({ hasText: 'Red bell peppers' });
  await card.getByRole('button', { name: 'Accept' }).click();
  const confirm = spaced('Accept tender for R 25 000.00');
  const dialog = await expectSafeDialog(page, 'Accept tender', confirm);
  await expect(dialog).toContainText(spaced('Sell 50 crates of Red bell peppers from '));
  await expect(dialog).toContainText(businessName);
  await expect(dialog).toContainText(spaced('R 25 000.00'));
  await expect(dialog).toContainText('cannot be changed or withdrawn');
  await expectAccessible(page, 'accept tender dialog (375 px)');

  // Cancel: nothing changes.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await status()).toBe('pending');

  // Confirm: accepted.
  await card.getByRole('button', { name: 'Accept' }).click();
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(page.getByText('Tender accepted')).toBeVisible();
  expect(await status()).toBe('accepted');
});

test('the farm store rejects a supplier and fulfils a crate request only after saying what follows', async ({
  browser,
}) => {
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const f = farm.page.request;
  // A supplier waiting for approval, to reject.
  const rejected = uniqueName('Rejected Farm');
  const body = {
    name: 'Refilwe Rejected',
    email: uniqueEmail('reject'),
    password: PASSWORD,
    role: 'supplier',
    businessName: rejected,
    contactPerson: 'Refilwe Rejected',
    contactNumber: '082 000 1111',
    farmLocation: 'Polokwane',
    certificationType: 'organic',
  };
  const visitor = (await browser.newContext()).request;
  expect((await visitor.post('/api/auth/register-supplier', { data: body })).status()).toBe(201);
  // An approved supplier with a crate request of 25, to fulfil.
  const business = uniqueName('Tzaneen Peppers');
  const supplier = await signedInPage(browser, 'supplier', { name: uniqueName('Supplier'), businessName: business });
  const me = await json<{ id: number }>(supplier.page.request.get('/api/suppliers/me'));
  await json(f.post(`/api/suppliers/${me.id}/approve`));
  await json(f.post('/api/farm-store/stock-adjustments', { data: { quantity: 100, reason: 'Confirmation run' } }));
  const request = await json<{ id: number }>(
    supplier.page.request.post('/api/transmissions', { data: { type: 'supplier_to_farm', quantity: 25 } }),
  );
  const stock = async () => (await json<{ stock: number }>(f.get('/api/farm-store/me'))).stock;
  const stockBefore = await stock();
  const pendingSuppliers = async () =>
    (await json<{ businessName: string }[]>(f.get('/api/suppliers/pending'))).map((x) => x.businessName);

  const page = farm.page;
  await page.goto('/');
  // Reject: names the business and the person, says what rejection does; red.
  await page.getByRole('button', { name: `Reject ${rejected}` }).click();
  const reject = await expectSafeDialog(page, 'Reject supplier', `Reject ${rejected}`);
  await expect(reject).toContainText(`Reject ${rejected} (Refilwe Rejected)?`);
  await expect(reject).toContainText('Any pending crate requests are withdrawn.');
  await expect(reject).toContainText('a farm store user can approve it later under Rejected suppliers');
  await expect(reject.getByRole('button', { name: `Reject ${rejected}` })).toHaveCSS(
    'background-color',
    'rgb(224, 49, 49)',
  );
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toHaveCount(0);
  expect(await pendingSuppliers()).toContain(rejected);
  await page.getByRole('button', { name: `Reject ${rejected}` }).click();
  await reject.getByRole('button', { name: `Reject ${rejected}` }).click();
  await expect(page.getByText(`${rejected} rejected`)).toBeVisible();
  expect(await pendingSuppliers()).not.toContain(rejected);
  // As the dialog promised, the rejection can be reversed: the supplier waits under Rejected suppliers.
  const rejectedRow = page.getByTestId('rejected-supplier').filter({ hasText: rejected });
  await rejectedRow.getByRole('button', { name: `Approve ${rejected} after all` }).click();
  await expect(page.getByText(`${rejected} approved`)).toBeVisible();
  await expect(rejectedRow).toHaveCount(0);

  // The sidebar's Dashboard link counts the crate requests to fulfil, as the server does (decision 047).
  const crateRequests = async () =>
    (await json<{ crateRequests: number }>(f.get('/api/transmissions/action-counts'))).crateRequests;
  const open = await crateRequests();
  const requestsBadge = page.getByRole('navigation', { name: 'Main navigation' }).getByTestId('crate-requests-badge');
  await expect(requestsBadge).toHaveText(`${open} crate request${open === 1 ? '' : 's'} to fulfil`);

  // Fulfil: the crates, to whom, and the farm's stock after.
  await page.getByRole('button', { name: `Fulfil 25 crates for ${business}` }).click();
  const issue = `Issue 25 crates to ${business}`;
  const fulfil = await expectSafeDialog(page, 'Fulfil crate request', issue);
  await expect(fulfil).toContainText(`Issue 25 crates from the farm's stock to ${business}`);
  await expect(fulfil.getByTestId('stock-after')).toHaveText(
    spaced(`Farm stock after: ${stockBefore - 25} crates (now ${stockBefore}).`),
  );
  await fulfil.getByRole('button', { name: 'Cancel' }).click();
  await expect(fulfil).toHaveCount(0);
  expect(await stock()).toBe(stockBefore);
  expect((await transmission(f, request.id))?.status).toBe('pending');
  await page.getByRole('button', { name: `Fulfil 25 crates for ${business}` }).click();
  await fulfil.getByRole('button', { name: issue }).click();
  await expect(page.getByText(`25 crates issued to ${business}`)).toBeVisible();
  expect(await stock()).toBe(stockBefore - 25);
  expect((await transmission(f, request.id))?.status).toBe('acknowledged');
  if (open === 1) await expect(requestsBadge).toHaveCount(0);
  else await expect(requestsBadge).toHaveText(`${open - 1} crate request${open - 1 === 1 ? '' : 's'} to fulfil`);
});

test('recalling a delivery names the crates and who they were for, on the farm side and on an agent’s phone', async ({
  browser,
}) => {
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const agentName = uniqueName('Agent');
  const agent = await signedInPage(browser, 'market_agent', { name: agentName });
  const f = farm.page.request;
  await json(f.post('/api/farm-store/stock-adjustments', { data: { quantity: 20, reason: 'Recall run' } }));
  const agentId = await agentIdOf(f, agent.account.id);
  const delivery = await json<Transmission>(
    f.post('/api/transmissions', { data: { type: 'farm_to_market', marketAgentId: agentId, quantity: 7 } }),
  );
  await json(f.post('/api/farm-store/opening-balances', { data: { marketAgentId: agentId, emptyCrates: 5 } }));
  const empties = await json<Transmission>(
    agent.page.request.post('/api/transmissions', { data: { type: 'market_to_farm', quantity: 5 } }),
  );

  // The farm store's delivery of 7 to the agent.
  await farm.page.goto('/transmissions');
  const row = farm.page.getByTestId('transmission-row').filter({ hasText: agentName }).filter({ hasText: '7 crates' });
  await row.getByRole('button', { name: /Recall/ }).click();
  const farmDialog = await expectSafeDialog(farm.page, 'Recall delivery', 'Recall 7 crates');
  await expect(farmDialog).toContainText(`to ${agentName}?`);
  await expect(farmDialog).toContainText("7 crates will be back in the farm's stock.");
  await farmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(farmDialog).toHaveCount(0);
  expect((await transmission(f, delivery.id))?.status).toBe('pending');
  await row.getByRole('button', { name: /Recall/ }).click();
  await farmDialog.getByRole('button', { name: 'Recall 7 crates' }).click();
  await expect(farm.page.getByText('Transmission recalled')).toBeVisible();
  expect((await transmission(f, delivery.id))?.status).toBe('recalled');

  // The agent's 5 empties to the farm, on a phone.
  const page = agent.page;
  await page.setViewportSize(PHONE);
  await page.goto('/transmissions');
  const sent = page.getByTestId('transmission-row').filter({ hasText: 'Market to Farm' }).first();
  await sent.getByRole('button', { name: /Recall/ }).click();
  const dialog = await expectSafeDialog(page, 'Recall delivery', 'Recall 5 crates');
  await expect(dialog).toContainText(`Recall 5 crates from ${agentName} to Farm Store?`);
  await expect(dialog).toContainText(`5 crates will be back with ${agentName} as empty crates.`);
  await expectAccessible(page, 'recall dialog (375 px)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await transmission(page.request, empties.id))?.status).toBe('pending');
  await sent.getByRole('button', { name: /Recall/ }).click();
  await dialog.getByRole('button', { name: 'Recall 5 crates' }).click();
  await expect(page.getByText('Transmission recalled')).toBeVisible();
  expect((await transmission(page.request, empties.id))?.status).toBe('recalled');
});

test('removing an agent says what removal does; the removed agent shows as removed (agents, billing, reports) and leaves the picker', async ({
  browser,
  problems,
}) => {
  // The removed agent's open page has its session ended by the removal: a poll or two may get a 401.
  problems.allow(/^401 GET \/api\//);
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const agentName = uniqueName('Leaving Agent');
  const agent = await signedInPage(browser, 'market_agent', { name: agentName });
  const f = farm.page.request;
  // The agent has a billing record: 3 empties returned and counted, in a cycle covering that day.
  const agentId = await agentIdOf(f, agent.account.id);
  await json(f.post('/api/farm-store/opening-balances', { data: { marketAgentId: agentId, emptyCrates: 3 } }));
  const empties = await json<Transmission>(
    agent.page.request.post('/api/transmissions', { data: { type: 'market_to_farm', quantity: 3 } }),
  );
  await json(f.put(`/api/transmissions/${empties.id}/acknowledge`));
  const { lastDate } = await json<{ lastDate: string }>(f.get('/api/billing/unbilled'));
  await json(
    f.post('/api/billing/create-cycle', {
      data: { startDate: shiftDay(lastDate, -2), endDate: shiftDay(lastDate, 2), ratePerCrate: '0.50' },
    }),
  );
  const activeUsers = async () => (await json<{ id: number }[]>(f.get('/api/admin/users?limit=500'))).map((u) => u.id);

  const page = farm.page;
  await page.setViewportSize(PHONE);
  await page.goto('/user-management');
  const row = page.getByRole('article', { name: agentName });
  await row.getByRole('button', { name: `Remove ${agentName}` }).click();
  const dialog = await expectSafeDialog(page, 'Remove User', `Remove ${agentName}`);
  await expect(
    dialog.getByText(`Are you sure you want to remove ${agentName} from the system?`, { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByTestId('removal-consequences')).toHaveText(
    'They are signed out at once and can no longer sign in. Their transmissions, crates, loans and billing stay on record. A farm store user can restore the account from User Management (Removed users).',
  );
  await expect(dialog).not.toContainText('cannot be undone');
  await expectAccessible(page, 'remove user dialog (375 px)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await activeUsers()).toContain(agent.account.id);

  await row.getByRole('button', { name: `Remove ${agentName}` }).click();
  await dialog.getByRole('button', { name: `Remove ${agentName}` }).click();
  await expect(page.getByText('User removed successfully')).toBeVisible();
  expect(await activeUsers()).not.toContain(agent.account.id);

  // Market Agents: listed (its crates are still on the ledger), marked Removed, not counted as active.
  await page.goto('/market-agents');
  const card = page.getByRole('article', { name: agentName });
  await expect(card.getByText('Removed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('total-agents')).toContainText(/· \d+ removed/);

  // Billing keeps its record (the farm may still owe it), marked Removed.
  await page.goto('/billing');
  await expect(
    page.getByTestId('agent-performance-row').filter({ hasText: agentName }).getByText('Removed', { exact: true }),
  ).toBeVisible();

  // So do the reports, while it has transmissions in the period.
  await page.goto('/reports');
  await expect(
    page.getByTestId('agent-performance-row').filter({ hasText: agentName }).getByText('Removed', { exact: true }),
  ).toBeVisible();

  // The send-crates picker no longer offers it.
  await page.goto('/transmissions');
  await page.getByRole('combobox', { name: 'Market agent' }).fill(agentName);
  await expect(page.getByText(/No matching agent|No market agents yet/)).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(agentName) })).toHaveCount(0);
  const agents = await json<{ userId: number }[]>(f.get('/api/market-agents/for-transmission'));
  expect(agents.map((a) => a.userId)).not.toContain(agent.account.id);
});
