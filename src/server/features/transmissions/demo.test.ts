import { expect, it } from 'vitest';
import { sessionCookie } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const app = await buildTestApp({ demo: true });

const signIn = async (email: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  const cookie = sessionCookie(res);
  return (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
};

it('DEMO=1 gives agents in both markets, weeks of shipments and returns, a flagged difference', async () => {
  expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);
  const farm = await signIn('farm@demo.cratekeeper');
  const metrics = (await farm('/api/dashboard/farm-metrics')).json();
  const busyWeeks = metrics.weekly.filter((w: { sent: number; returned: number }) => w.sent > 0 && w.returned > 0);
  expect(busyWeeks.length).toBeGreaterThanOrEqual(10);
  expect(metrics.inTransit).toBeGreaterThan(0);
  const agents = (await farm('/api/market-agents')).json() as { marketName: string; totalCrates: number }[];
  expect(new Set(agents.map((a) => a.marketName))).toEqual(new Set(['Johannesburg Market', 'Pretoria Market']));
  expect(agents.every((a) => a.totalCrates > 0)).toBe(true);
  expect((await farm('/api/transmissions/flagged')).json()).toHaveLength(1);
  expect((await farm('/api/transmissions/pending-count')).json().count).toBe(1);
  const agent = await signIn('agent@demo.cratekeeper');
  expect((await agent('/api/transmissions/pending-count')).json().count).toBe(1);
  // Billing (decision 019): a completed and an active cycle with records, and the agent's earnings.
  const current = (await farm('/api/billing/current-cycle')).json();
  const last = (await farm('/api/billing/last-cycle')).json();
  expect(current).toMatchObject({ status: 'active', ratePerCrate: '0.40' });
  expect(last).toMatchObject({ status: 'completed', ratePerCrate: '0.35' });
  expect(current.totalCratesReturned).toBeGreaterThan(0);
  expect(last.totalCratesReturned).toBeGreaterThan(current.totalCratesReturned);
  expect((await agent('/api/market-agents/earnings')).json().totalEarnings).not.toBe('0.00');
  // The loss-rate charts have figures, and one agent is marked "Losing crates" (decision 070).
  const insights = (await farm('/api/insights/agents?weeks=12')).json();
  const marked = insights.agents.filter((a: { lossFlagged: boolean }) => a.lossFlagged);
  expect(marked.map((a: { agentName: string }) => a.agentName)).toEqual(['Johan Botha']);
  const publicMetrics = (await app.inject({ method: 'GET', url: '/api/public/farm-metrics' })).json();
  expect(publicMetrics.totalCrates).toBeGreaterThan(5000);
});
