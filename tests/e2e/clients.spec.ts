// Clients and crate loans on a 375 × 812 phone: add a client, lend 5, return 3, see the
// warning, close the loan with 'Process Return'; the statement's running balance; the WhatsApp
// reminder link; the dashboard's add-and-lend and its return.

import { PHONE } from './support/a11y.ts';
import { pageOverflow, pick, signedInPage, uniqueName } from './support/crates.ts';
import { changeRequests } from './support/requests.ts';
import { type APIRequestContext, expect, type Page, test } from './support/test.ts';
import { clippedTexts, smallControls, THUMB } from './support/touch-targets.ts';

test.describe.configure({ timeout: 120_000 });

/** The farm store gives a new agent `full` full crates to start from (an opening balance). */
async function giveFullCrates(farmRequest: APIRequestContext, agentRequest: APIRequestContext, full: number) {
  const me = (await (await agentRequest.get('/api/market-agents/me')).json()) as { id: number };
  expect(
    (await farmRequest.post('/api/farm-store/stock-adjustments', { data: { quantity: full, reason: 'E2E' } })).ok(),
  ).toBe(true);
  const opening = await farmRequest.post('/api/farm-store/opening-balances', {
    data: { marketAgentId: me.id, fullCrates: full },
  });
  expect(opening.ok(), await opening.text()).toBe(true);
}

async function agentWithCrates(browser: import('@playwright/test').Browser, full: number, name = uniqueName('Agent')) {
  const agent = await signedInPage(browser, 'market_agent', { name, businessName: 'Soweto Fresh Produce' });
  const farm = await signedInPage(browser, 'farm_store');
  await giveFullCrates(farm.page.request, agent.page.request, full);
  await farm.page.context().close();
  await agent.page.setViewportSize(PHONE);
  return agent.page;
}

/** The refusals a step provokes on purpose (409) and the failure it fakes (500). */
const provoked = /^(409|500) /;

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('add a client, lend 5, return 3, then Process Return closes the loan (375 × 812)', async ({
  browser,
  problems,
}) => {
  problems.allow(provoked);
  const page = await agentWithCrates(browser, 20);
  const business = uniqueName('Mama Thandi');

  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByText('No Clients Yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add First Client' }).click();

  const add = page.getByRole('dialog', { name: 'Add Client' });
  // Nothing typed: the spec's required fields say so and nothing is sent.
  await add.getByRole('button', { name: 'Add Client' }).click();
  await expect(add.getByText('Business name is required')).toBeVisible();
  await add.getByLabel('Business name').fill(business);
  await add.getByLabel('Client name').fill('Thandi Mokoena');
  await add.getByLabel('Contact number').fill('082 123 4567');
  await add.getByRole('button', { name: 'Add Client' }).click();
  await expect(toast(page, 'Client added successfully')).toBeVisible();
  await expect(add).toBeHidden();

  const card = page.getByTestId('client-card').filter({ hasText: business });
  await expect(card).toContainText('Thandi Mokoena');
  await expect(card).toContainText('Active');
  await expect(card).toContainText('082 123 4567');
  await expect(card.getByTestId('total-borrowed')).toHaveText('0');
  await expect(card.getByTestId('outstanding-crates')).toHaveText('0');

  // Lend 5 from the header's Lend Crates.
  await page.getByRole('button', { name: 'Lend Crates' }).click();
  const lend = page.getByRole('dialog', { name: 'Lend Crates' });
  await expect(lend.getByTestId('full-crates-available')).toHaveText('20 full crates available to lend');
  await pick(page, 'Client', new RegExp(business));
  // More than the agent holds: the form says so and sends nothing.
  await lend.getByLabel('Quantity').fill('21');
  await lend.getByRole('button', { name: 'Lend Crates' }).click();
  await expect(lend.getByText('Not enough full crates: you have 20')).toBeVisible();
  // More than half of them to one client asks once more (decision 061); a normal lend is one tap.
  await lend.getByLabel('Quantity').fill('11');
  await lend.getByRole('button', { name: 'Lend Crates' }).click();
  await expect(lend.getByTestId('lend-check')).toContainText(
    `Lend 11 of your 20 full crates to ${business}? You keep 9.`,
  );
  await expect(lend.getByRole('button', { name: 'Yes, lend 11' })).toBeVisible();
  await lend.getByLabel('Quantity').fill('5');
  await lend.getByRole('button', { name: 'Lend Crates' }).click();
  await expect(toast(page, 'Crates lent successfully')).toBeVisible();
  await expect(card.getByTestId('total-borrowed')).toHaveText('5');
  await expect(card.getByTestId('outstanding-crates')).toHaveText('5');

  // Return 3 from the header's Return Crates.
  await page.getByRole('button', { name: 'Return Crates' }).first().click();
  const giveBack = page.getByRole('dialog', { name: 'Return Crates' });
  await pick(page, 'Transaction', new RegExp(business));
  await giveBack.getByLabel('Quantity returned').fill('3');
  await giveBack.getByRole('button', { name: 'Return Crates' }).click();
  await expect(toast(page, 'Crates returned successfully')).toBeVisible();
  await expect(card.getByText('Client has 2 crates to return')).toBeVisible();
  await expect(card.getByTestId('outstanding-crates')).toHaveText('2');

  // The reminder: WhatsApp with the number in international form and the crates out.
  const remind = card.getByRole('link', { name: /^Remind on WhatsApp: / });
  const href = (await remind.getAttribute('href'))!;
  expect(href.startsWith('https://wa.me/27821234567?text=')).toBe(true);
  const message = decodeURIComponent(href.split('?text=')[1]);
  expect(message).toContain('Thandi Mokoena');
  expect(message).toContain('2 crates');
  expect(message).toContain('out for 0 days');
  expect(message).toContain('Soweto Fresh Produce');
  await expect(remind).toHaveAttribute('target', '_blank');

  // Open Transactions: the loan with its age; Process Return opens the dialog with it chosen.
  const loan = page.getByTestId('open-transaction').filter({ hasText: business });
  await expect(loan).toContainText('2 of 5 crates out');
  await expect(loan).toContainText('0 days out');
  await expect(loan.getByText('Overdue')).toHaveCount(0);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('clients-375.png'), fullPage: true });
  await loan.getByRole('button', { name: 'Process Return' }).click();
  await expect(giveBack.getByRole('combobox', { name: 'Transaction' })).toHaveValue(new RegExp(business));
  await expect(giveBack.getByTestId('crates-out')).toHaveText('Thandi Mokoena has 2 crates out on this loan');
  // More than is out: the field says so, keeps what was typed, and nothing is sent.
  const sent = changeRequests(page);
  await giveBack.getByLabel('Quantity returned').fill('3');
  await giveBack.getByRole('button', { name: 'Return Crates' }).click();
  await expect(giveBack.getByText('This loan has only 2 crates out', { exact: true })).toBeVisible();
  await expect(giveBack.getByLabel('Quantity returned')).toHaveValue('3');
  expect(sent).toEqual([]);
  // A refusal by the server: the dialog says 'Failed to process return' and why, and no toast (spec §8).
  await page.route('**/api/client-transactions/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: '{"message":"This loan is already fully returned"}',
        })
      : route.fallback(),
  );
  await giveBack.getByLabel('Quantity returned').fill('2');
  await giveBack.getByRole('button', { name: 'Return Crates' }).click();
  await expect(giveBack.getByTestId('form-error')).toContainText('Failed to process return');
  await expect(giveBack.getByTestId('form-error')).toContainText('This loan is already fully returned');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.unroute('**/api/client-transactions/*');
  await giveBack.getByLabel('Quantity returned').fill('2');
  await giveBack.getByRole('button', { name: 'Return Crates' }).click();
  await expect(toast(page, 'Crates returned successfully')).toBeVisible();
  await expect(page.getByTestId('open-transaction')).toHaveCount(0);
  await expect(card.getByText(/crates to return/)).toHaveCount(0);
  await expect(card.getByTestId('outstanding-crates')).toHaveText('0');
  await expect(card.getByTestId('total-borrowed')).toHaveText('5');

  // The statement: every loan and return with the running balance, and a Print button.
  await card.getByRole('link', { name: 'Statement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Crate statement: ${business}` })).toBeVisible();
  const rows = page.getByTestId('statement-entry');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Lent');
  await expect(rows.nth(0).locator('td').last()).toHaveText('5');
  await expect(rows.nth(1).locator('td').last()).toHaveText('2');
  await expect(rows.nth(2).locator('td').last()).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('statement-375.png'), fullPage: true });

  // Marking the client Inactive: the badge says so and it cannot borrow.
  await page.getByRole('link', { name: 'Back to clients' }).click();
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await edit.getByLabel('Active (can borrow crates)').uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Client updated successfully')).toBeVisible();
  await expect(card).toContainText('Inactive');
  await expect(card.getByRole('button', { name: 'Lend' })).toBeDisabled();

  await page.context().close();
});

test('the market agent dashboard adds a client and lends, then takes the return', async ({ browser, problems }) => {
  problems.allow(provoked);
  const page = await agentWithCrates(browser, 10);
  const business = uniqueName('Dashboard Client');

  await page.goto('/dashboard?tab=clients');
  const form = page.getByRole('form', { name: 'Add client and lend crates' });
  await form.getByLabel('Business name').fill(business);
  await form.getByLabel('Client name').fill('Sipho Dlamini');
  await form.getByLabel('Contact number').fill('+27 83 555 0202');
  await form.getByLabel('Crates to lend').fill('4');

  // A refused lend: the spec's failure toast, and the form says it too.
  await page.route('**/api/client-transactions', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: '{"message":"Not enough full crates: you have 0"}',
        })
      : route.fallback(),
  );
  await form.getByRole('button', { name: 'Add Client and Lend' }).click();
  await expect(toast(page, 'Failed to register client and lend crates')).toBeVisible();
  await expect(form.getByTestId('form-error')).toHaveText('Not enough full crates: you have 0');
  await page.unroute('**/api/client-transactions');

  // Trying again lends to the client already added: one client, one loan.
  await form.getByRole('button', { name: 'Add Client and Lend' }).click();
  await expect(toast(page, 'Crates lent successfully')).toBeVisible();
  const clients = (await (await page.request.get('/api/clients')).json()) as { businessName: string }[];
  expect(clients.filter((c) => c.businessName === business)).toHaveLength(1);

  const row = page.getByTestId('client-with-crates-out').filter({ hasText: business });
  await expect(row).toContainText('4 crates out');
  await page.screenshot({ path: test.info().outputPath('dashboard-clients-375.png'), fullPage: true });
  const href = await row.getByRole('link', { name: /^Remind on WhatsApp: / }).getAttribute('href');
  expect(href).toMatch(/^https:\/\/wa\.me\/27835550202\?text=/);

  // A client whose loans closed meanwhile: the spec's message.
  await page.route('**/api/client-transactions/open?clientId=*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await row.getByRole('button', { name: `Return crates from ${business}` }).click();
  await expect(toast(page, 'No open transaction found for this client')).toBeVisible();
  await page.unroute('**/api/client-transactions/open?clientId=*');

  // The return through PUT /api/client-transactions/{id}/return.
  const returned = page.waitForRequest(
    (r) => r.method() === 'PUT' && /\/api\/client-transactions\/\d+\/return$/.test(r.url()),
  );
  await row.getByRole('button', { name: `Return crates from ${business}` }).click();
  const dialog = page.getByRole('dialog', { name: `Return from ${business}` });
  await expect(dialog.getByLabel('Quantity returned')).toHaveValue('4');
  await dialog.getByLabel('Notes').fill('All back');
  await dialog.getByRole('button', { name: 'Return Crates' }).click();
  expect((await returned).postDataJSON()).toEqual({ quantityReturned: 4, notes: 'All back' });
  await expect(toast(page, 'Crates returned successfully')).toBeVisible();
  await expect(page.getByTestId('client-with-crates-out').filter({ hasText: business })).toHaveCount(0);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);

  await page.context().close();
});

test('other roles see Access Denied on the Clients screen', async ({ browser }) => {
  const { page } = await signedInPage(browser, 'farm_store');
  await page.goto('/clients');
  await expect(page.getByText('This page is only available to market agents.')).toBeVisible();
  await page.context().close();
});

test('every quantity field keeps what was typed, says what is wrong and sends nothing (375 × 812)', async ({
  browser,
  problems,
}) => {
  problems.allow(provoked);
  const page = await agentWithCrates(browser, 10);
  const business = uniqueName('Quantities');
  const client = (await (
    await page.request.post('/api/clients', {
      data: { businessName: business, clientName: 'Naledi', contactNumber: '082 765 4321' },
    })
  ).json()) as { id: number };
  expect(
    (await page.request.post('/api/client-transactions', { data: { clientId: client.id, quantityBorrowed: 4 } })).ok(),
  ).toBe(true);
  const sent = changeRequests(page);

  /** Types each value, submits, and expects the value kept, the message shown and nothing sent. */
  async function refuses(
    scope: ReturnType<Page['getByRole']>,
    label: string,
    submit: string,
    cases: [typed: string, message: string][],
  ) {
    const field = scope.getByLabel(label);
    for (const [typed, message] of cases) {
      await field.fill(typed);
      await field.blur();
      await scope.getByRole('button', { name: submit }).click();
      await expect(scope.getByText(message, { exact: true }), `typed ${typed}`).toBeVisible();
      await expect(field, `typed ${typed}`).toHaveValue(typed);
      expect(sent, `typed ${typed}`).toEqual([]);
    }
  }

  // The Clients screen's Lend Crates: 1 to the agent's 6 full crates.
  await page.goto('/clients');
  await page.getByTestId('client-card').filter({ hasText: business }).getByRole('button', { name: 'Lend' }).click();
  const lend = page.getByRole('dialog', { name: 'Lend Crates' });
  await expect(lend.getByTestId('full-crates-available')).toHaveText('6 full crates available to lend');
  await refuses(lend, 'Quantity', 'Lend Crates', [
    ['', 'Please enter quantity'],
    ['0', 'Quantity must be at least 1'],
    ['-2', 'Quantity must be at least 1'],
    ['2.5', 'Quantity must be a whole number of crates'],
    ['7', 'Not enough full crates: you have 6'],
  ]);
  await lend.getByRole('button', { name: 'Cancel' }).click();

  // Process Return: above zero, and not more than the loan's 4 crates out.
  await page
    .getByTestId('open-transaction')
    .filter({ hasText: business })
    .getByRole('button', { name: 'Process Return' })
    .click();
  const giveBack = page.getByRole('dialog', { name: 'Return Crates' });
  await refuses(giveBack, 'Quantity returned', 'Return Crates', [
    ['', 'Please enter quantity'],
    ['0', 'Quantity must be above zero'],
    ['1.5', 'Quantity must be a whole number of crates'],
    ['5', 'This loan has only 4 crates out'],
  ]);
  await giveBack.getByRole('button', { name: 'Cancel' }).click();

  // The dashboard's add-and-lend and its return.
  await page.goto('/dashboard?tab=clients');
  const form = page.getByRole('form', { name: 'Add client and lend crates' });
  await form.getByLabel('Business name').fill(uniqueName('Never added'));
  await form.getByLabel('Client name').fill('Nobody');
  await form.getByLabel('Contact number').fill('082 000 1111');
  await refuses(form, 'Crates to lend', 'Add Client and Lend', [
    ['', 'Please enter quantity'],
    ['0', 'Quantity must be at least 1'],
    ['3.5', 'Quantity must be a whole number of crates'],
    ['7', 'Not enough full crates: you have 6'],
  ]);
  const row = page.getByTestId('client-with-crates-out').filter({ hasText: business });
  await row.getByRole('button', { name: `Return crates from ${business}` }).click();
  const dashboardReturn = page.getByRole('dialog', { name: `Return from ${business}` });
  await refuses(dashboardReturn, 'Quantity returned', 'Return Crates', [
    ['0', 'Quantity must be above zero'],
    ['0.5', 'Quantity must be a whole number of crates'],
    ['5', 'This loan has only 4 crates out'],
  ]);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

  await page.context().close();
});

test('on the Clients screen a failed add or lend is said in the dialog, never in a toast (spec §8)', async ({
  browser,
  problems,
}) => {
  problems.allow(provoked);
  const page = await agentWithCrates(browser, 5);
  const business = uniqueName('Refused');
  const client = (await (
    await page.request.post('/api/clients', {
      data: { businessName: business, clientName: 'Refilwe', contactNumber: '082 765 4321' },
    })
  ).json()) as { id: number };
  await page.goto('/clients');
  await expect(page.getByTestId('client-card').filter({ hasText: business })).toBeVisible();
  const failing = (route: import('@playwright/test').Route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'text/plain', body: '' })
      : route.fallback();

  await page.route('**/api/clients', failing);
  await page.getByRole('button', { name: 'Add Client' }).click();
  const add = page.getByRole('dialog', { name: 'Add Client' });
  await add.getByLabel('Business name').fill(uniqueName('Never'));
  await add.getByLabel('Client name').fill('Nobody');
  await add.getByLabel('Contact number').fill('082 000 1111');
  await add.getByRole('button', { name: 'Add Client' }).click();
  await expect(add.getByTestId('form-error')).toContainText('Failed to add client');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await add.getByRole('button', { name: 'Cancel' }).click();

  await page.route('**/api/client-transactions', failing);
  await page.getByTestId('client-card').filter({ hasText: business }).getByRole('button', { name: 'Lend' }).click();
  const lend = page.getByRole('dialog', { name: 'Lend Crates' });
  await lend.getByLabel('Quantity').fill('2');
  await lend.getByRole('button', { name: 'Lend Crates' }).click();
  await expect(lend.getByTestId('form-error')).toContainText('Failed to lend crates');
  await expect(lend).toBeVisible();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.unroute('**/api/client-transactions');
  await lend.getByRole('button', { name: 'Lend Crates' }).click();
  await expect(toast(page, 'Crates lent successfully')).toBeVisible();
  expect(
    ((await (await page.request.get(`/api/clients/${client.id}`)).json()) as { outstandingCrates: number })
      .outstandingCrates,
  ).toBe(2);

  await page.context().close();
});

test('every control on the clients screens is thumb-sized at 375 px and nothing scrolls sideways', async ({
  browser,
}) => {
  const page = await agentWithCrates(browser, 10);
  const business = uniqueName('Thumbs');
  const client = (await (
    await page.request.post('/api/clients', {
      data: { businessName: business, clientName: 'Zanele', contactNumber: '082 765 4321' },
    })
  ).json()) as { id: number };
  await page.request.post('/api/client-transactions', { data: { clientId: client.id, quantityBorrowed: 3 } });

  // On the dashboard tab only the clients card is this feature's (the other cards have their own checks).
  const screens: [path: string, ready: RegExp | string, within?: string][] = [
    ['/clients', 'Client has 3 crates to return'],
    [`/clients/${client.id}/statement`, `Crate statement: ${business}`],
    ['/dashboard?tab=clients', 'Add a client and lend crates'],
    ['/dashboard', 'Clients with crates out', '[data-testid="clients-with-crates-out"]'],
  ];
  for (const [path, ready, within] of screens) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    expect.soft(await smallControls(page, THUMB, within), path).toEqual([]);
    expect.soft(await pageOverflow(page), path).toBeLessThanOrEqual(0);
  }
  await page.goto('/clients');
  for (const [button, dialog] of [
    ['Add Client', 'Add Client'],
    ['Lend Crates', 'Lend Crates'],
    ['Return Crates', 'Return Crates'],
    ['Edit', 'Edit Client'],
    ['Process Return', 'Return Crates'],
  ]) {
    await page.getByRole('button', { name: button, exact: true }).first().click();
    const open = page.getByRole('dialog', { name: dialog });
    await expect(open).toBeVisible();
    expect.soft(await smallControls(page), `${dialog} dialog`).toEqual([]);
    expect.soft(await pageOverflow(page), `${dialog} dialog`).toBeLessThanOrEqual(0);
    await open.getByRole('button', { name: 'Cancel' }).click();
    await expect(open).toBeHidden();
  }

  // A business name with no spaces wraps everywhere: the dashboard's return dialog keeps its close
  // button on screen and the pickers' options stay inside the dialog.
  const long = `${uniqueName('Supercalifragilistic').replace(/\s/g, '')}${'Expialidocious'.repeat(8)}`;
  const longClient = (await (
    await page.request.post('/api/clients', {
      data: { businessName: long, clientName: 'Long', contactNumber: '082 765 4321' },
    })
  ).json()) as { id: number };
  await page.request.post('/api/client-transactions', { data: { clientId: longClient.id, quantityBorrowed: 1 } });
  const inside = (selector: string) =>
    page.evaluate(
      (selector) => [...document.querySelectorAll(selector)].map((el) => el.scrollWidth - el.clientWidth),
      selector,
    );
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Return crates from ${long}` }).click();
  const dashboardReturn = page.getByRole('dialog', { name: `Return from ${long}` });
  const close = (await dashboardReturn.locator('.mantine-Modal-close').boundingBox())!;
  expect(close.x + close.width).toBeLessThanOrEqual(375);
  expect(await inside('.mantine-Modal-content')).toEqual([0]);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await dashboardReturn.getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/clients');
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Return Crates', exact: true }).first().click();
  await page.getByRole('combobox', { name: 'Transaction' }).click();
  await expect(page.getByRole('option', { name: new RegExp(long) })).toBeVisible();
  expect(await inside('.mantine-Select-dropdown .mantine-ScrollArea-viewport')).toEqual([0]);
  expect(await inside('.mantine-Modal-content')).toEqual([0]);
  // No row of the picker is cut off, its loan's figures included (decision 067).
  expect(await clippedTexts(page)).toEqual([]);
  await expect(page.getByRole('option', { name: new RegExp(long) })).toContainText(/1 of 1 out \(lent /);
  await page.context().close();
});
