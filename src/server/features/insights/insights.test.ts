// GET /api/insights/holdings, /agents and /forecast on a farm with sixteen weeks of history booked at
// their dates: the weeks add up, the turnaround and loss rates are the hand-computed ones, a steady agent
// gets a forecast with no error and a new one says it has too little history; who may see what.
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { json } from '../../../../tests/support/transmissions.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { lendCrates } from '../clients/service.ts';
import { adjustStock, enterOpeningBalance } from '../crates/service.ts';
import { acknowledgeTransmission, createTransmission } from '../transmissions/service.ts';
import { weekStarts } from './service.ts';

const { app, farm, agents, supplier } = await testFarm({
  agents: [{ businessName: 'Alpha Fresh' }, { businessName: 'Beta Veg' }],
  supplier: 'approved',
});
const [a, b] = agents;
const timeZone = app.config.farmTimezone;
const farmCaller = { id: farm.user.id, role: 'farm_store' as const, marketAgentId: null, supplierId: null };
const callerOf = (agent: typeof a) => ({
  id: agent.user.id,
  role: 'market_agent' as const,
  marketAgentId: agent.marketAgentId,
  supplierId: null,
});

/** This week's Monday and the 20 before it; `mondays[20 - k]` is the Monday `k` weeks ago. */
const mondays = weekStarts(farmToday(timeZone), 21);
const monday = (k: number) => mondays[20 - k]!;
/** 10:00 UTC (12:00 in Johannesburg) `days` after the Monday `k` weeks ago. */
const at = (k: number, days: number, hour = 10) =>
  new Date(`${addDaysIso(monday(k), days)}T${String(hour).padStart(2, '0')}:00:00Z`);
function addDaysIso(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function deliver(agent: typeof a, k: number, quantity: number) {
  const t = await createTransmission(
    app.db,
    farmCaller,
    { type: 'farm_to_market', marketAgentId: agent.marketAgentId, quantity },
    { at: at(k, 2, 9) },
  );
  await acknowledgeTransmission(app.db, callerOf(agent), t.id, null, { at: at(k, 2, 10) });
}

async function giveBack(agent: typeof a, k: number, quantity: number, damaged = 0) {
  const t = await createTransmission(
    app.db,
    callerOf(agent),
    { type: 'market_to_farm', quantity },
    { at: at(k, 4, 8) },
  );
  await acknowledgeTransmission(app.db, farmCaller, t.id, quantity, {
    at: at(k, 4, 10),
    ...(damaged > 0 ? { damage: { quantity: damaged, reason: 'Split' } } : {}),
  });
}

// Sixteen weeks ago: 5 000 crates bought and agent A's 2 000 empties on paper. Then every week from 14
// weeks ago to last week, 100 crates to A on Wednesday and 80 empties back on Friday (12 of them
// damaged in each of the last two weeks). B gets 60 two weeks ago, and 30 are on their way to it now.
await adjustStock(app.db, farmCaller, { quantity: 5000, reason: 'Bought crates' }, { at: at(16, 0) });
await enterOpeningBalance(
  app.db,
  farmCaller,
  { marketAgentId: a.marketAgentId, fullCrates: 0, emptyCrates: 2000 },
  { at: at(16, 0, 11) },
);
for (let k = 14; k >= 1; k--) {
  await deliver(a, k, 100);
  await giveBack(a, k, 80, k <= 2 ? 12 : 0);
}
await deliver(b, 2, 60);
// A lends 7 full crates to a client three weeks ago, on Tuesday: a loan overdue by now.
const client = await json(a, 'POST', '/api/clients', {
  businessName: 'Kasi Kitchen',
  clientName: 'Thabo',
  contactNumber: '082 555 0199',
});
expect(client.statusCode).toBe(201);
await lendCrates(
  app.db,
  callerOf(a),
  { clientId: client.json().id, quantityBorrowed: 7 },
  { loanOverdueDays: app.config.loanOverdueDays },
  { at: at(3, 1) },
);
const pending = await json(farm, 'POST', '/api/transmissions', {
  type: 'farm_to_market',
  marketAgentId: b.marketAgentId,
  toUserId: b.user.id,
  quantity: 30,
});
expect(pending.statusCode).toBe(201);
const farmStockNow = 5000 - 1400 + 1120 - 24 - 60 - 30;

describe('GET /api/insights/holdings', () => {
  it('says where the crates were at the end of each week, adding up to the total', async () => {
    const res = await json(farm, 'GET', '/api/insights/holdings?weeks=12');
    expect(res.statusCode).toBe(200);
    const { weeks } = res.json();
    expect(weeks.map((w: { weekStart: string }) => w.weekStart)).toEqual(mondays.slice(-12));
    for (const w of weeks) {
      expect(w.total).toBe(7000);
      expect(
        w.farm + w.inTransit + w.agentsFull + w.agentsEmpty + w.atClients + w.withSuppliers + w.missing + w.damaged,
      ).toBe(w.total);
    }
    // The end of the week 11 weeks ago: A has had four deliveries and sent back four lots of 80.
    expect(weeks[0]).toMatchObject({ farm: 4920, agentsFull: 400, agentsEmpty: 1680, inTransit: 0, damaged: 0 });
    expect(weeks[11]).toEqual({
      weekStart: monday(0),
      farm: farmStockNow,
      inTransit: 30,
      agentsFull: 1453,
      agentsEmpty: 880,
      atClients: 7,
      withSuppliers: 0,
      missing: 0,
      damaged: 24,
      total: 7000,
    });
    expect(weeks[10].damaged).toBe(24);
    expect(weeks[9].damaged).toBe(12);
  });

  it('validates weeks: 1 to 52, whole', async () => {
    for (const bad of ['0', '53', 'abc', '1.5', '-3']) {
      const res = await json(farm, 'GET', `/api/insights/holdings?weeks=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    const one = await json(farm, 'GET', '/api/insights/holdings?weeks=1');
    expect(one.json().weeks).toHaveLength(1);
    expect((await json(farm, 'GET', '/api/insights/holdings')).json().weeks).toHaveLength(12);
  });

  it('gives an agent only its own crates; 401 signed out, 403 for suppliers', async () => {
    const res = await json(a, 'GET', '/api/insights/holdings?weeks=12');
    expect(res.statusCode).toBe(200);
    const { weeks } = res.json();
    expect(weeks[0]).toMatchObject({ farm: 0, inTransit: 0, agentsFull: 400, agentsEmpty: 1680, total: 2080 });
    expect(weeks[11]).toMatchObject({ farm: 0, agentsFull: 1393, agentsEmpty: 880, atClients: 7, damaged: 0 });
    // The loan three weeks ago: 7 crates moved from A's full crates to its client, the total unchanged.
    expect(weeks[8]).toMatchObject({ agentsFull: 1200 - 7, atClients: 7 });
    expect(weeks[7]).toMatchObject({ agentsFull: 1100, atClients: 0 });
    const ofB = (await json(b, 'GET', '/api/insights/holdings?weeks=12')).json().weeks;
    expect(ofB[11]).toMatchObject({ agentsFull: 60, agentsEmpty: 0, inTransit: 0, total: 60 });
    expect(ofB[8]).toMatchObject({ agentsFull: 0, total: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/insights/holdings' })).statusCode).toBe(401);
    expect((await json(supplier, 'GET', '/api/insights/holdings')).statusCode).toBe(403);
  });
});

describe('GET /api/insights/agents', () => {
  it('gives turnaround matched oldest-first and weekly loss rates against the farm', async () => {
    const res = await json(farm, 'GET', '/api/insights/agents?weeks=12');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rowA = body.agents.find((r: { marketAgentId: number }) => r.marketAgentId === a.marketAgentId);
    // Every return matches the opening 2 000 (the oldest): days from 16 weeks ago Monday to each Friday;
    // the middle of fourteen equal returns is the one 8 weeks ago: 8 weeks and 4 days.
    expect(rowA.turnaround).toMatchObject({ medianDays: 60, cratesBack: 1120, stillOut: 2000 + 1400 - 1120 });
    expect(rowA.weeks).toHaveLength(12);
    expect(rowA.weeks[10]).toMatchObject({ received: 100, writtenOff: 12, lossRate: 0.12 });
    expect(rowA.weeks[11]).toMatchObject({ received: 0, writtenOff: 0, lossRate: null });
    expect(body.farm.weeks[10]).toMatchObject({ received: 100, writtenOff: 12, lossRate: 0.12 });
    expect(body.farm.weeks[9]).toMatchObject({ received: 160, writtenOff: 12, lossRate: 12 / 160 });
    expect(rowA.lossFlagged).toBe(false);
    // The client's loan is open longer than LOAN_OVERDUE_DAYS; the lend is no turnaround event.
    expect(rowA.overdueAtClients).toBe(7);
    expect(body.farm.overdueAtClients).toBe(7);
    expect(body.agents.map((r: { businessName: string }) => r.businessName)).toEqual(['Alpha Fresh', 'Beta Veg']);
  });

  it('gives an agent only its own row beside the farm, never another agent’s name', async () => {
    const res = await json(b, 'GET', '/api/insights/agents');
    expect(res.statusCode).toBe(200);
    expect(res.json().agents.map((r: { marketAgentId: number }) => r.marketAgentId)).toEqual([b.marketAgentId]);
    expect(res.body).not.toContain('Alpha Fresh');
    // The median agent, figure by figure: of A's 7 overdue crates and B's none, a median of two.
    const median = res.json().agentMedian;
    expect(median).toMatchObject({ turnaroundDays: 60, overdueAtClients: 3.5 });
    expect(median.weeks).toHaveLength(12);
    // Two weeks ago A lost 12 of 100 and B none of 60; last week only A received crates.
    expect(median.weeks[9]).toEqual({ weekStart: monday(2), lossRate: 0.06 });
    expect(median.weeks[10]).toEqual({ weekStart: monday(1), lossRate: 0.12 });
    expect(median.weeks[11].lossRate).toBeNull();
    expect(res.json().farm.weeks).toHaveLength(12);
    expect(res.json().overdueAfterDays).toBe(app.config.loanOverdueDays);
  });

  it('refuses suppliers and bad weeks', async () => {
    expect((await json(supplier, 'GET', '/api/insights/agents')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/insights/agents' })).statusCode).toBe(401);
    expect((await json(farm, 'GET', '/api/insights/agents?weeks=99')).statusCode).toBe(400);
  });
});

describe('GET /api/insights/forecast', () => {
  it('forecasts a steady agent with no error, and says a new one has too little history', async () => {
    const res = await json(farm, 'GET', '/api/insights/forecast');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weekStart).toBe(addDaysIso(monday(0), 7));
    const rowA = body.agents.find((r: { marketAgentId: number }) => r.marketAgentId === a.marketAgentId);
    expect(rowA.sent).toEqual({ status: 'forecast', nextWeek: 100, wape: 0 });
    expect(rowA.returned).toEqual({ status: 'forecast', nextWeek: 80, wape: 0 });
    const rowB = body.agents.find((r: { marketAgentId: number }) => r.marketAgentId === b.marketAgentId);
    expect(rowB.sent).toEqual({ status: 'too-little-history', weeksOfHistory: 2, weeksNeeded: 12 });
    expect(body.farm).toEqual({
      stock: farmStockNow,
      netOutPerDay: 20 / 7,
      stockLastsDays: Math.floor((farmStockNow * 7) / 20),
    });
  });

  it('gives an agent its own forecast only, without the farm’s stock; suppliers 403', async () => {
    const res = await json(a, 'GET', '/api/insights/forecast');
    expect(res.statusCode).toBe(200);
    expect(res.json().agents).toHaveLength(1);
    expect(res.json().farm).toBeNull();
    expect(res.body).not.toContain('Beta Veg');
    expect((await json(supplier, 'GET', '/api/insights/forecast')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/insights/forecast' })).statusCode).toBe(401);
  });
});
