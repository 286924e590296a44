// Crates at a glance on the demo farm (decision 070): the farm dashboard's weekly chart of
// where the crates were renders with data, its table view shows the figures the chart draws (the API's),
// its CSV holds the same, and the forecast card gives each agent next week's crates with the error and
// the farm's stock line. At 375 px and on a desktop, with axe. Market Agents' loss-rate trend starts on
// the agent marked "Losing crates"; that agent's own dashboard shows its figures against the farm's
// median, never another agent's name, its trend's table matching the API, in isiZulu too.
import { readFile } from 'node:fs/promises';
import type { AgentInsightsResponse, ForecastResponse, HoldingsResponse } from '../../src/shared/insights.ts';
import { DESKTOP, expectAccessible, expectNoSidewaysScroll, PHONE, settled } from './support/a11y.ts';
import { json } from './support/api.ts';
import { newPage } from './support/crates.ts';
import { expect, type Page, test } from './support/test.ts';

const DEMO_PASSWORD = 'demo1234';
const FARM = 'farm@demo.cratekeeper';
const BOTHA = 'agent.botha@demo.cratekeeper';
const KINDS = ['farm', 'inTransit', 'agentsFull', 'agentsEmpty', 'atClients', 'withSuppliers', 'missing', 'damaged'];

/** The spec's farm holds the demo farm: restarted once with DEMO=1 on its still empty database. */
async function demoFarm(farm: { baseURL: string; restart: (env: Record<string, string>) => Promise<void> }) {
  const probe = await fetch(`${farm.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: FARM, password: DEMO_PASSWORD }),
  });
  if (probe.status !== 200) await farm.restart({ DEMO: '1' });
}

const formatted = (n: number) => new Intl.NumberFormat('en-ZA').format(n).replace(/\s/g, ' ');
const digits = (text: string) => Number(text.replace(/[^\d-]/g, ''));

async function openInsights(page: Page) {
  await page.goto('/');
  await settled(page, 'Farm Store Dashboard');
  // The section loads after the first figures, below the fold: its chart comes in its own chunk.
  const chart = page.getByRole('figure', { name: /where the farm's crates were/ });
  await expect(chart).toHaveCount(1);
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toBeVisible();
  // The chart draws its areas (recharts' SVG) and names each kind of place in its legend.
  await expect(chart.locator('path.recharts-area-area').first()).toBeVisible();
  for (const label of ['At the farm', 'With agents, full', 'Written off, damaged']) {
    await expect(chart.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('forecast-table')).toBeVisible();
}

test.beforeEach(async ({ farm }) => {
  await demoFarm(farm);
});

for (const [width, viewport] of [
  ['375 px', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`the weekly chart, its table and CSV say the same figures; the forecast card (${width})`, async ({
    browser,
  }) => {
    const page = await newPage(browser, { viewport, acceptDownloads: true });
    await json(page.request.post('/api/auth/login', { data: { email: FARM, password: DEMO_PASSWORD } }));
    await openInsights(page);
    const holdings = await json<HoldingsResponse>(page.request.get('/api/insights/holdings?weeks=12'));
    expect(holdings.weeks).toHaveLength(12);
    // Twelve weeks of history on a first start: crates with the agents in every week.
    for (const w of holdings.weeks) expect(w.agentsFull + w.agentsEmpty).toBeGreaterThan(0);
    await expectAccessible(page, `farm dashboard, insights chart (${width})`);

    await page.getByText('Table', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Table' })).toBeChecked();
    const table = page.getByTestId('holdings-table');
    await expect(table).toBeVisible();
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(12);
    for (const [i, w] of holdings.weeks.entries()) {
      const row = rows.nth(i);
      await expect(row).toHaveAttribute('data-week', w.weekStart);
      for (const kind of KINDS) {
        await expect(row.locator(`[data-kind="${kind}"]`)).toHaveText(formatted(w[kind as keyof typeof w] as number));
      }
      await expect(row.locator('[data-kind="total"]')).toHaveText(formatted(w.total));
    }
    await expectAccessible(page, `farm dashboard, insights table (${width})`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('where-the-crates-are.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toContain('Week of');
    expect(lines.slice(1).map((l) => l.split(',').map((c, j) => (j === 0 ? c : digits(c))))).toEqual(
      holdings.weeks.map((w) => [w.weekStart, ...KINDS.map((k) => w[k as keyof typeof w]), w.total]),
    );

    const forecast = await json<ForecastResponse>(page.request.get('/api/insights/forecast'));
    expect(forecast.agents.length).toBeGreaterThan(1);
    const forecastRows = page.getByTestId('forecast-table').locator('tbody tr');
    await expect(forecastRows).toHaveCount(forecast.agents.length);
    // The demo's agents have fourteen weeks of history: each gets a forecast, with its error.
    const first = forecast.agents[0]!;
    expect(first.sent.status).toBe('forecast');
    await expect(forecastRows.first()).toContainText(first.agentName);
    await expect(forecastRows.first()).toContainText(/\(error \d+ %\)/);
    await expect(page.getByTestId('stock-lasts')).toContainText(/Stock lasts about \d+ days|not running down/);
    await page.close();
  });
}

test('Market Agents: turnaround and losses per agent, grouped by business and sorted by a figure', async ({
  browser,
}) => {
  const page = await newPage(browser, { viewport: PHONE });
  await json(page.request.post('/api/auth/login', { data: { email: FARM, password: DEMO_PASSWORD } }));
  await page.goto('/market-agents');
  await settled(page, 'Market Agents');
  const table = page.getByTestId('agent-insights');
  await table.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('agent-insight-row')).toHaveCount(4);
  // The demo's two Mokoena Agri Traders agents share a group.
  const group = table.locator('tbody').filter({ hasText: 'Mokoena Agri Traders' });
  await expect(group.getByTestId('agent-insight-row')).toHaveCount(2);
  await expectAccessible(page, 'Market Agents, turnaround and losses (375 px)');

  const figures = await json<{ agents: { agentName: string; businessName: string; overdueAtClients: number }[] }>(
    page.request.get('/api/insights/agents?weeks=12'),
  );
  const sipho = figures.agents.find((a) => a.agentName === 'Sipho Dlamini')!;
  const row = page.getByTestId('agent-insight-row').filter({ hasText: 'Sipho Dlamini' });
  await expect(row.locator('[data-figure="overdue"]')).toHaveText(String(sipho.overdueAtClients));
  await expect(row.locator('[data-figure="turnaround"]')).toHaveText(/\d+ days?/);

  // The loss-rate trend starts on the agent marked "Losing crates" (the demo's Johan Botha).
  const trend = page.getByRole('region', { name: 'Loss rate week by week' });
  await trend.scrollIntoViewIfNeeded();
  await expect(trend.getByLabel('Agent shown').locator('option:checked')).toHaveText('Johan Botha — Losing crates');
  await expect(trend.getByRole('figure').locator('path.recharts-line-curve').first()).toBeVisible();

  await page.getByLabel('Sort agents by').selectOption({ label: 'Crates still out' });
  await expect(page.getByLabel('Sort agents by')).toHaveValue('stillOut');
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, 'Market Agents, turnaround and losses (desktop)');
  await page.close();
});

test("the agent's own figures against the farm's median, its loss-rate table, in isiZulu too (375 px)", async ({
  browser,
}) => {
  const page = await newPage(browser, { viewport: PHONE, acceptDownloads: true });
  await json(page.request.post('/api/auth/login', { data: { email: BOTHA, password: DEMO_PASSWORD } }));
  const mine = await json<AgentInsightsResponse>(page.request.get('/api/insights/agents?weeks=12'));
  expect(mine.agents.map((a) => a.agentName)).toEqual(['Johan Botha']);
  await page.goto('/');
  await settled(page, 'Market Agent Dashboard');
  // At the foot of the dashboard, loaded when it comes near.
  const figures = page.getByRole('region', { name: 'How your crates compare' });
  await figures.scrollIntoViewIfNeeded();
  await expect(figures.getByTestId('my-loss-flag')).toContainText('Losing crates');
  await expect(figures.locator('[data-figure="overdue"] [data-value]')).toHaveText(
    String(mine.agents[0]!.overdueAtClients),
  );
  await expect(figures.locator('[data-figure="turnaround"] [data-median]')).toHaveText(/^Farm median: /);
  await expect(figures.getByTestId('my-forecast')).toContainText(/Crates coming to you\s*\d+ \(error \d+ %\)/);
  const trend = page.getByRole('region', { name: 'Your loss rate week by week' });
  await trend.scrollIntoViewIfNeeded();
  await expect(trend.getByRole('figure').locator('path.recharts-line-curve').first()).toBeVisible();
  await expectAccessible(page, "agent's own insights, chart (375 px)");

  // The table says the chart's figures: the agent's rate and the median agent's, week by week.
  await trend.getByText('Table', { exact: true }).click();
  const rows = trend.getByTestId('loss-trend-table').locator('tbody tr');
  await expect(rows).toHaveCount(12);
  const pct = (rate: number | null) => (rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1)} %`);
  for (const [i, m] of mine.agentMedian.weeks.entries()) {
    await expect(rows.nth(i).locator('[data-line="own"]')).toHaveText(pct(mine.agents[0]!.weeks[i]!.lossRate));
    await expect(rows.nth(i).locator('[data-line="other"]')).toHaveText(pct(m.lossRate));
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    trend.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('my-loss-rate.csv');
  await expectAccessible(page, "agent's own insights, table (375 px)");
  // Never another agent's name.
  for (const other of ['Sipho Dlamini', 'Lerato Mokoena', 'Naledi Khumalo']) {
    await expect(page.getByText(other)).toHaveCount(0);
  }

  // In the agent's language: the same section in isiZulu.
  await json(page.request.put('/api/auth/me/language', { data: { language: 'zu' } }));
  await page.reload();
  const zulu = page.getByRole('region', { name: 'Amabhokisi akho aqhathaniswa kanjani' });
  await zulu.scrollIntoViewIfNeeded();
  await expect(zulu.getByTestId('my-loss-flag')).toContainText('Ulahlekelwa amabhokisi');
  await expectNoSidewaysScroll(page, "agent's own insights in isiZulu (375 px)");
  await json(page.request.put('/api/auth/me/language', { data: { language: 'en' } }));
  await page.close();
});
