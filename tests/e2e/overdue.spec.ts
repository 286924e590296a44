// Overdue loans escalate and stock takes on the Market Agents screen (decision
// 054), on the demo farm (DEMO=1: the app cannot back-date a loan, the demo writes one lent three weeks
// ago): the farm sees each agent's crates overdue at clients; the agent's Clients screen lists its
// overdue client first; the farm store starts a stock take for one of its agents and reads that
// agent's history and loss rate once a difference is accepted. At 375 px and on a desktop, with axe.

import type { CurrentStockTake, StockTakeCount } from '../../src/shared/stock-takes.ts';
import { DESKTOP, expectAccessible, PHONE, settled } from './support/a11y.ts';
import { json } from './support/api.ts';
import { newPage } from './support/crates.ts';
import { type Browser, expect, type Page, test } from './support/test.ts';

const DEMO_PASSWORD = 'demo1234';
const FARM = 'farm@demo.cratekeeper';
const AGENT = 'agent@demo.cratekeeper';

/** The spec's farm holds the demo farm: restarted once with DEMO=1 on its still empty database. */
async function demoFarm(farm: { baseURL: string; restart: (env: Record<string, string>) => Promise<void> }) {
  const probe = await fetch(`${farm.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: FARM, password: DEMO_PASSWORD }),
  });
  if (probe.status !== 200) await farm.restart({ DEMO: '1' });
}

async function signedIn(browser: Browser, email: string, viewport = PHONE): Promise<Page> {
  const page = await newPage(browser, { viewport });
  await json(page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } }));
  return page;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test.beforeEach(async ({ farm }) => {
  await demoFarm(farm);
});

test('the farm sees crates overdue at clients per agent; the agent lists its overdue client first', async ({
  browser,
}) => {
  const page = await signedIn(browser, FARM);
  await page.goto('/market-agents');
  await settled(page, 'Market Agents');
  // Mama Thandi Fresh: 6 lent three weeks ago, 2 back: 4 crates out on one overdue loan.
  await expect(card(page, 'Sipho Dlamini').getByTestId('overdue-at-clients')).toHaveText(
    'Overdue at clients: 4 crates · 1 client',
  );
  await expect(card(page, 'Lerato Mokoena').getByTestId('overdue-at-clients')).toHaveText('Overdue at clients: none');
  await expectAccessible(page, 'Market Agents, overdue at clients (375 px)');
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, 'Market Agents, overdue at clients (desktop)');

  const agent = await signedIn(browser, AGENT);
  await agent.goto('/clients');
  await settled(agent, 'Clients');
  // Overdue first, although 'Kasi Kitchen' comes before it by name.
  const first = agent.getByTestId('client-card').first();
  await expect(first).toHaveAccessibleName('Mama Thandi Fresh');
  await expect(first.getByText('Overdue: oldest loan out 21 days')).toBeVisible();
});

test('the farm store starts a stock take for one agent and reads its history and loss rate', async ({ browser }) => {
  const page = await signedIn(browser, FARM);
  await page.goto('/market-agents');
  await settled(page, 'Market Agents');

  const active = (await json<unknown[]>(page.request.get('/api/market-agents/for-transmission'))).length;
  expect(active).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Start a stock take' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a stock take' });
  const scope = dialog.getByTestId('stock-take-scope');
  await expect(scope).toContainText(`Every active market agent (${active}) will be asked to count`);
  await expect(dialog.getByRole('button', { name: `Start for ${active} agents` })).toBeVisible();
  await dialog.getByLabel('Agents to count').click();
  // The agent picker's row names the agent and its number (the loss trend's own picker names only the agent).
  await page.getByRole('option', { name: /^Sipho Dlamini \(MA-/ }).click();
  await expect(scope).toContainText('1 agent will be asked to count: Sipho Dlamini');
  // Closes the list of agents, not the dialog.
  await dialog.getByText('Leave empty for every active market agent.').click();
  await expectAccessible(page, 'Start a stock take (375 px)');
  await dialog.getByRole('button', { name: 'Start for 1 agent' }).click();
  await expect(toast(page, 'Stock take started')).toBeVisible();
  await expect(dialog).toBeHidden();

  const open = await json<StockTakeCount[]>(page.request.get('/api/stock-takes/counts?state=open'));
  expect(open.map((c) => c.agentName)).toEqual(['Sipho Dlamini']);
  // What was written off before (the demo farm's damaged returns): the stock take adds its 2.
  const before = await json<{ cratesWrittenOff: number }>(
    page.request.get(`/api/stock-takes/agents/${open[0].marketAgentId}`),
  );

  // The agent counts two full crates short (through the API: its screen has its own journey).
  const agent = await signedIn(browser, AGENT);
  const current = await json<CurrentStockTake>(agent.request.get('/api/stock-takes/current'));
  const expected = (kind: string) => current.toCount.find((l) => l.holderKind === kind)?.expected ?? 0;
  expect(expected('full')).toBeGreaterThanOrEqual(2);
  await json(
    agent.request.put(`/api/stock-takes/counts/${current.count!.id}/submit`, {
      data: {
        fullCrates: expected('full') - 2,
        emptyCrates: expected('empty'),
        clients: current.toCount
          .filter((l) => l.holderKind === 'client')
          .map((l) => ({ clientId: l.clientId, counted: l.expected })),
      },
    }),
  );

  // The farm store accepts the difference on its screen; the card's history shows it and the loss.
  await page.reload();
  await settled(page, 'Market Agents');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Difference accepted and booked')).toBeVisible();
  await card(page, 'Sipho Dlamini').getByRole('button', { name: 'Stock takes: Sipho Dlamini' }).click();
  const history = page.getByRole('dialog', { name: 'Stock takes: Sipho Dlamini' });
  await expect(history.getByTestId('stock-take-entry')).toHaveCount(1);
  await expect(history.getByTestId('stock-take-entry')).toContainText('Resolved');
  await expect(history.getByTestId('stock-take-entry')).toContainText('Full crates: 2 missing · accepted');
  await expect(history.getByTestId('loss-rate')).toContainText(
    new RegExp(`Loss rate\\d+\\.\\d%${before.cratesWrittenOff + 2} crates written off of \\d+ handled`),
  );
  await expectAccessible(page, 'Stock takes of an agent (375 px)');
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, 'Stock takes of an agent (desktop)');

  // Another agent was not asked to count: its history is empty.
  await history.getByRole('button', { name: 'Close' }).click();
  await card(page, 'Lerato Mokoena').getByRole('button', { name: 'Stock takes: Lerato Mokoena' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Stock takes: Lerato Mokoena' }).getByText('No stock take yet.'),
  ).toBeVisible();
});
