// Thumb-sized targets at 375 × 812 (WCAG 2.5.5 and 2.5.8, decision 015) where a11y.spec.ts does not
// walk: the signed-out pages and the supplier wizard, one-line picker rows, links in a line of text and
// every text box measured itself. The signed-in screens, dialogs, sidebars and the agent picker are
// measured in a11y.spec.ts's walk, which sets each of them up once for axe and thumbs together.

import { PHONE } from './support/a11y.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { expect, type Page, test } from './support/test.ts';
import { expectThumbSized, smallLinks, smallTextBoxes, THUMB } from './support/touch-targets.ts';

test.describe.configure({ mode: 'parallel', timeout: 120_000 });

/** Opens a screen and waits until its h1 shows and nothing is loading. */
async function open(page: Page, path: string, title: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0);
}

test('signed out: every landing tab, sign in, register and the supplier path', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const tab of ['', '?tab=pricing', '?tab=trends', '?tab=services', '?tab=contact', '?tab=eci']) {
    await page.goto(`/${tab}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0);
    await expectThumbSized(page, `landing /${tab}`);
  }
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expectThumbSized(page, '/login');
  for (const role of ['Market Agent', 'Supplier', 'Farm Store']) {
    await page.goto('/register');
    await page.getByRole('radio', { name: role }).check();
    await expectThumbSized(page, `/register as ${role}`);
  }
  // The supplier wizard, each step with its message showing.
  await page.goto('/supplier-registration');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
  await expectThumbSized(page, '/supplier-registration account step');
  await page.getByLabel('Full name').fill('Thabo Mokoena');
  await page.getByLabel('Email').fill('thabo@example.co.za');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required farm and business details');
  await expectThumbSized(page, '/supplier-registration farm step');
  await page.getByLabel('Business name').fill('Mokoena Farms');
  await page.getByLabel('Contact person').fill('Thabo Mokoena');
  await page.getByLabel('Contact number').fill('082 555 7788');
  await page.getByLabel('Farm location').fill('Tzaneen');
  await page.getByLabel('Certification type').selectOption('gmp');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('review-Account number')).toBeVisible();
  await expectThumbSized(page, '/supplier-registration review step');
});

test('farm store at 375 px: one-line picker rows, the Market Agents links and every text box', async ({ browser }) => {
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  // A short name and business: its picker row is one line of text, which was 34 px high.
  const short = `Bo ${Date.now().toString(36).slice(-5)}`;
  await signedInPage(browser, 'market_agent', { name: short, businessName: 'B', contactNumber: '012 345 6789' });
  const page = farm.page;
  await page.setViewportSize(PHONE);

  await open(page, '/', 'Farm Store Dashboard');
  const picker = page.getByRole('combobox', { name: 'Market agent' });
  await picker.click();
  await picker.fill(short);
  const row = page.getByRole('option', { name: new RegExp(short) });
  await expect(row).toBeVisible();
  expect((await row.boundingBox())?.height, 'a one-line picker row').toBeGreaterThanOrEqual(THUMB);
  await expectThumbSized(page, 'farm store agent picker, one-line row');
  await page.keyboard.press('Escape');
  expect(await smallTextBoxes(page), 'text boxes on the farm dashboard').toEqual([]);

  // The agent's number and e-mail on its card are links a thumb taps, though they sit in a line of text.
  await open(page, '/market-agents', 'Market Agents');
  const card = page.getByRole('article', { name: short });
  await expect(card.getByRole('link', { name: '012 345 6789' })).toHaveAttribute('href', 'tel:+27123456789');
  expect(await smallLinks(page, 'a[href^="tel:"], a[href^="mailto:"]'), 'Market Agents links').toEqual([]);

  // Every text box, measured itself: the password fields' too (42 px inside a 44 px field before).
  await open(page, '/user-management', 'User Management');
  await page.getByRole('button', { name: 'Change My Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Change My Password' })).toBeVisible();
  expect(await smallTextBoxes(page), 'text boxes in Change My Password').toEqual([]);
  await page.keyboard.press('Escape');
  await open(page, '/billing', 'Billing');
  await page.getByRole('button', { name: 'New Billing Cycle' }).click();
  await expect(page.getByRole('dialog', { name: 'New Billing Cycle' })).toBeVisible();
  expect(await smallTextBoxes(page), 'text boxes in New Billing Cycle').toEqual([]);
});

test('signed out at 375 px: the sign-in and registration text boxes, password fields included', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await smallTextBoxes(page), 'text boxes on /login').toEqual([]);
  await page.goto('/register');
  await page.getByRole('radio', { name: 'Market Agent' }).check();
  expect(await smallTextBoxes(page), 'text boxes on /register').toEqual([]);
});
