import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { billingCycles, billingRecords } from '../../db/schema/index.ts';
import { registerAgent } from '../transmissions/testing.ts';
import { agentEarnings, currentCycle, lastCycle } from './reads.ts';

const app = await buildTestApp();

describe('billing read API', () => {
  it('finds no cycle on a new farm and zero earnings for an agent without records', async () => {
    const agent = await registerAgent(app);
    expect(await currentCycle(app.db)).toBeNull();
    expect(await lastCycle(app.db)).toBeNull();
    const earnings = await agentEarnings(app.db, [agent.marketAgentId]);
    expect(earnings.get(agent.marketAgentId)).toEqual({ totalEarnings: '0.00', totalCratesReturned: 0 });
  });

  it('reads the active and last completed cycle and sums records exactly', async () => {
    const agent = await registerAgent(app);
    const [old] = await app.db
      .insert(billingCycles)
      .values({ startDate: '2026-10-01', endDate: '2026-10-31', ratePerCrate: '0.35', status: 'completed' })
      .returning();
    const [now] = await app.db
      .insert(billingCycles)
      .values({ startDate: '2026-11-01', endDate: '2026-11-30', ratePerCrate: '0.07' })
      .returning();
    await app.db.insert(billingRecords).values([
      { cycleId: old.id, marketAgentId: agent.marketAgentId, totalCratesReturned: 3, totalAmount: '1.05' },
      { cycleId: now.id, marketAgentId: agent.marketAgentId, totalCratesReturned: 1_000_001, totalAmount: '70000.07' },
    ]);
    expect(await currentCycle(app.db)).toMatchObject({ id: now.id, ratePerCrate: '0.07', status: 'active' });
    expect(await lastCycle(app.db)).toMatchObject({ id: old.id, ratePerCrate: '0.35', status: 'completed' });
    expect((await agentEarnings(app.db, [agent.marketAgentId])).get(agent.marketAgentId)).toEqual({
      totalEarnings: '70001.12',
      totalCratesReturned: 1_000_004,
    });
  });
});
