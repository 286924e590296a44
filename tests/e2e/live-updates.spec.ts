// Live updates in two browsers: a delivery the farm sends shows on the agent's open
// dashboard in under a second without a reload, and the agent's count shows on the farm's screen.
// Polling is relaxed to 30 s while the stream is connected, so only the event can be that fast.

import { pageOverflow, pick, signedInPage, uniqueName } from './support/crates.ts';
import { expect, type Page, type Request, test } from './support/test.ts';

const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-live-updates', 'on');

/** Marks the loaded document, so a test can tell it was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { liveTestMark: true }));
const sameDocument = (page: Page) => page.evaluate(() => 'liveTestMark' in window);

test('a delivery reaches the agent’s open dashboard in under a second; the count reaches the farm', async ({
  browser,
}) => {
  const farmName = uniqueName('Farm');
  const agentName = uniqueName('Agent');
  const farm = await signedInPage(browser, 'farm_store', { name: farmName });
  const agent = await signedInPage(browser, 'market_agent', { name: agentName, businessName: uniqueName('Biz') });
  const stock = await farm.page.request.post('/api/farm-store/stock-adjustments', {
    data: { quantity: 100, reason: 'Stock for the live-update test' },
  });
  expect(stock.status()).toBe(201);

  await agent.page.goto('/');
  await expect(agent.page.getByRole('heading', { name: 'Market Agent Dashboard' })).toBeVisible();
  await expect(agent.page.getByText('No transmissions found')).toBeVisible();
  await live(agent.page);
  await markDocument(agent.page);

  await farm.page.goto('/');
  await live(farm.page);
  await pick(farm.page, 'Market agent', new RegExp(agentName));
  await farm.page.getByLabel('Crates to send').fill('37');
  const sending = farm.page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/transmissions' && r.request().method() === 'POST',
  );
  await farm.page.getByRole('button', { name: 'Send Crates' }).click();
  expect((await sending).status()).toBe(201);
  const sentAt = Date.now();

  const delivery = agent.page.getByTestId('transmission-row').filter({ hasText: farmName });
  await expect(delivery).toContainText('37 crates', { timeout: 1000 });
  await expect(delivery).toContainText('Pending', { timeout: 1000 });
  expect(Date.now() - sentAt).toBeLessThan(1000);
  await expect(agent.page.getByTestId('pending-transmissions-badge')).toHaveText('1', { timeout: 1000 });
  expect(await sameDocument(agent.page)).toBe(true);

  // The farm watches its Transmissions screen while the agent counts the crates in.
  await farm.page.goto('/transmissions');
  await live(farm.page);
  const farmRow = farm.page.getByTestId('transmission-row').filter({ hasText: agentName }).first();
  await expect(farmRow).toContainText('Pending');
  await markDocument(farm.page);

  await agent.page.getByRole('link', { name: /Transmissions/ }).click();
  // The dashboard has an Acknowledge Receipt button too: the route changes in a transition, so wait
  // for the new screen, or the click can land on the dashboard's button just before it goes.
  await expect(agent.page.getByRole('heading', { level: 1, name: 'Transmissions' })).toBeVisible();
  await agent.page.getByRole('button', { name: 'Acknowledge Receipt' }).click();
  const acknowledging = agent.page.waitForResponse((r) => r.url().includes('/acknowledge'));
  await agent.page.getByRole('button', { name: 'Confirm Count' }).click();
  expect((await acknowledging).status()).toBe(200);
  const countedAt = Date.now();

  await expect(farmRow).toContainText('Verified', { timeout: 1000 });
  await expect(farmRow).toContainText('Acknowledged', { timeout: 1000 });
  expect(Date.now() - countedAt).toBeLessThan(1000);
  expect(await sameDocument(farm.page)).toBe(true);
  expect(await sameDocument(agent.page)).toBe(true);
});

test('the header says when updates are paused, fits a phone, and the stream comes back', async ({
  browser,
  problems,
}) => {
  // The stream's refusal this test fakes.
  problems.allow('503 GET /api/events');
  const { page } = await signedInPage(browser, 'market_agent');
  await page.setViewportSize({ width: 375, height: 812 });
  const status = page.getByTestId('live-updates-status');

  // The stream can't connect: after a few seconds the header says so (screens poll meanwhile).
  await page.route('**/api/events*', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-live-updates', 'off');
  await expect(status).toHaveText('Updates paused — reconnecting', { timeout: 8000 });
  await expect(status).toHaveAttribute('role', 'status');
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);

  // It reconnects by itself once the server answers again.
  await page.unroute('**/api/events*');
  await expect(page.locator('html')).toHaveAttribute('data-live-updates', 'on', { timeout: 15_000 });
  await expect(status).toHaveText('');
});

test('signing out ends the stream without an error in the console', async ({ browser }) => {
  const { page } = await signedInPage(browser, 'farm_store');
  await page.goto('/');
  await live(page);
  const isStream = (request: Request) => request.url().includes('/api/events');
  const streamEnded = Promise.race([
    page.waitForEvent('requestfinished', { predicate: isStream }),
    page.waitForEvent('requestfailed', { predicate: isStream }),
  ]);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await streamEnded;
  await expect(page.locator('html')).toHaveAttribute('data-live-updates', 'off');
});
