// The public site: every tab, prices in rand, trend ranges, the export download, the contact
// form's validation and sending, the error toasts, and no accessibility violations at all.
import { readFile } from 'node:fs/promises';
import { contactMessages } from '../../src/shared/contact.ts';
import { formatRand } from '../../src/shared/money.ts';
import { pricingMessages, samplePrices, varieties } from '../../src/shared/pricing-format.ts';
import { axeViolations } from './support/a11y.ts';
import { expect, test } from './support/test.ts';

const tabs = [
  { value: 'home', label: 'Home', heading: 'What we grow' },
  { value: 'pricing', label: 'Pricing', heading: 'Pepper prices per crate' },
  { value: 'trends', label: 'Trends', heading: 'Price trends' },
  { value: 'services', label: 'Services', heading: 'Crate logistics to the markets' },
  { value: 'contact', label: 'Contact', heading: 'Contact the farm' },
  { value: 'eci', label: 'Engineering Consultation', heading: 'Engineering consultation for growers' },
] as const;

const rand = /^R[\s\u00a0]\d{1,3}(?:[\s\u00a0]\d{3})*\.\d{2}$/;

test('a visitor goes through every tab; each is linkable and passes axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab.label }).click();
    await expect(page.getByRole('tab', { name: tab.label })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(tab.value === 'home' ? '/' : `/?tab=${tab.value}`);
    await expect(page.getByRole('heading', { name: tab.heading })).toBeVisible();
    if (tab.value === 'trends') await expect(page.getByTestId('trend-card').first()).toBeVisible();
    if (tab.value === 'pricing') await expect(page.getByTestId('price').first()).toBeVisible();
    expect.soft(await axeViolations(page), `axe on tab ${tab.value}`).toEqual([]);
  }
  // A tab's address opens it directly, on / and /home.
  await page.goto('/home?tab=eci');
  await expect(page.getByRole('tab', { name: 'Engineering Consultation' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Engineering consultation for growers' })).toBeVisible();
});

test('the header buttons go to /login and the home tab invites agents and suppliers', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
  for (const variety of varieties) await expect(page.getByRole('heading', { name: variety })).toBeVisible();
  await expect(page.getByTestId('metric-total-crates')).toBeVisible();
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page.getByRole('link', { name: 'Register as a market agent' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Register as a supplier' })).toHaveAttribute(
    'href',
    '/supplier-registration',
  );
  await header.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});

test('pricing shows every variety in rand with two decimals and its availability', async ({ page }) => {
  const prices = (await (await page.request.get('/api/pepper-pricing')).json()) as { pricePerCrate: number }[];
  await page.goto('/?tab=pricing');
  const rows = page.getByTestId('price-row');
  await expect(rows).toHaveCount(prices.length);
  for (const variety of varieties) await expect(rows.filter({ hasText: variety })).toHaveCount(1);
  for (const text of await page.getByTestId('price').allTextContents()) expect(text).toMatch(rand);
  await expect(rows.first().getByText(/^(In Season|Limited|Out of Season)$/)).toBeVisible();
});

test('an empty price list shows the three sample prices', async ({ page }) => {
  await page.route('**/api/pepper-pricing', (route) => route.fulfill({ json: [] }));
  await page.goto('/?tab=pricing');
  await expect(page.getByText('Sample prices', { exact: true })).toBeVisible();
  const rows = page.getByTestId('price-row');
  await expect(rows).toHaveCount(3);
  for (const sample of samplePrices) {
    await expect(rows.filter({ hasText: sample.variety }).getByTestId('price')).toHaveText(
      formatRand(sample.pricePerCrate),
    );
  }
});

test('trends: a chart per variety, 12 months by default, ranges change, at most 20 points', async ({ page }) => {
  await page.goto('/?tab=trends');
  const range = page.getByRole('radiogroup', { name: 'Trend range' });
  await expect(range.getByRole('radio', { name: '12 months' })).toBeChecked();
  const cards = page.getByTestId('trend-card');
  await expect(cards).toHaveCount(varieties.length);
  for (const variety of varieties) await expect(cards.filter({ hasText: variety })).toHaveCount(1);
  await expect(cards.first().locator('.recharts-surface')).toBeVisible();
  for (const text of await page.getByTestId('trend-direction').allTextContents()) {
    expect(text).toMatch(/^(Trending up|Trending down|Stable)$/);
  }

  for (const months of [3, 24, 6] as const) {
    const request = page.waitForRequest((r) => r.url().includes(`/api/pepper-pricing/history?months=${months}`));
    await range.getByText(`${months} months`).click();
    await request;
    await expect(range.getByRole('radio', { name: `${months} months` })).toBeChecked();
    await expect(page.getByText(`shown for the last ${months} months`)).toBeVisible();
    for (const points of await page.getByTestId('trend-points').allTextContents()) {
      expect(Number(points)).toBeGreaterThan(0);
      expect(Number(points)).toBeLessThanOrEqual(20);
    }
  }
});

test('trends: the 12- and 24-month exports download an HTML report with every variety', async ({ page }) => {
  await page.goto('/?tab=trends');
  await expect(page.getByTestId('trend-card').first()).toBeVisible();
  for (const months of [12, 24]) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export ${months} months` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^pepper-price-history-${months}-months-\\d{4}-\\d{2}-\\d{2}\\.html$`),
    );
    const html = await readFile(await file.path(), 'utf8');
    expect(html).toContain('<table');
    for (const variety of varieties) expect(html).toContain(variety);
  }
});

test('trends: a failed history load shows the error toast', async ({ page, problems }) => {
  // The failure this test fakes.
  problems.allow('500 GET /api/pepper-pricing/history');
  await page.route('**/api/pepper-pricing/history**', (route) => route.fulfill({ status: 500, body: 'down' }));
  await page.goto('/?tab=trends');
  await expect(page.getByRole('alert').filter({ hasText: pricingMessages.historyFailed }).first()).toBeVisible();
});

test('contact: the validation messages first, then the message is sent', async ({ page }) => {
  await page.goto('/?tab=contact');
  const form = page.getByRole('form', { name: 'Contact the farm' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  for (const message of [
    contactMessages.nameRequired,
    contactMessages.emailRequired,
    contactMessages.subjectRequired,
    contactMessages.messageRequired,
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await form.getByLabel('Name').fill('Thandi Mokoena');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Subject').fill('Weekly order of chillies');
  await form
    .getByLabel('Message')
    .fill('Can you deliver 40 crates of hot chillies to the Pretoria Market every Tuesday?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText(contactMessages.emailInvalid)).toBeVisible();
  await expect(form.getByText(contactMessages.nameRequired)).toHaveCount(0);

  await form.getByLabel('Email').fill('thandi@example.co.za');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText(contactMessages.sent)).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
});

test('contact: a failure shows the spec message, a rate limit shows the server text', async ({ page, problems }) => {
  // The failure and the rate limit this test provokes.
  problems.allow(/^(500|429) POST \/api\/contact$/);
  await page.goto('/?tab=contact');
  const form = page.getByRole('form', { name: 'Contact the farm' });
  await form.getByLabel('Name').fill('Sipho');
  await form.getByLabel('Email').fill('sipho@example.co.za');
  await form.getByLabel('Subject').fill('Crates');
  await form.getByLabel('Message').fill('Hello');

  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(contactMessages.sendFailed)).toBeVisible();

  await page.unroute('**/api/contact');
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 429, json: { message: contactMessages.tooMany } }),
  );
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(contactMessages.tooMany)).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Sipho');
});

test('the landing page has no sideways scroll at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const tab of tabs) {
    await page.goto(tab.value === 'home' ? '/' : `/?tab=${tab.value}`);
    await expect(page.getByRole('heading', { name: tab.heading })).toBeVisible();
    if (tab.value === 'trends') await expect(page.getByTestId('trend-card').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `tab ${tab.value}`).toBeLessThanOrEqual(375);
  }
});
