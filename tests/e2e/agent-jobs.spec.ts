// The agent's main jobs in the farm's words (decision 044): on a 375 px phone the
// dashboard names "Incoming deliveries" (with how many wait), "Lend crates", "Take crates back" and
// "Send empties to the farm", each opening the screen where it is done; the crate tiles that look
// tappable are links to their lists.
import { expectAccessible, PHONE } from './support/a11y.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { expect, test } from './support/test.ts';
import { expectThumbSized } from './support/touch-targets.ts';

test("the agent's jobs and crate tiles open the screens where they are done (375 px)", async ({ browser }) => {
  const agent = await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  const farm = await signedInPage(browser, 'farm_store');
  const me = (await (await agent.page.request.get('/api/market-agents/me')).json()) as { id: number; userId: number };
  const f = farm.page.request;
  expect((await f.post('/api/farm-store/stock-adjustments', { data: { quantity: 20, reason: 'E2E' } })).ok()).toBe(
    true,
  );
  expect(
    (
      await f.post('/api/farm-store/opening-balances', {
        data: { marketAgentId: me.id, fullCrates: 6, emptyCrates: 4 },
      })
    ).ok(),
  ).toBe(true);
  const sent = await f.post('/api/transmissions', {
    data: { type: 'farm_to_market', marketAgentId: me.id, toUserId: me.userId, quantity: 3 },
  });
  expect(sent.ok()).toBe(true);
  await farm.page.context().close();

  const page = agent.page;
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Market Agent Dashboard' })).toBeVisible();
  const jobs = page.getByRole('navigation', { name: 'Your jobs' });
  const names = ['Incoming deliveries', 'Lend crates', 'Take crates back', 'Send empties to the farm'];
  for (const name of names) await expect(jobs.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(jobs.getByRole('link', { name: /^Incoming deliveries/ })).toContainText('1 to count');
  for (const link of await jobs.getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
  }
  await page.screenshot({ path: test.info().outputPath('agent-jobs-375.png'), fullPage: true });
  await expectAccessible(page, 'agent dashboard with its jobs');
  await expectThumbSized(page, 'agent dashboard with its jobs');

  // The tiles: a figure and where it is worked on.
  await expect(page.getByRole('link', { name: 'Empty crates: 4. Send to the farm' })).toHaveAttribute(
    'href',
    '/transmissions#send-empties',
  );
  await expect(page.getByRole('link', { name: 'Full crates: 6. Lend crates' })).toHaveAttribute('href', '/clients');
  await expect(page.getByTestId('stat-total-crates')).not.toHaveAttribute('href');

  // Each job opens its screen, at the part where it is done.
  await jobs.getByRole('link', { name: 'Send empties to the farm' }).click();
  await expect(page).toHaveURL('/transmissions#send-empties');
  await expect(page.getByRole('form', { name: 'Return empty crates' })).toBeInViewport();

  await page.goBack();
  await jobs.getByRole('link', { name: /^Incoming deliveries/ }).click();
  await expect(page).toHaveURL('/transmissions#incoming');
  await expect(page.getByTestId('incoming-transmission').first()).toBeInViewport();

  await page.goBack();
  await jobs.getByRole('link', { name: 'Lend crates' }).click();
  await expect(page).toHaveURL('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Empty crates: 4. Send to the farm' }).click();
  await expect(page).toHaveURL('/transmissions#send-empties');
});
