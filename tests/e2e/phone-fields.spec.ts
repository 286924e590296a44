// Fields on a phone at 375 px (decision 040): money fields take '1,50' (the South
// African decimal comma) as R 1.50 and say so in en-ZA rand, refuse '1,5,0' keeping what was typed, and
// open the decimal keypad; whole-crate fields open the number pad; a client's reminder is WhatsApp for a
// South African mobile number and a call for a landline.

import { formatRand } from '../../src/shared/money.ts';
import { PHONE } from './support/a11y.ts';
import { json } from './support/api.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { changeRequests } from './support/requests.ts';
import { expect, type Locator, test } from './support/test.ts';

test.describe.configure({ timeout: 120_000 });

const expectDecimalKeypad = (field: Locator) => expect(field).toHaveAttribute('inputmode', 'decimal');

async function expectNumberPad(field: Locator) {
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('pattern', '[0-9]*');
}

test('the farm store types rates and prices with a decimal comma; crate counts open the number pad', async ({
  browser,
}) => {
  const { page } = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  await page.setViewportSize(PHONE);

  // The price editor: '185,50' is R 185.50, sent as cents, shown in rand.
  await page.goto('/?tab=pricing');
  await expect(page.getByRole('heading', { name: 'Pepper Pricing' })).toBeVisible();
  const variety = 'Sweet Mini Peppers';
  const row = page.getByTestId('price-editor-row').filter({ hasText: variety });
  await row.getByRole('button', { name: `Edit ${variety}` }).click();
  const price = row.getByLabel(`Price per crate in rand for ${variety}`);
  await expectDecimalKeypad(price);
  await price.fill('185,50');
  await expect(row.getByTestId('money-reading')).toHaveText(`Reads as ${formatRand(18_550)}`);
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/pepper-pricing/'));
  await row.getByRole('button', { name: 'Save' }).click();
  expect((await patch).postDataJSON()).toMatchObject({ pricePerCrate: 18_550 });
  await expect(row.getByTestId('price-editor-price')).toHaveText(formatRand(18_550));

  // The dashboard's Send Crates: whole crates, the number pad.
  await page.goto('/');
  await expectNumberPad(page.getByRole('form', { name: 'Send crates' }).getByLabel('Crates to send'));
  await page.goto('/transmissions');
  await expectNumberPad(page.getByRole('form', { name: 'New transmission' }).getByLabel('Quantity'));

  // The billing cycle's rate: '1,5,0' is refused as typed, with the field's message and nothing sent;
  // '1,50' is R 1.50.
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await page.getByRole('button', { name: 'New Billing Cycle' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Billing Cycle' });
  const rate = dialog.getByLabel(/Rate per crate/);
  await expectDecimalKeypad(rate);
  const sent = changeRequests(page);
  for (const typed of ['1,5,0', '1.234,5']) {
    await rate.fill(typed);
    await rate.blur();
    await dialog.getByRole('button', { name: 'Create Cycle' }).click();
    await expect(
      dialog.getByText('The rate per crate must be a positive amount with at most 2 decimal places, e.g. 0.70'),
    ).toBeVisible();
    await expect(rate).toHaveValue(typed);
    await expect(dialog.getByTestId('money-reading')).toHaveCount(0);
  }
  expect(sent).toEqual([]);
  await rate.fill('1,50');
  await rate.blur();
  await expect(rate).toHaveValue('1,50');
  await expect(dialog.getByTestId('money-reading')).toHaveText(`Reads as ${formatRand(150)}`);
  await dialog.getByRole('button', { name: 'Create Cycle' }).click();
  await expect(page.getByText('New billing cycle created successfully')).toBeVisible();
  await expect(page.getByTestId('cycle-rate')).toHaveText(formatRand(150));
  const cycle = await json<{ ratePerCrate: string }>(page.request.get('/api/billing/current-cycle'));
  expect(cycle.ratePerCrate).toBe('1.50');
});

test('an agent reminds a mobile client on WhatsApp and calls a landline; lending opens the number pad', async ({
  browser,
}) => {
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const agent = await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  const f = farm.page.request;
  await json(f.post('/api/farm-store/stock-adjustments', { data: { quantity: 50, reason: 'Phone fields run' } }));
  const agents = await json<{ id: number; userId: number }[]>(f.get('/api/market-agents/for-transmission'));
  const mine = agents.find((x) => x.userId === agent.account.id);
  if (!mine) throw new Error('the new agent is not in the picker');
  await json(
    f.post('/api/farm-store/opening-balances', { data: { marketAgentId: mine.id, fullCrates: 10, emptyCrates: 0 } }),
  );

  const a = agent.page.request;
  const clients: [string, string][] = [
    ['Mobile Fresh', '+27 72 555 0101'],
    ['Landline Veg', '012 345 6789'],
  ];
  for (const [businessName, contactNumber] of clients) {
    const client = await json<{ id: number }>(
      a.post('/api/clients', { data: { businessName, clientName: 'Thandi', contactNumber } }),
    );
    await json(a.post('/api/client-transactions', { data: { clientId: client.id, quantityBorrowed: 2 } }));
  }

  const page = agent.page;
  await page.setViewportSize(PHONE);
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  const mobile = page.getByRole('article', { name: 'Mobile Fresh' });
  await expect(mobile.getByRole('link', { name: 'Remind on WhatsApp: Mobile Fresh' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/27725550101\?text=/,
  );
  const landline = page.getByRole('article', { name: 'Landline Veg' });
  await expect(landline.getByRole('link', { name: 'Call to remind: Landline Veg' })).toHaveAttribute(
    'href',
    'tel:+27123456789',
  );
  await expect(landline.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Lend Crates', exact: true }).first().click();
  const lend = page.getByRole('dialog', { name: 'Lend Crates' });
  await expectNumberPad(lend.getByLabel('Quantity'));
});
