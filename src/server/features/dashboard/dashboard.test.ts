import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import {
  acknowledge,
  addStock,
  json,
  registerAgent,
  registerApprovedSupplier,
  send,
} from '../../../../tests/support/transmissions.ts';

const app = await buildTestApp();

// Taken before any crates exist (top-level code runs before the tests).
const emptyFarmMetrics = await app.inject({ method: 'GET', url: '/api/public/farm-metrics' });

describe('GET /api/public/farm-metrics', () => {
  it('is public and starts at zero', async () => {
    expect(emptyFarmMetrics.statusCode).toBe(200);
    expect(emptyFarmMetrics.json()).toEqual({ totalCrates: 0, atMarkets: 0 });
  });
});

const farm = await registerAs(app, 'farm_store');
const agent = await registerAgent(app);
const supplier = await registerApprovedSupplier(app);
await addStock(farm, 500);
const t1 = await send(farm, agent, 100);
await acknowledge(agent, t1.id, 97);
await send(farm, agent, 50); // still in transit
await json(farm, 'POST', '/api/farm-store/opening-balances', { marketAgentId: agent.marketAgentId, emptyCrates: 30 });
const ret = await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 30 });
await acknowledge(farm, ret.json().id, 30);
const req = await json(supplier, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 10 });
await acknowledge(farm, req.json().id, 10);
// farm 500 − 100 − 50 + 30 − 10 = 370; transit 50; agent full 97; written off 3; supplier 10.

describe('GET /api/dashboard/farm-metrics', () => {
  it('says where every crate is and gives 12 weeks of flow', async () => {
    const res = await json(farm, 'GET', '/api/dashboard/farm-metrics');
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      farm: 370,
      inTransit: 50,
      atMarketsFull: 97,
      atMarketsEmpty: 0,
      withClients: 0,
      withSuppliers: 10,
      writtenOff: 3,
      totalCrates: 527,
      atMarkets: 97,
    });
    expect(m.weekly).toHaveLength(12);
    const weeks = m.weekly.map((w: { weekStart: string }) => w.weekStart);
    expect(weeks).toEqual([...weeks].sort());
    expect(new Date(`${weeks[0]}T12:00:00Z`).getUTCDay()).toBe(1); // Mondays
    const thisWeek = m.weekly[11];
    expect(thisWeek).toMatchObject({ sent: 150, returned: 30 });
  });

  it('reconciles with the stock history: brought in − written off as damaged − short on counts = total', async () => {
    const before = (await json(farm, 'GET', '/api/dashboard/farm-metrics')).json();
    expect(before.damagedWrittenOff).toBe(0);
    await addStock(farm, -20, 'Crates crushed on the truck');
    const m = (await json(farm, 'GET', '/api/dashboard/farm-metrics')).json();
    expect(m).toMatchObject({
      damagedWrittenOff: 20,
      writtenOff: before.writtenOff, // counted differences are not damage
      farm: before.farm - 20,
      totalCrates: before.totalCrates - 20,
    });
    const history = (await json(farm, 'GET', '/api/farm-store/stock-adjustments?limit=500')).json() as {
      quantity: number;
    }[];
    const broughtIn = history.filter((e) => e.quantity > 0).reduce((sum, e) => sum + e.quantity, 0);
    const writtenOff = history.filter((e) => e.quantity < 0).reduce((sum, e) => sum - e.quantity, 0);
    expect(writtenOff).toBe(m.damagedWrittenOff);
    expect(broughtIn - m.damagedWrittenOff - m.writtenOff).toBe(m.totalCrates);
    await addStock(farm, 20, 'Replacement crates'); // leave the later tests' figures as they were
  });

  it('is for the farm store only', async () => {
    expect((await json(agent, 'GET', '/api/dashboard/farm-metrics')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/dashboard/farm-metrics' })).statusCode).toBe(401);
  });
});

describe('GET /api/public/farm-metrics with crates', () => {
  it('gives the real totals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/public/farm-metrics' });
    expect(res.json()).toEqual({ totalCrates: 527, atMarkets: 97 });
  });
});

describe('GET /api/dashboard', () => {
  it('farm store: stock, counts, crate positions, 5 recent transmissions', async () => {
    const res = await json(farm, 'GET', '/api/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'farm_store',
      stock: 370,
      flaggedCount: 1,
      pendingCount: 0,
      activeAgents: 1,
      metrics: { farm: 370, inTransit: 50 },
    });
    expect(res.json().recentTransmissions).toHaveLength(4);
  });

  it('market agent: crates, earnings, pending, recent', async () => {
    const res = await json(agent, 'GET', '/api/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'market_agent',
      marketAgentId: agent.marketAgentId,
      crates: { fullCrates: 97, emptyCrates: 0, cratesWithClients: 0, totalCrates: 97 },
      totalEarnings: '0.00',
      pendingCount: 1,
    });
    expect(res.json().recentTransmissions).toHaveLength(3);
  });

  it('supplier: crates issued and requests', async () => {
    const res = await json(supplier, 'GET', '/api/dashboard');
    expect(res.json()).toMatchObject({ role: 'supplier', crates: 10, pendingRequests: 0, pendingCount: 0 });
    expect(res.json().recentTransmissions).toHaveLength(1);
  });

  it('401 signed out', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
