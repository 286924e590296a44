// The insights' day totals (decision 078): kept by moveCrates in the movement's transaction, each day
// settled once it is two days old, a settled day booked into again matched from the start; checked by
// the invariant (a tampered total is caught), rebuilt when the farm's time zone changes, and not kept
// at all until a time zone is recorded.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';
import { fromMovements } from '../insights/repository.ts';
import { figureSource } from '../insights/service.ts';
import { fromTotals } from '../insights/totals.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import { acknowledgeTransmission, createTransmission } from '../transmissions/service.ts';
import { keepCrateDaysIn, keptTimeZone, rebuildCrateDays, TIME_ZONE_KEY } from './crate-days.ts';
import { enterOpeningBalance } from './service.ts';

const { app, farm, agents } = await testFarm({ agents: [{}], stock: 1000 });
const [agent] = agents;
const db = app.db;
const timeZone = app.config.farmTimezone;
const today = farmToday(timeZone);
const farmCaller = { id: farm.user.id, role: 'farm_store' as const, marketAgentId: null, supplierId: null };
const agentCaller = {
  id: agent.user.id,
  role: 'market_agent' as const,
  marketAgentId: agent.marketAgentId,
  supplierId: null,
};
/** 10:00 UTC (noon on the farm) `daysAgo` days before today. */
const at = (daysAgo: number, hour = 10) => {
  const when = new Date(`${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:00:00Z`);
  return when.getTime() > Date.now() ? new Date() : when;
};

async function deliver(daysAgo: number, quantity: number) {
  const t = await createTransmission(
    db,
    farmCaller,
    { type: 'farm_to_market', marketAgentId: agent.marketAgentId, quantity },
    { at: at(daysAgo, 8) },
  );
  await acknowledgeTransmission(db, agentCaller, t.id, quantity, { at: at(daysAgo, 9), timeZone });
}

async function giveBack(daysAgo: number, quantity: number, counted = quantity) {
  const t = await createTransmission(db, agentCaller, { type: 'market_to_farm', quantity }, { at: at(daysAgo, 8) });
  await acknowledgeTransmission(db, farmCaller, t.id, counted, { at: at(daysAgo, 9), timeZone });
}

const row = async (daysAgo: number) =>
  (
    await db.execute<Record<string, number | string | null>>(sql`
      select out, back, lost, sent, received, returned, farm, in_transit, agents_full, agents_empty, out_before
      from agent_crate_days where market_agent_id = ${agent.marketAgentId} and day = ${addDays(today, -daysAgo)}`)
  ).rows[0];
const settled = async () =>
  (
    await db.execute<{ through: string | null; delivered: number; taken: number }>(sql`
      select settled_through::text as through, delivered::int as delivered, taken::int as taken from agent_turnarounds
      where market_agent_id = ${agent.marketAgentId}`)
  ).rows[0];
const problems = async () => (await checkLedgerInvariant(db)).problems;

// Thirty days ago the agent's 40 empties on paper; twenty days ago 50 crates to it, 30 back ten days
// ago (counted 28: 2 short), 20 more today.
await enterOpeningBalance(
  db,
  farmCaller,
  { marketAgentId: agent.marketAgentId, fullCrates: 0, emptyCrates: 40 },
  { at: at(30) },
);
await deliver(20, 50);
await giveBack(10, 30, 28);
await deliver(0, 20);

describe('agent_crate_days', () => {
  it("keeps each agent's day as its movements add up to, and settles the days two days old", async () => {
    expect(await keptTimeZone(db)).toBe(timeZone);
    expect(await row(20)).toMatchObject({ out: 50, sent: 50, received: 50, farm: -50, agents_full: 50, in_transit: 0 });
    expect(await row(10)).toMatchObject({ back: 28, lost: 2, returned: 28, farm: 28, agents_empty: -30 });
    expect(await row(0)).toMatchObject({ out: 20, sent: 20, received: 20 });
    // Today's first movement settled everything up to the day before yesterday: oldest first, the 28
    // crates back were the opening 40's (20 days away), 2 written off on the way.
    expect(await settled()).toEqual({ through: addDays(today, -2), delivered: 90, taken: 30 });
    const back = await db.execute<{ days_away: number; crates: number }>(sql`
      select days_away, crates::int as crates from agent_turnaround_days where market_agent_id = ${agent.marketAgentId}`);
    expect(back.rows).toEqual([{ days_away: 20, crates: 28 }]);
    expect(await figureSource(db, timeZone)).toBe(fromTotals);
    expect(await problems()).toEqual([]);
  });

  it('matches the agent again from its first day when a settled day is booked into', async () => {
    // Fifteen days ago, before the 30: 10 more crates back. Oldest first they are the opening
    // 40's too, after 15 days; the later 28 still after 20.
    await giveBack(15, 10);
    expect(await settled()).toEqual({ through: addDays(today, -2), delivered: 90, taken: 40 });
    const back = await db.execute<{ days_away: number; crates: number }>(sql`
      select days_away, crates::int as crates from agent_turnaround_days
      where market_agent_id = ${agent.marketAgentId} order by days_away`);
    expect(back.rows).toEqual([
      { days_away: 15, crates: 10 },
      { days_away: 20, crates: 28 },
    ]);
    expect(await problems()).toEqual([]);
  });

  it('has the invariant catch a tampered total, a tampered match and a tampered settled state', async () => {
    const tamper = async (change: ReturnType<typeof sql>, undo: ReturnType<typeof sql>, says: RegExp) => {
      await db.execute(change);
      const found = await problems();
      await db.execute(undo);
      expect(found.join('\n')).toMatch(says);
      expect(await problems()).toEqual([]);
    };
    const day = addDays(today, -10);
    await tamper(
      sql`update agent_crate_days set back = back + 1 where market_agent_id = ${agent.marketAgentId} and day = ${day}`,
      sql`update agent_crate_days set back = back - 1 where market_agent_id = ${agent.marketAgentId} and day = ${day}`,
      /agent_crate_days: agent \d+ on .*kept .* the movements say/,
    );
    await tamper(
      sql`update agent_turnaround_days set crates = crates + 3 where market_agent_id = ${agent.marketAgentId} and days_away = 15`,
      sql`update agent_turnaround_days set crates = crates - 3 where market_agent_id = ${agent.marketAgentId} and days_away = 15`,
      /settled turnaround: agent \d+: 13 crates back after 15 days kept, the days say 10/,
    );
    await tamper(
      sql`update agent_turnarounds set taken = taken - 1 where market_agent_id = ${agent.marketAgentId}`,
      sql`update agent_turnarounds set taken = taken + 1 where market_agent_id = ${agent.marketAgentId}`,
      /settled turnaround: agent \d+ settled through .*: 90 delivered and 39 taken back kept, the days say 90 and 40/,
    );
    await tamper(
      sql`update agent_crate_days set out_before = out_before + 1 where market_agent_id = ${agent.marketAgentId} and day = ${addDays(today, -20)}`,
      sql`update agent_crate_days set out_before = out_before - 1 where market_agent_id = ${agent.marketAgentId} and day = ${addDays(today, -20)}`,
      /settled turnaround: agent \d+ on .*: 41 crates delivered before kept, the days say 40/,
    );
  });

  it('rebuilds in another time zone, and the insights read the movements until they are kept in theirs', async () => {
    // The opening balance's 10:00 UTC is already the next day at UTC+14 (the deliveries' 09:00 is not).
    expect(await keepCrateDaysIn(db, 'Pacific/Kiritimati')).toBe(true);
    expect(await keptTimeZone(db)).toBe('Pacific/Kiritimati');
    expect(await row(30)).toBeUndefined();
    expect(await row(29)).toMatchObject({ out: 40 });
    expect(await problems()).toEqual([]);
    expect(await figureSource(db, timeZone)).toBe(fromMovements);
    expect(await figureSource(db, 'Pacific/Kiritimati')).toBe(fromTotals);
    expect(await keepCrateDaysIn(db, timeZone)).toBe(true);
    expect(await keepCrateDaysIn(db, timeZone)).toBe(false);
    expect(await row(30)).toMatchObject({ out: 40 });
    expect(await problems()).toEqual([]);
  });

  it('keeps nothing while no time zone is recorded, and the start rebuilds them', async () => {
    await db.execute(sql`delete from settings where key = ${TIME_ZONE_KEY}`);
    await deliver(0, 5);
    expect(await row(0)).toMatchObject({ out: 20 });
    expect(await problems()).toEqual([]);
    expect(await keepCrateDaysIn(db, timeZone)).toBe(true);
    expect(await row(0)).toMatchObject({ out: 25 });
    // A bulk loader rebuilds them the same way.
    await db.transaction((tx) => rebuildCrateDays(tx, timeZone));
    expect(await row(0)).toMatchObject({ out: 25 });
    expect(await problems()).toEqual([]);
  });
});
