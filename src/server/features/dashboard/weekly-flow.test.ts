// The farm dashboard's twelve weeks of flow (GET /api/dashboard/farm-metrics) come from the 15-minute
// totals the ledger keeps (docs/decisions/030): each movement lands in the week it happened in the
// farm's time zone, also at the very edge of a week and in zones whose offset is not whole hours, and
// the figures are the ones a sum over the ledger's movements gives.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { acknowledge, json, send } from '../../../../tests/support/transmissions.ts';
import { rebuildFarmFlowTotals } from '../crates/ledger.ts';
import { acknowledgeTransmission, createTransmission } from '../transmissions/service.ts';
import { CHART_WEEKS, farmMetrics } from './service.ts';

const { app, farm, agents } = await testFarm({ stock: 5000, agents: [{ emptyCrates: 1000 }] });
const [agent] = agents;
const farmCaller = { id: farm.user.id, role: 'farm_store' as const, marketAgentId: null, supplierId: null };
const agentCaller = {
  id: agent.user.id,
  role: 'market_agent' as const,
  marketAgentId: agent.marketAgentId,
  supplierId: null,
};

/** Midnight starting the Monday `weeksAgo` weeks before this week's, in `timeZone`. */
const JOHANNESBURG = 'Africa/Johannesburg';

async function weekStart(timeZone: string, weeksAgo: number): Promise<Date> {
  // The Monday is the farm's (Johannesburg's) this week, less `weeksAgo` weeks; its midnight is
  // `timeZone`'s. Taking the Monday from `timeZone`'s own calendar would move with the clock: from
  // Sunday 10:15 UTC Chatham is already in the next week, and its Monday would be a week later.
  const result = await app.db.execute<{ at: string | Date }>(sql`
    select ((date_trunc('week', now() at time zone ${JOHANNESBURG})::date - ${weeksAgo * 7}::int)::timestamp
      at time zone ${timeZone}) as at`);
  return new Date(result.rows[0].at);
}

/** A delivery dispatched at `at` (acknowledged by the agent a day later: not farm flow). */
async function deliveryAt(at: Date, quantity: number) {
  const sent = await createTransmission(
    app.db,
    farmCaller,
    { type: 'farm_to_market', marketAgentId: agent.marketAgentId, quantity },
    { at },
  );
  await acknowledgeTransmission(app.db, agentCaller, sent.id, null, { at: new Date(at.getTime() + 86_400_000) });
}

/** Empties the agent sent a day before `at` and the farm counted in at `at` (`counted` over: a count difference). */
async function returnCountedAt(at: Date, quantity: number, counted = quantity) {
  const back = await createTransmission(
    app.db,
    agentCaller,
    { type: 'market_to_farm', quantity },
    { at: new Date(at.getTime() - 86_400_000) },
  );
  await acknowledgeTransmission(app.db, farmCaller, back.id, counted, { at });
}

/** The old way, kept as the reference: the flow summed straight from the ledger's movements. */
async function weeklyFromLedger(timeZone: string) {
  const result = await app.db.execute<{ week_start: string; sent: string | number; returned: string | number }>(sql`
    with this_week as (select date_trunc('week', now() at time zone ${timeZone})::date as d),
    weeks as (select (t.d - (${CHART_WEEKS - 1} - g.i) * 7) as week_start
      from this_week t, generate_series(0, ${CHART_WEEKS - 1}) as g(i))
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
      (coalesce(sum(m.quantity) filter (where m.kind = 'dispatch'), 0)
        - coalesce(sum(m.quantity) filter (where m.kind = 'recall'), 0))::bigint as sent,
      coalesce(sum(m.quantity) filter (where m.kind in ('receipt', 'count_difference')), 0)::bigint as returned
    from weeks w
    left join crate_movements m
      on m.occurred_at >= (w.week_start::timestamp at time zone ${timeZone})
     and m.occurred_at < ((w.week_start + 7)::timestamp at time zone ${timeZone})
     and ((m.kind = 'dispatch' and m.from_holder = 'farm')
       or (m.kind in ('receipt', 'count_difference') and m.to_holder = 'farm')
       or (m.kind = 'recall' and m.from_holder = 'transit' and m.to_holder = 'farm'))
    group by w.week_start order by w.week_start`);
  return result.rows.map((r) => ({ weekStart: r.week_start, sent: Number(r.sent), returned: Number(r.returned) }));
}

// Kathmandu is UTC+5:45, St John's −3:30 (−2:30 in summer), Chatham +12:45 (+13:45 in summer).
const ZONES = [JOHANNESBURG, 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham', 'UTC'];

// At the edges of three weeks in Johannesburg and of one week in each odd zone: a millisecond before
// Monday midnight (the week before) and at midnight itself (the week it starts).
for (const weeksAgo of [1, 5, 11]) {
  const monday = await weekStart(JOHANNESBURG, weeksAgo);
  await deliveryAt(new Date(monday.getTime() - 1), 11);
  await deliveryAt(monday, 13);
  await returnCountedAt(new Date(monday.getTime() - 1), 3);
  await returnCountedAt(monday, 5, 7); // counted over: 5 received and 2 found
}
for (const zone of ZONES.slice(1, 4)) {
  const monday = await weekStart(zone, 2);
  await deliveryAt(new Date(monday.getTime() - 1), 17);
  await deliveryAt(monday, 19);
  await returnCountedAt(new Date(monday.getTime() + 15 * 60_000 - 1), 4);
}
// This week: a delivery sent and one sent then recalled (off this week's figure again).
await send(farm, agent, 23);
const recalled = await send(farm, agent, 29);
await json(farm, 'PUT', `/api/transmissions/${recalled.id}/recall`);
await acknowledge(agent, (await send(farm, agent, 1)).id);

describe('weekly farm flow', () => {
  it('puts a movement at the edge of a week in the week it happened, farm time', async () => {
    const { weekly } = await farmMetrics(app.db, JOHANNESBURG);
    expect(weekly).toHaveLength(CHART_WEEKS);
    const week = (weeksAgo: number) => weekly[CHART_WEEKS - 1 - weeksAgo];
    for (const weeksAgo of [1, 5, 11]) {
      expect(week(weeksAgo), `${weeksAgo} weeks ago`).toMatchObject({ sent: 13, returned: 7 });
    }
    // The millisecond before a Monday belongs to the week before it (11 and 3). Two weeks ago also
    // holds St John's Monday midnight (Monday morning in Johannesburg, 17 and 19); Kathmandu's and
    // Chatham's are still Sunday in Johannesburg: three weeks ago.
    expect(week(2)).toMatchObject({ sent: 11 + 17 + 19, returned: 3 + 4 });
    expect(week(3)).toMatchObject({ sent: 2 * (17 + 19), returned: 2 * 4 });
    expect(week(6)).toMatchObject({ sent: 11, returned: 3 });
    expect(week(0)).toMatchObject({ sent: 23 + 1, returned: 0 });
  });

  it('gives, in every time zone, exactly the weekly sums of the ledger', async () => {
    for (const zone of ZONES) {
      expect((await farmMetrics(app.db, zone)).weekly, zone).toEqual(await weeklyFromLedger(zone));
    }
  });

  it('is what a rebuild from the ledger gives (a bulk loader rebuilds it so)', async () => {
    const totals = async () =>
      (await app.db.execute(sql`select slot_start::text as slot, sent, returned from farm_flow_totals order by 1`))
        .rows;
    const kept = await totals();
    expect(kept.length).toBeGreaterThan(10);
    await app.db.transaction((tx) => rebuildFarmFlowTotals(tx));
    expect(await totals()).toEqual(kept);
  });

  it('answers the same through the API', async () => {
    const res = await json(farm, 'GET', '/api/dashboard/farm-metrics');
    expect(res.statusCode).toBe(200);
    expect(res.json().weekly).toEqual(await weeklyFromLedger(app.config.farmTimezone));
  });
});
