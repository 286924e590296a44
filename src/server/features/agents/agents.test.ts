import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { acknowledge, addStock, json, registerAgent, send } from '../../../../tests/support/transmissions.ts';
import { returnRate, stockLevel } from '../../../shared/agents.ts';
import { audiences, recordChange } from '../../lib/changes.ts';

const { app, farm, supplier } = await testFarm({ supplier: 'registered' });
const jhb = await registerAgent(app, { businessName: 'Jozi Fresh', contactNumber: '082 111 1111' });
const pta = await registerAgent(app, { marketLocation: 'Pretoria Market', businessName: 'Tshwane Veg' });
await addStock(farm, 1000);
await json(farm, 'POST', '/api/farm-store/opening-balances', { marketAgentId: jhb.marketAgentId, emptyCrates: 20 });
const shipment = await send(farm, jhb, 100);
await acknowledge(jhb, shipment.id, 100);
// Returns count towards the return rate and earnings only within a billing cycle (spec §9, decisions 019,
// 024): one covering any day the test runs on.
await json(farm, 'POST', '/api/billing/create-cycle', {
  startDate: '2000-01-01',
  endDate: '2100-12-31',
  ratePerCrate: '0.35',
});
const back = await json(jhb, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 20 });
await acknowledge(farm, back.json().id, 20);

describe('GET /api/market-agents', () => {
  it('lists every agent with the spec fields, crate counts and return rate', async () => {
    const res = await json(farm, 'GET', '/api/market-agents');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    const j = rows.find((r) => r.id === jhb.marketAgentId)!;
    expect(j).toMatchObject({
      userId: jhb.user.id,
      agentName: jhb.user.name,
      agentEmail: jhb.user.email,
      businessName: 'Jozi Fresh',
      marketName: 'Johannesburg Market',
      marketLocation: 'Johannesburg Market',
      location: 'Johannesburg',
      contactNumber: '082 111 1111',
      bankName: null,
      fullCrates: 100,
      emptyCrates: 0,
      cratesWithClients: 0,
      totalCrates: 100,
      cratesReturned: 20,
      returnRate: 17, // 20 / (20 + 100)
      stockLevel: 'Well Stocked',
      isActive: true,
    });
    expect(j.agentNumber).toMatch(/^MA-\d{4}$/);
    const p = rows.find((r) => r.id === pta.marketAgentId)!;
    expect(p).toMatchObject({ totalCrates: 0, returnRate: 0, stockLevel: 'No Stock', marketName: 'Pretoria Market' });
  });

  it('is for the farm store only', async () => {
    expect((await json(jhb, 'GET', '/api/market-agents')).statusCode).toBe(403);
    expect((await json(supplier, 'GET', '/api/market-agents')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/market-agents' })).statusCode).toBe(401);
  });
});

describe('GET /api/market-agents/me and /earnings', () => {
  it('gives the agent its own record and earnings as a decimal string', async () => {
    const me = await json(jhb, 'GET', '/api/market-agents/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: jhb.marketAgentId, fullCrates: 100, totalCrates: 100 });
    const earnings = await json(jhb, 'GET', '/api/market-agents/earnings');
    expect(earnings.statusCode).toBe(200);
    expect(earnings.json()).toEqual({ totalEarnings: '7.00', totalPaid: '0.00', totalOwed: '7.00' }); // 20 × R0.35
  });

  it('is for market agents only', async () => {
    for (const url of ['/api/market-agents/me', '/api/market-agents/earnings']) {
      expect((await json(farm, 'GET', url)).statusCode).toBe(403);
      expect((await json(supplier, 'GET', url)).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/market-agents/for-transmission', () => {
  /** Behind the services' back, so it says what changed, as a script must (the read cache, decision 032). */
  const setActive = (userId: number, active: boolean) =>
    app.db.transaction(async (tx) => {
      await tx.execute(sql`update users set is_active = ${active} where id = ${userId}`);
      await recordChange(tx, { tags: ['users'], audience: [audiences.farmStore], audit: false });
    });

  it('lists active agents for the farm store’s picker', async () => {
    const res = await json(farm, 'GET', '/api/market-agents/for-transmission');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(Object.keys(res.json()[0]).sort()).toEqual(
      ['id', 'userId', 'agentName', 'agentNumber', 'businessName', 'marketName'].sort(),
    );
    await setActive(pta.user.id, false);
    expect((await json(farm, 'GET', '/api/market-agents/for-transmission')).json()).toHaveLength(1);
    const toInactive = await json(farm, 'POST', '/api/transmissions', {
      type: 'farm_to_market',
      marketAgentId: pta.marketAgentId,
      quantity: 1,
    });
    expect(toInactive.statusCode).toBe(404);
    await setActive(pta.user.id, true);
    expect((await json(jhb, 'GET', '/api/market-agents/for-transmission')).statusCode).toBe(403);
  });
});

describe('stock level and return rate (spec §4, §9)', () => {
  it('follows the thresholds', () => {
    expect(stockLevel(0, 0)).toBe('No Stock');
    expect(stockLevel(71, 100)).toBe('Well Stocked');
    expect(stockLevel(70, 100)).toBe('Moderate Stock');
    expect(stockLevel(41, 100)).toBe('Moderate Stock');
    expect(stockLevel(40, 100)).toBe('Low Stock');
    expect(stockLevel(11, 100)).toBe('Low Stock');
    expect(stockLevel(10, 100)).toBe('Critical');
    expect(returnRate(0, 0)).toBe(0);
    expect(returnRate(1, 2)).toBe(33);
    expect(returnRate(1, 1)).toBe(50);
  });
});
