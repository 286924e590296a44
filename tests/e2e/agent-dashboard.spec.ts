// The agent's next job is on top: on a 375 px phone a delivery waiting to be counted
// is the first thing on the dashboard, with 'Acknowledge Receipt' and the count dialog, and the header
// shows how many are pending without opening the menu.

import { pageOverflow, signedInPage, uniqueName } from './support/crates.ts';
import { expect, test } from './support/test.ts';

test('pending deliveries sit on top of the agent dashboard, with the count on the header', async ({ browser }) => {
  const agent = await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  const farm = await signedInPage(browser, 'farm_store');
  const me = (await (await agent.page.request.get('/api/market-agents/me')).json()) as { id: number; userId: number };
  expect(
    (await farm.page.request.post('/api/farm-store/stock-adjustments', { data: { quantity: 1, reason: 'E2E' } })).ok(),
  ).toBe(true);
  const send = await farm.page.request.post('/api/transmissions', {
    data: { type: 'farm_to_market', marketAgentId: me.id, toUserId: me.userId, quantity: 1, notes: 'Early truck' },
  });
  expect(send.ok()).toBe(true);
  await farm.page.context().close();

  const page = agent.page;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Market Agent Dashboard' })).toBeVisible();

  // The header says 1 pending while the menu is closed, and is a thumb-sized link.
  const headerCount = page.getByTestId('header-pending-count');
  await expect(headerCount).toBeVisible();
  await expect(headerCount).toHaveText('1');
  await expect(headerCount).toHaveAccessibleName('1 pending transmission');
  const headerBox = await headerCount.boundingBox();
  expect(headerBox!.height).toBeGreaterThanOrEqual(44);
  expect(headerBox!.width).toBeGreaterThanOrEqual(44);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).not.toBeInViewport();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('agent-dashboard-375.png') });

  // The delivery is on screen without scrolling, above the earnings, as "1 crate".
  const delivery = page.getByTestId('incoming-transmission');
  await expect(delivery).toContainText('1 crate from');
  await expect(delivery).not.toContainText('1 crates');
  await expect(delivery).toBeInViewport();
  const acknowledge = delivery.getByRole('button', { name: 'Acknowledge Receipt' });
  await expect(acknowledge).toBeInViewport();
  const deliveryBox = await delivery.boundingBox();
  const earningsBox = await page.getByTestId('total-earnings').boundingBox();
  expect(deliveryBox!.y).toBeLessThan(earningsBox!.y);
  expect((await acknowledge.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // Counting it from the dashboard.
  await acknowledge.click();
  const dialog = page.getByRole('dialog', { name: 'Count and Acknowledge' });
  await expect(dialog.getByLabel('Crates counted')).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Confirm Count' }).click();
  await expect(page.getByText('Transmission acknowledged and billing updated')).toBeVisible();
  await expect(page.getByTestId('incoming-transmission')).toHaveCount(0);
  await expect(headerCount).toHaveCount(0);
  await expect(page.getByTestId('transmission-row').first()).toContainText('1 crate');
  await page.context().close();
});
