// Reports: the screen's figures (checked against what was sent), the PDF's text, the billing
// statement, and every route's 400/401/403/404 cases.
import { eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import {
  acknowledge,
  addStock,
  enterOpeningBalance,
  json,
  registerAgent,
  registerApprovedSupplier,
  send,
} from '../../../../tests/support/transmissions.ts';
import { billingCycles, transmissions } from '../../db/schema/index.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';

const app = await buildTestApp();
const tz = app.config.farmTimezone;
const today = farmToday(tz);
const farm = await registerAs(app, 'farm_store');
const thandi = await registerAgent(app, { name: 'Thandi <b>Mokoena</b>' });
const sipho = await registerAgent(app, { name: 'Sipho Dlamini' });
const supplier = await registerApprovedSupplier(app);
await addStock(farm, 1000);
await enterOpeningBalance(farm, sipho, { emptyCrates: 40 });

// This period: Thandi gets 100 (counts 100) and 50 (pending); Sipho gets 30 (counts 28) and returns 20.
const t1 = await send(farm, thandi, 100);
await acknowledge(thandi, t1.id, 100);
await send(farm, thandi, 50);
const s1 = await send(farm, sipho, 30);
await acknowledge(sipho, s1.id, 28);
const back = await json(sipho, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 20 });
expect(back.statusCode).toBe(201);
await acknowledge(farm, back.json().id, 20);
// The previous period: one delivery of 10 to Thandi, sent 8 days ago.
const old = await send(farm, thandi, 10);
await app.db.update(transmissions).set({ sentAt: sql`now() - interval '8 days'` }).where(eq(transmissions.id, old.id));

const summaryOf = async (query = '') => {
  const res = await farm.inject({ method: 'GET', url: `/api/reports/summary${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const generate = (payload: object) => farm.inject({ method: 'POST', url: '/api/reports/generate', payload });

describe('GET /api/reports/summary', () => {
  it('computes the totals, changes, flow and agents of the last 7 days from the transmissions', async () => {
    const s = await summaryOf();
    expect(s.period).toEqual({ startDate: addDays(today, -6), endDate: today, days: 7 });
    expect(s.previousPeriod).toEqual({ startDate: addDays(today, -13), endDate: addDays(today, -7), days: 7 });
    // 4 transmissions: crates 100 + 50 + 28 + 20 = 198; 3 acknowledged.
    expect(s.totals).toEqual({
      totalTransmissions: 4,
      cratesMoved: 198,
      acknowledged: 3,
      completionRate: 75,
      activeAgents: 2,
    });
    expect(s.previous).toMatchObject({ totalTransmissions: 1, cratesMoved: 10, completionRate: 0, activeAgents: 1 });
    expect(s.changes).toEqual({ totalTransmissions: 300, cratesMoved: 1880, completionRate: 75, activeAgents: 100 });
    expect(s.newAgentsThisMonth).toBeGreaterThanOrEqual(2);
    expect(s.flow).toEqual({
      farmToMarket: { count: 3, share: 75 },
      marketToFarm: { count: 1, share: 25 },
      acknowledged: { count: 3, share: 75 },
    });
    expect(s.chart.bucketDays).toBe(1);
    expect(s.chart.bars).toHaveLength(7);
    expect(s.chart.bars[6]).toEqual({ startDate: today, delivered: 178, returned: 20 });
    const byName = Object.fromEntries(s.agents.map((a: { agentName: string }) => [a.agentName, a]));
    expect(byName['Sipho Dlamini']).toMatchObject({
      transmissions: 2,
      cratesDelivered: 28,
      cratesReturned: 20,
      fullCrates: 28,
      emptyCrates: 20,
      earningsEstimate: null,
    });
    expect(byName['Thandi <b>Mokoena</b>']).toMatchObject({ transmissions: 2, cratesDelivered: 150, fullCrates: 100 });
    expect(byName['Sipho Dlamini']).toMatchObject({ billedCrates: 0, billedAmount: '0.00', unbilledCrates: 20 });
    expect(s.billing).toEqual({
      billedCrates: 0,
      billedAmount: '0.00',
      unbilledReturns: 1,
      unbilledCrates: 20,
      totalEarnings: '0.00',
      totalPaid: '0.00',
      totalOwed: '0.00',
    });
    expect(s.cycle).toBeNull();
  });

  it('narrows to one agent and to given dates', async () => {
    const s = await summaryOf(`?selectedAgentId=${sipho.marketAgentId}`);
    expect(s.agent).toMatchObject({ id: sipho.marketAgentId, name: 'Sipho Dlamini' });
    expect(s.totals).toMatchObject({ totalTransmissions: 2, cratesMoved: 48, activeAgents: 1 });
    expect(s.agents).toHaveLength(1);
    // The farm-wide count of new agents is not one agent's figure.
    expect(s.newAgentsThisMonth).toBeNull();
    const week = await summaryOf(`?startDate=${addDays(today, -13)}&endDate=${addDays(today, -7)}&selectedAgentId=all`);
    expect(week.totals).toMatchObject({ totalTransmissions: 1, cratesMoved: 10 });
    expect(week.changes.totalTransmissions).toBeNull();
  });

  it('estimates earnings as empty crates × the active cycle rate', async () => {
    const [cycle] = await app.db
      .insert(billingCycles)
      .values({ startDate: addDays(today, -10), endDate: addDays(today, 20), ratePerCrate: '0.35' })
      .returning();
    try {
      const s = await summaryOf(`?selectedAgentId=${sipho.marketAgentId}`);
      expect(s.agents[0].earningsEstimate).toBe('7.00');
      expect(s.cycle).toMatchObject({ ratePerCrate: '0.35' });
    } finally {
      await app.db.delete(billingCycles).where(eq(billingCycles.id, cycle.id));
    }
  });

  it('refuses bad dates and agents (400), unknown agents (404), strangers (401) and other roles (403)', async () => {
    for (const q of [
      '?startDate=2026-02-30',
      '?startDate=yesterday',
      `?startDate=${today}&endDate=${addDays(today, -1)}`,
      `?startDate=${addDays(today, -400)}&endDate=${today}`,
      '?selectedAgentId=abc',
      '?selectedAgentId=0',
    ]) {
      const res = await farm.inject({ method: 'GET', url: `/api/reports/summary${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await farm.inject({ method: 'GET', url: '/api/reports/summary?selectedAgentId=999999' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/api/reports/summary' })).statusCode).toBe(401);
    expect((await thandi.inject({ method: 'GET', url: '/api/reports/summary' })).statusCode).toBe(403);
    expect((await supplier.inject({ method: 'GET', url: '/api/reports/summary' })).statusCode).toBe(403);
  });
});

describe('POST /api/reports/generate', () => {
  it('answers a PDF named by type and today, whose text carries the figures', async () => {
    const res = await generate({
      reportType: 'weekly',
      dateRange: { startDate: '', endDate: '' },
      selectedAgentId: 'all',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="weekly-report-${today}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, totalPages } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    // The figures fill the first page; damaged and missing crates (decision 056) follow on a second.
    expect(totalPages).toBe(2);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Weekly report');
    expect(flat).toContain('Page 1 of 2');
    expect(flat).toContain('Damaged and missing crates Marked damaged 0 crates');
    expect(flat).toContain('All agents');
    expect(flat).toContain('Total transmissions 4');
    expect(flat).toContain('Crates moved 198');
    expect(flat).toContain('Completion rate 75%');
    expect(flat).toContain('+300% vs last period');
    expect(flat).toContain('Transmission Flow Analysis');
    expect(flat).toMatch(/Farm to market 3 75%/);
    expect(flat).toMatch(/Market to farm 1 25%/);
    expect(flat).toMatch(/Acknowledged 3 75%/);
    // Billed and owed from billing lines (Sipho's return waits unbilled: no cycle), then the estimate.
    expect(flat).toMatch(/Sipho Dlamini \(\S+\) 2 28 20 28 20 R\s0\.00 R\s0\.00 -/);
    expect(flat).toContain('Not yet in a billing cycle 20 crates 1 return this period');
    expect(flat).toMatch(/\+\d+ new this month/);
    expect(flat).toContain('Thandi <b>Mokoena</b>');
    expect(flat).toContain('Crates moved per day');
  });

  it('makes a monthly or custom report for one agent, named by its type', async () => {
    const res = await generate({
      reportType: 'custom',
      dateRange: { startDate: addDays(today, -30), endDate: today },
      selectedAgentId: thandi.marketAgentId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`custom-report-${today}.pdf`);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('Total transmissions 3');
    expect(text).not.toContain('Sipho');
    // One agent's report: its own billing in the fourth box, no farm-wide count of agents.
    expect(text).not.toContain('new this month');
    expect(text).not.toContain('Active agents');
  });

  it('answers 404 for the billing statement without an active cycle', async () => {
    const res = await generate({ reportType: 'billing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No active billing cycle' });
  });

  it('refuses bad bodies (400), signed-out callers (401) and other roles (403)', async () => {
    for (const body of [
      {},
      { reportType: 'yearly' },
      { reportType: 'weekly', dateRange: { startDate: '2026-13-01' } },
      { reportType: 'weekly', dateRange: { startDate: today, endDate: addDays(today, -3) } },
      { reportType: 'weekly', selectedAgentId: 'everyone' },
      { reportType: 'weekly', selectedAgentId: -4 },
      { reportType: 'weekly', dateRange: 'last week' },
    ]) {
      const res = await generate(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await generate({ reportType: 'weekly', selectedAgentId: 99_999 })).statusCode).toBe(404);
    const payload = { reportType: 'weekly' };
    expect((await app.inject({ method: 'POST', url: '/api/reports/generate', payload })).statusCode).toBe(401);
    expect((await thandi.inject({ method: 'POST', url: '/api/reports/generate', payload })).statusCode).toBe(403);
    expect((await supplier.inject({ method: 'POST', url: '/api/reports/generate', payload })).statusCode).toBe(403);
  });
});

describe('GET /api/reports/my-weekly', () => {
  it("shows an agent its own week, and no one else's", async () => {
    const res = await sipho.inject({ method: 'GET', url: '/api/reports/my-weekly' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      agent: { id: sipho.marketAgentId, name: 'Sipho Dlamini' },
      transmissions: { total: 2, received: 1, cratesReceived: 28, returned: 1, cratesReturned: 20, pending: 0 },
      crates: { full: 28, empty: 20, withClients: 0 },
      earnings: { totalEarnings: '0.00', ratePerCrate: null, emptyCratesValue: null },
    });
    expect((await farm.inject({ method: 'GET', url: '/api/reports/my-weekly' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/reports/my-weekly' })).statusCode).toBe(401);
  });
});

// Last in the file: it adds an agent and a transmission that the figures above do not count.
describe('a removed agent in the summary (decision 039)', () => {
  it('is listed while it has transmissions in the period, with isActive false', async () => {
    const leaving = await registerAgent(app, { name: 'Lerato Leaving' });
    await send(farm, leaving, 5);
    const row = async () =>
      (await summaryOf()).agents.find((a: { marketAgentId: number }) => a.marketAgentId === leaving.marketAgentId);
    expect(await row()).toMatchObject({ agentName: 'Lerato Leaving', isActive: true, transmissions: 1 });
    expect((await farm.inject({ method: 'DELETE', url: `/api/admin/users/${leaving.user.id}` })).statusCode).toBe(200);
    expect(await row()).toMatchObject({ agentName: 'Lerato Leaving', isActive: false, transmissions: 1 });
    expect(
      (await summaryOf()).agents.find((a: { agentName: string }) => a.agentName === 'Sipho Dlamini'),
    ).toMatchObject({ isActive: true });
  });

  it("comes last in the report's PDF, under 'Removed by the farm store' (decision 047)", async () => {
    const res = await generate({
      reportType: 'weekly',
      dateRange: { startDate: '', endDate: '' },
      selectedAgentId: 'all',
    });
    expect(res.statusCode, res.body).toBe(200);
    const flat = (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text.replace(/\s+/g, ' ');
    const label = flat.indexOf('Removed by the farm store (User Management can restore them):');
    expect(label).toBeGreaterThan(flat.indexOf('Sipho Dlamini (MA-'));
    expect(flat.indexOf('Lerato Leaving (MA-')).toBeGreaterThan(label);
  });
});
