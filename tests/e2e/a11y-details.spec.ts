// Three accessibility findings, each checked where it was found: the landing page's
// figures group may carry its label (no aria-* on an element whose role forbids it), a reminder link's
// accessible name starts with its visible words, and the Clients screen's headings step down one level
// at a time (h1 → h2 → the cards' h3).
import AxeBuilder from '@axe-core/playwright';
import { PHONE } from './support/a11y.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { expect, type Page, test } from './support/test.ts';

/** The levels of the page's headings in document order, e.g. [1, 2, 3, 3, 2]. */
const headingLevels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((h) => !h.closest('[aria-hidden="true"]'))
      .map((h) => Number(h.tagName[1])),
  );

const violationsOf = async (page: Page, rules: string[]) =>
  (
    await new AxeBuilder({ page })
      .withRules(rules)
      .options({ rules: Object.fromEntries(rules.map((r) => [r, { enabled: true }])) })
      .analyze()
  ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('the landing page uses no aria attribute its elements may not carry', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('group', { name: 'Crates right now' })).toBeVisible();
  expect(await violationsOf(page, ['aria-allowed-attr', 'aria-prohibited-attr', 'heading-order'])).toEqual([]);
});

test('client reminders say their visible words first; the client list keeps the heading order', async ({ browser }) => {
  const agent = await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  const farm = await signedInPage(browser, 'farm_store');
  const a = agent.page.request;
  const f = farm.page.request;
  const me = (await (await a.get('/api/market-agents/me')).json()) as { id: number };
  expect((await f.post('/api/farm-store/stock-adjustments', { data: { quantity: 10, reason: 'E2E' } })).ok()).toBe(
    true,
  );
  expect(
    (await f.post('/api/farm-store/opening-balances', { data: { marketAgentId: me.id, fullCrates: 10 } })).ok(),
  ).toBe(true);
  await farm.page.context().close();
  // A reminder shows for a client with crates out: one on a mobile (WhatsApp), one on a landline (call).
  for (const [businessName, contactNumber] of [
    ['Mobile Fresh', '072 555 0101'],
    ['Landline Veg', '012 345 6789'],
  ]) {
    const added = await a.post('/api/clients', { data: { businessName, clientName: 'Thandi', contactNumber } });
    expect(added.ok()).toBe(true);
    const { id } = (await added.json()) as { id: number };
    expect((await a.post('/api/client-transactions', { data: { clientId: id, quantityBorrowed: 2 } })).ok()).toBe(true);
  }
  const page = agent.page;
  await page.setViewportSize(PHONE);
  await page.goto('/clients');
  await expect(
    page.getByRole('article', { name: 'Mobile Fresh' }).getByRole('link', { name: 'Remind on WhatsApp: Mobile Fresh' }),
  ).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Landline Veg' }).getByRole('link', { name: 'Call to remind: Landline Veg' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your clients' })).toBeAttached();
  const levels = await headingLevels(page);
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `heading ${i}`).toBeLessThanOrEqual(1);
  expect(await violationsOf(page, ['label-content-name-mismatch', 'heading-order'])).toEqual([]);
});
