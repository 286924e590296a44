// The supplier journey: register through the wizard, wait on the pending screen, the farm
// approves, the supplier posts an offer, the farm opens a tender, the supplier accepts and its
// metrics update; a crate request is fulfilled by the farm and the supplier's crate figures change.
// On the way, at 375 px, the farm adds a produce type in Settings and the offer picks it (decision 068).

import { DESKTOP, PHONE } from './support/a11y.ts';
import { PASSWORD, uniqueEmail } from './support/accounts.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { type Browser, expect, type Page, test } from './support/test.ts';

test.describe.configure({ timeout: 180_000 });

/** Any run of spaces (Intl puts non-breaking ones in rand amounts and counts). */
const spaced = (text: string) => new RegExp(text.replaceAll('.', '\\.').replaceAll(' ', '\\s'));

async function signIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return page;
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test('wizard → pending → approved → offer → tender accepted → metrics; a crate request is fulfilled', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('wizard');
  const business = uniqueName('Letaba Peppers');

  // Step 1: the account, with the spec's messages.
  await page.goto('/supplier-registration');
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Registration' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
  await page.getByLabel('Full name').fill('Thabo Mokoena');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abd');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm password').fill('abc');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: farm details required, banking optional.
  await expect(page.getByText('Step 2 of 3: Farm Details')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required farm and business details');
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('Contact person').fill('Thabo Mokoena');
  await page.getByLabel('Contact number').fill('082 555 7788');
  await page.getByLabel('Farm location').fill('Tzaneen');
  await page.getByLabel('Certification type').selectOption('globalGAP');
  await page.getByLabel('Bank name').fill('Standard Bank');
  await page.getByLabel('Account number').fill('0123456789');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: review, the account number masked; back keeps what was typed.
  await expect(page.getByText('Step 3 of 3: Review')).toBeVisible();
  await expect(page.getByTestId('review-Account number')).toHaveText('****6789');
  await expect(page.getByText('0123456789')).toHaveCount(0);
  await expect(page.getByTestId('review-Business name')).toHaveText(business);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Business name')).toHaveValue(business);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create Supplier Account' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText(/Supplier account created/)).toBeVisible();
  // Not signed in: the sign-in form shows.
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

  // Signing in shows only the pending screen.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Account Pending Approval' })).toBeVisible();
  await expect(page.getByText(business)).toBeVisible();
  await expect(page.getByText('Tzaneen')).toBeVisible();
  await expect(page.getByText('GlobalG.A.P.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  // Only that screen, whatever the path: the transmissions screen is not shown to it either.
  await page.goto('/transmissions');
  await expect(page.getByRole('heading', { name: 'Account Pending Approval' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transmission History' })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Account Pending Approval' })).toBeVisible();

  // The farm store approves it on its dashboard.
  const { page: farm } = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  await farm.request.post('/api/farm-store/stock-adjustments', { data: { quantity: 100, reason: 'Supplier run' } });
  await farm.goto('/');
  await farm.getByRole('button', { name: `Approve ${business}` }).click();
  await expect(farm.getByText(`${business} approved`)).toBeVisible();
  await expect(farm.getByRole('button', { name: `Approve ${business}` })).toHaveCount(0);

  // Decision 068, on a phone: the farm adds a produce type in Settings; a line listed twice is refused
  // with its message and what was typed stays.
  await farm.setViewportSize(PHONE);
  await farm.goto('/?tab=settings');
  const lists = farm.getByRole('region', { name: 'Produce lists' });
  const types = lists.getByRole('textbox', { name: 'Produce types' });
  const typed = `${await types.inputValue()}\nBird’s Eye Chillies\nbird’s eye chillies`;
  await types.fill(typed);
  await lists.getByRole('button', { name: 'Save produce lists' }).click();
  await expect(lists.getByText('Line 8: “bird’s eye chillies” is listed twice')).toBeVisible();
  await expect(types).toHaveValue(typed);
  await types.fill(typed.replace('\nbird’s eye chillies', ''));
  await lists.getByRole('button', { name: 'Save produce lists' }).click();
  await expect(farm.locator('.mantine-Notification-root').filter({ hasText: 'Produce lists saved' })).toBeVisible();
  await farm.setViewportSize(DESKTOP);
  await farm.goto('/');

  // The supplier's screen follows (live update or its next fetch) and, on its phone, posts an offer: the
  // type from the farm's list, the quality Other with a note.
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Dashboard' })).toBeVisible({ timeout: 20_000 });
  await page.setViewportSize(PHONE);
  await openTab(page, 'My Offers');
  await page.getByRole('button', { name: 'New Offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Offer' });
  await dialog.getByLabel('Produce name').fill('Red bell peppers');
  await dialog.getByRole('combobox', { name: 'Produce type' }).selectOption('Bird’s Eye Chillies');
  await dialog.getByRole('combobox', { name: 'Quality' }).selectOption('Other');
  await dialog.getByLabel('Crates').fill('0');
  await dialog.getByRole('button', { name: 'Post Offer' }).click();
  await expect(dialog.getByText('Enter a whole number of crates from 1 to 100 000')).toBeVisible();
  await expect(dialog.getByText('Please describe the quality')).toBeVisible();
  await expect(dialog.getByLabel('Crates')).toHaveValue('0');
  await dialog.getByLabel('Crates').fill('40');
  await dialog.getByLabel('Describe the quality').fill(' Extra Class ');
  await dialog.getByLabel('Unit weight').fill('10 kg');
  await dialog.getByRole('button', { name: 'Post Offer' }).click();
  await expect(dialog).toHaveCount(0);
  const offerCard = page.getByTestId('offer-card').filter({ hasText: 'Red bell peppers' });
  await expect(offerCard).toContainText('Active');
  await expect(offerCard).toContainText('Bird’s Eye Chillies · Extra Class');
  // Editing it shows the quality not on the list as Other with its note.
  await offerCard.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Offer' });
  await expect(edit.getByRole('combobox', { name: 'Quality' })).toHaveValue('Other');
  await expect(edit.getByLabel('Describe the quality')).toHaveValue('Extra Class');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize(DESKTOP);

  // The farm opens a tender on it.
  await farm.reload();
  const tenderButton = farm.getByRole('button', { name: `Open tender on Red bell peppers from ${business}` });
  await tenderButton.click();
  const tenderDialog = farm.getByRole('dialog', { name: 'Open Tender' });
  await tenderDialog.getByLabel('Farm quote (R)').fill('12,345');
  await tenderDialog.getByRole('button', { name: 'Send Tender' }).click();
  await expect(tenderDialog.getByText(/Enter an amount in rand/)).toBeVisible();
  await expect(tenderDialog.getByLabel('Farm quote (R)')).toHaveValue('12,345');
  await tenderDialog.getByLabel('Farm quote (R)').fill('1250.50');
  await tenderDialog.getByLabel('Market quote (R)').fill('1400');
  await tenderDialog.getByLabel('Notes').fill('Collection on Friday');
  await tenderDialog.getByRole('button', { name: 'Send Tender' }).click();
  await expect(tenderDialog).toHaveCount(0);
  await expect(farm.getByTestId('market-offer').filter({ hasText: business })).toContainText('Tender open');

  // The supplier accepts; its metrics follow.
  await openTab(page, 'Open Tenders');
  const tender = page.getByTestId('tender-card').filter({ hasText: 'Red bell peppers' });
  await expect(tender).toContainText(spaced('R 1 250.50'));
  await expect(tender).toContainText('Collection on Friday');
  await tender.getByRole('button', { name: 'Accept' }).click();
  // Decision 039: accepting is confirmed first, the button naming the amount.
  await page
    .getByRole('dialog', { name: 'Accept tender' })
    .getByRole('button', { name: spaced('Accept tender for R 1 250.50') })
    .click();
  await expect(page.getByText('Tender accepted')).toBeVisible();
  await expect(tender).toContainText('Accepted');
  await openTab(page, 'Dashboard');
  await expect(page.getByTestId('stat-total-revenue')).toContainText(spaced('R 1 250.50'));
  await expect(page.getByTestId('stat-average-quote')).toContainText(spaced('R 1 250.50'));
  await expect(page.getByTestId('stat-open-tenders')).toContainText('0');
  await expect(page.getByTestId('stat-active-offers')).toContainText('0');

  // Crate Management: a request for 600 is refused in the form; 25 goes to the farm.
  await openTab(page, 'Crate Management');
  await expect(page.getByTestId('stat-total-crates-owned')).toContainText('0');
  await page.getByLabel('Crates needed').fill('600');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Quantity must be between 1 and 500')).toBeVisible();
  await page.getByLabel('Crates needed').fill('25');
  await page.getByLabel('Notes').fill('For the Friday harvest');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByTestId('crate-request').first()).toContainText('25 crates');
  await expect(page.getByTestId('crate-request').first()).toContainText('Pending');

  // The farm fulfils it; the supplier's figures change.
  await farm.goto('/');
  await farm.getByRole('button', { name: `Fulfil 25 crates for ${business}` }).click();
  await farm
    .getByRole('dialog', { name: 'Fulfil crate request' })
    .getByRole('button', { name: `Issue 25 crates to ${business}` })
    .click();
  await expect(farm.getByText(`25 crates issued to ${business}`)).toBeVisible();
  await expect(farm.getByRole('button', { name: `Fulfil 25 crates for ${business}` })).toHaveCount(0);
  await expect(page.getByTestId('crate-request').first()).toContainText('Fulfilled', { timeout: 20_000 });
  await expect(page.getByTestId('stat-total-crates-owned')).toContainText('25');
  await expect(page.getByTestId('stat-available-crates')).toContainText('25');
});

test('a rejected supplier sees that it was not approved; a failed sign-up shows the server’s reason', async ({
  page,
  browser,
  problems,
}) => {
  // The same e-mail again is refused (409), on purpose.
  problems.allow(/^409 POST /);
  const email = uniqueEmail('rejected');
  const business = uniqueName('Rejected Farm');
  const body = {
    name: 'R',
    email,
    password: PASSWORD,
    role: 'supplier',
    businessName: business,
    contactPerson: 'R',
    contactNumber: '082 000 1111',
    farmLocation: 'Polokwane',
    certificationType: 'organic',
  };
  expect((await page.request.post('/api/auth/register-supplier', { data: body })).status()).toBe(201);
  const { page: farm } = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  await farm.goto('/');
  await farm.getByRole('button', { name: `Reject ${business}` }).click();
  await farm
    .getByRole('dialog', { name: 'Reject supplier' })
    .getByRole('button', { name: `Reject ${business}` })
    .click();
  await expect(farm.getByText(`${business} rejected`)).toBeVisible();

  const supplier = await signIn(browser, email);
  await supplier.goto('/');
  await expect(supplier.getByRole('heading', { name: 'Account Pending Approval' })).toBeVisible({ timeout: 30_000 });
  await expect(supplier.getByText('Not approved')).toBeVisible();
  await expect(supplier.getByText('The farm did not approve this supplier account', { exact: false })).toBeVisible();
  await supplier.goto('/transmissions');
  await expect(supplier.getByRole('heading', { name: 'Account Pending Approval' })).toBeVisible();
  await expect(supplier.getByText('Not approved')).toBeVisible();
  // A screen for another role keeps its Access Denied card (spec §6).
  await supplier.goto('/market-agents');
  await expect(supplier.getByText('This page is only available to farm store administrators.')).toBeVisible();

  // The same e-mail again through the wizard: the server's message.
  await page.goto('/supplier-registration');
  await page.getByLabel('Full name').fill('R');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('Contact person').fill('R');
  await page.getByLabel('Contact number').fill('082 000 1111');
  await page.getByLabel('Farm location').fill('Polokwane');
  await page.getByLabel('Certification type').selectOption('organic');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('review-Account number')).toHaveText('—');
  await page.getByRole('button', { name: 'Create Supplier Account' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('An account with this email already exists');
  await expect(page).toHaveURL('/supplier-registration');
});
