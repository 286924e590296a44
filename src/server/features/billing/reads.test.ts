import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { acknowledge, enterOpeningBalance, json, registerAgent } from '../../../../tests/support/transmissions.ts';
import { agentEarnings, currentCycle, cycleTotalsByAgent, cycleWithDates, lastCycle } from './reads.ts';

const { app, farm } = await testFarm({ stock: 100 });

describe('billing read API', () => {
  it('finds no cycle on a new farm and zero earnings for an agent without lines', async () => {
    const agent = await registerAgent(app);
    expect(await currentCycle(app.db, '2026-11-25')).toBeNull();
    expect(await lastCycle(app.db, '2026-11-25')).toBeNull();
    expect((await agentEarnings(app.db, [agent.marketAgentId])).get(agent.marketAgentId)).toEqual({
      totalEarnings: '0.00',
      totalPaid: '0.00',
      totalOwed: '0.00',
      totalCratesReturned: 0,
    });
  });

  it('reads cycles by the given day and sums an agent’s lines exactly', async () => {
    const agent = await registerAgent(app);
    await enterOpeningBalance(farm, agent, { emptyCrates: 50 });
    const ret = await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 7 });
    await acknowledge(farm, ret.json().id);
    // A cycle over 2000 – 2100 covers whatever today is: the return is billed to it.
    const res = await json(farm, 'POST', '/api/billing/create-cycle', {
      startDate: '2000-01-01',
      endDate: '2100-12-31',
      ratePerCrate: '0.07',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect(await currentCycle(app.db, '2050-06-01')).toMatchObject({ id, ratePerCrate: '0.07' });
    expect(await currentCycle(app.db, '2101-01-01')).toBeNull();
    expect(await lastCycle(app.db, '2101-01-01')).toMatchObject({ id, startDate: '2000-01-01', endDate: '2100-12-31' });
    expect(await cycleWithDates(app.db, '2000-01-01', '2100-12-31')).toMatchObject({ id });
    expect(await cycleWithDates(app.db, '2000-01-01', '2100-12-30')).toBeNull();
    expect((await agentEarnings(app.db, [agent.marketAgentId])).get(agent.marketAgentId)).toEqual({
      totalEarnings: '0.49',
      totalPaid: '0.00',
      totalOwed: '0.49',
      totalCratesReturned: 7,
    });
    expect((await cycleTotalsByAgent(app.db, id)).get(agent.marketAgentId)).toEqual({ crates: 7, amount: '0.49' });
  });
});
