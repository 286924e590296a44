// Finding one's way (decision 041): the supplier wizard names its three steps, Register's
// Supplier choice leads to it, each role's sidebar shows only what it may open, an agent finds a client
// by name or phone on a phone, crate requests read from the reader's side, and the report form says
// what blank dates mean.
import { expectAccessible, PHONE } from './support/a11y.ts';
import { registerVia } from './support/accounts.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { approvedSupplierWithData } from './support/suppliers.ts';
import { expect, type Page, test } from './support/test.ts';
import { smallControls } from './support/touch-targets.ts';

const steps = (page: Page) => page.getByRole('list', { name: 'Registration steps' }).getByRole('listitem');

test('the supplier wizard names all three steps and marks the current one, at 375 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/supplier-registration');
  // Each step by name (its number beside it is decoration, hidden from screen readers).
  await expect(steps(page)).toHaveText([/Account$/, /Farm Details$/, /Review$/]);
  await expect(steps(page).nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
  await expectAccessible(page, 'wizard, account step');

  await page.getByLabel('Full name').fill('Nomsa Mahlangu');
  await page.getByLabel('Email').fill(`wizard-${Date.now()}@e2e.farm`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(steps(page).nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(steps(page).nth(0)).not.toHaveAttribute('aria-current', /.*/);
  await expect(steps(page).nth(0)).toContainText('(done)');
  await expectAccessible(page, 'wizard, farm details step');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(steps(page).nth(0)).toHaveAttribute('aria-current', 'step');
});

test("Register's Supplier choice offers the wizard, with the name and e-mail typed", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Thabo Nkosi');
  await page.getByLabel('Email').fill('thabo@e2e.farm');
  await page.getByRole('radio', { name: 'Supplier' }).check();
  // The spec's supplier fields stay on Register (one server rule for both ways in), with the wizard
  // offered beside them for the certification and bank details.
  await expect(page.getByLabel('Produce types')).toBeVisible();
  expect(await smallControls(page)).toEqual([]);
  await page.getByRole('link', { name: 'Continue to supplier registration' }).click();
  await expect(page).toHaveURL('/supplier-registration');
  await expect(steps(page).nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(page.getByLabel('Full name')).toHaveValue('Thabo Nkosi');
  await expect(page.getByLabel('Email')).toHaveValue('thabo@e2e.farm');
});

test('each sidebar shows only what its role may open: a supplier has no Clients link', async ({ browser }) => {
  const supplier = await signedInPage(browser, 'supplier');
  const agent = await signedInPage(browser, 'market_agent');
  for (const [page, clients] of [
    [supplier.page, 0],
    [agent.page, 1],
  ] as const) {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Transmissions' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(clients);
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  }
});

test('an agent finds a client by name or phone as it types, at 375 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await registerVia(page.request, 'market_agent');
  const tag = uniqueName('Stall').split(' ')[1];
  for (const [businessName, clientName, contactNumber] of [
    [`Zanele Greens ${tag}`, 'Zanele Dube', '082 555 0101'],
    [`Apple Tree ${tag}`, 'Anna Botha', '071 234 5678'],
    [`Mango Corner ${tag}`, 'Peter Naidoo', '060 999 1111'],
  ]) {
    const res = await page.request.post('/api/clients', { data: { businessName, clientName, contactNumber } });
    expect(res.ok()).toBe(true);
  }
  await page.goto('/clients');
  const cards = page.getByTestId('client-card');
  // Nobody overdue: by business name.
  await expect(cards.getByRole('heading')).toHaveText([
    `Apple Tree ${tag}`,
    `Mango Corner ${tag}`,
    `Zanele Greens ${tag}`,
  ]);
  const search = page.getByRole('searchbox', { name: 'Search clients' });
  expect((await search.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await search.fill('zanele');
  await expect(cards.getByRole('heading')).toHaveText([`Zanele Greens ${tag}`]);
  await search.fill('234 56');
  await expect(cards.getByRole('heading')).toHaveText([`Apple Tree ${tag}`]);
  await search.fill('nobody here');
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('No client matches "nobody here"')).toBeVisible();
  await search.fill('');
  await expect(cards).toHaveCount(3);
  await expectAccessible(page, 'Clients with the search');
});

test('a crate request reads from the reader side: the supplier asked, the farm store reads who asked', async ({
  browser,
}) => {
  const { supplier, farm, businessName } = await approvedSupplierWithData(browser);
  await supplier.goto('/dashboard?tab=crates');
  await expect(supplier.getByTestId('crate-request').first()).toContainText('You requested 12 crates from the farm');
  await supplier.goto('/transmissions');
  await expect(supplier.getByText('You requested 12 crates from the farm')).toBeVisible();
  await farm.goto('/dashboard');
  await expect(farm.getByTestId('supplier-crate-request').filter({ hasText: businessName })).toContainText(
    `Supplier ${businessName} requested 12 crates`,
  );
});

test('the report form says what blank dates mean for the chosen type', async ({ browser }) => {
  const { page } = await signedInPage(browser, 'farm_store');
  await page.goto('/reports');
  const hint = page.getByTestId('blank-dates-hint');
  await expect(hint).toContainText(/^Blank: the last 7 days up to today, \d/);
  await page.getByRole('combobox', { name: 'Report type' }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  const today = new Date(
    `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date())}T12:00:00Z`,
  );
  const month = today.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  const day = today.getUTCDate();
  await expect(hint).toHaveText(`Blank: this month so far, ${day === 1 ? '' : '1–'}${day} ${month}`);
  await page.getByLabel('Start date').fill(new Date(today).toISOString().slice(0, 10));
  await expect(hint).toHaveText('Blank: this month so far');
});
