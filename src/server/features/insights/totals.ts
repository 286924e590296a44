// The insights' figures from the totals the ledger keeps at write time (decision 078): each agent's
// crates per farm day (agent_crate_days) and its turnaround settled so far (agent_turnarounds,
// agent_turnaround_days). The same rows as repository.ts reads from the movements, from a few rows per
// agent and day: the weeks shown, and for the turnaround only what is not settled yet.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { holderKindOf } from '../crates/balances.ts';
import type { AgentWeek, FigureSource, HoldingRow } from './repository.ts';
import { type CrateDay, type Matched, matchedCrates } from './rules.ts';

/**
 * One query in a read transaction of its own with JIT compilation off. The plans are costed over
 * whole tables (a lateral lookup per agent, a range of days), so PostgreSQL would compile them to
 * machine code — 0.2–0.4 s on the bench's big farm — for work that takes a few milliseconds.
 */
function quick<T extends Record<string, unknown>>(db: Executor, query: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute<T>(query);
  });
}

/** This week's Monday, less `weeksBack` weeks, as a date in the farm's calendar. */
const monday = (timeZone: string, weeksBack: number) =>
  sql`(date_trunc('week', now() at time zone ${timeZone})::date - ${weeksBack * 7}::int)`;

/** The Monday of a day's week, in integer arithmetic (2000-01-03 was a Monday): cheap per row. */
const mondayOf = (day: SQL) => sql`(${day} - ((${day} - date '2000-01-03') % 7 + 7) % 7)`;
/** A Monday as days from 2000-01-01, turned into YYYY-MM-DD by `isoDay`: cheaper than to_char. */
const shown = (monday: SQL) => sql`(${monday} - date '2000-01-01')`;
const EPOCH = Date.UTC(2000, 0, 1);
const isoDay = (days: string | number) => new Date(EPOCH + Number(days) * 86_400_000).toISOString().slice(0, 10);

/** The holdings' columns by kind of holder (holderKindOf's names), summed per week first. */
const KINDS = {
  farm: 'farm',
  inTransit: 'in_transit',
  agentsFull: 'agents_full',
  agentsEmpty: 'agents_empty',
  atClients: 'at_clients',
  withSuppliers: 'with_suppliers',
  writtenOff: 'writeoff',
  damaged: 'damaged',
};
/** The kinds an agent's own holdings show (its full and empty crates, its clients'). */
const OWN_KINDS = ['agentsFull', 'agentsEmpty', 'atClients'];

/** Each week's net change per kind (rows week_start, kind, delta) of the days from `since`, of `agent` or all. */
function weeklyHoldings(since: SQL, agent?: number): SQL {
  const kinds = Object.entries(KINDS).filter(([k]) => agent === undefined || OWN_KINDS.includes(k));
  return sql`
    select ${shown(sql`w.monday`)}, k.kind, k.delta from (
      select ${mondayOf(sql`d.day`)} as monday,
        ${sql.join(
          kinds.map(([, column]) => sql`sum(d.${sql.identifier(column)}) as ${sql.identifier(column)}`),
          sql`, `,
        )}
      from agent_crate_days d
      where d.day >= ${since} ${agent === undefined ? sql`` : sql`and d.market_agent_id = ${agent}`}
      group by 1
    ) w cross join lateral (values ${sql.join(
      kinds.map(([kind, column]) => sql`(${kind}, w.${sql.identifier(column)})`),
      sql`, `,
    )}) as k(kind, delta)`;
}

/** As repository.ts holdingsByWeek: crates per kind now, and each week's net change after the first shown. */
async function holdingsByWeek(
  db: Executor,
  timeZone: string,
  weeks: number,
  marketAgentId?: number,
): Promise<HoldingRow[]> {
  const farmWide = marketAgentId === undefined;
  const since = monday(timeZone, weeks - 2);
  const now = farmWide
    ? sql`select null::int as week_start, ${holderKindOf(sql`b.holder`)} as kind, b.balance as delta from crate_balances b
      union all select null, 'damaged', quantity from crate_movements where kind = 'damage'`
    : sql`select null::int as week_start, ${holderKindOf(sql`b.holder`)} as kind, b.balance as delta
      from crate_balances b where b.market_agent_id = ${marketAgentId}
      union all
      select null, 'atClients', b.balance from crate_balances b join clients c on c.id = b.client_id
      where c.market_agent_id = ${marketAgentId}`;
  const result = await quick<{ week_start: string | null; kind: string; crates: string | number }>(
    db,
    sql`
    select week_start, kind, sum(delta)::bigint as crates from (
      ${now}
      union all
      ${weeklyHoldings(since, marketAgentId)}
    ) y
    where kind is not null
    group by 1, 2`,
  );
  return result.rows.map((r) => ({
    weekStart: r.week_start === null ? null : isoDay(r.week_start),
    kind: r.kind,
    crates: Number(r.crates),
  }));
}

/** As repository.ts agentWeeks: each agent's crates sent, received, returned and written off per week. */
async function agentWeeks(db: Executor, timeZone: string, weeks: number): Promise<AgentWeek[]> {
  const result = await quick<
    Record<'agent' | 'week_start' | 'sent' | 'received' | 'returned' | 'written_off', string | number>
  >(
    db,
    sql`
    select agent, ${shown(sql`monday`)} as week_start, sent, received, returned, written_off from (
      select market_agent_id as agent, ${mondayOf(sql`day`)} as monday, sum(sent)::bigint as sent,
        sum(received)::bigint as received, sum(returned)::bigint as returned, sum(written_off)::bigint as written_off
      from agent_crate_days
      where day >= ${monday(timeZone, weeks - 1)} and market_agent_id <> 0
      group by 1, 2
    ) w`,
  );
  return result.rows.map((r) => ({
    agent: Number(r.agent),
    weekStart: isoDay(r.week_start),
    sent: Number(r.sent),
    received: Number(r.received),
    returned: Number(r.returned),
    writtenOff: Number(r.written_off),
  }));
}

type DayRow = CrateDay & { agent: number };

/**
 * Each agent's turnaround: the settled days' crates back by days away, and the days still to match —
 * the settled days whose crates are still out (only those not taken yet) and the days after the
 * settled one — matched on from there by the same rule (rules.ts matchedCrates).
 */
async function turnarounds(db: Executor, _timeZone: string, today: number): Promise<Map<number, Matched>> {
  const day = (column: SQL) => sql`(${column} - date '2000-01-01')`;
  const [settled, open] = await Promise.all([
    quick<{ agent: number; days_away: number; crates: string | number }>(
      db,
      sql`select market_agent_id as agent, days_away, crates from agent_turnaround_days`,
    ),
    quick<Record<'agent' | 'day' | 'out' | 'back' | 'lost', string | number>>(
      db,
      sql`
      select s.market_agent_id as agent, x.day, x.out, x.back, x.lost
      from agent_turnarounds s cross join lateral (
        select ${day(sql`d.day`)} as day, d.out_before + d.out - greatest(d.out_before, s.taken) as out, 0 as back, 0 as lost
        from agent_crate_days d
        where d.market_agent_id = s.market_agent_id and d.out > 0 and d.out_before + d.out > s.taken
          and d.day <= s.settled_through
        union all
        select ${day(sql`d.day`)}, d.out, d.back, d.lost from agent_crate_days d
        where d.market_agent_id = s.market_agent_id and d.day > coalesce(s.settled_through, '-infinity'::date)
      ) x`,
    ),
  ]);
  const openDays = new Map<number, DayRow[]>();
  for (const r of open.rows) {
    const row = {
      agent: Number(r.agent),
      day: Number(r.day),
      out: Number(r.out),
      back: Number(r.back),
      lost: Number(r.lost),
    };
    const days = openDays.get(row.agent);
    if (days) days.push(row);
    else openDays.set(row.agent, [row]);
  }
  const out = new Map<number, Matched>();
  for (const [agent, rows] of openDays) out.set(agent, matchedCrates(rows, today));
  for (const r of settled.rows) {
    const agent = Number(r.agent);
    const matched = out.get(agent) ?? { away: [], out: [] };
    matched.away.push({ value: Number(r.days_away), weight: Number(r.crates) });
    out.set(agent, matched);
  }
  return out;
}

/** The figures from the totals kept at write time. */
export const fromTotals: FigureSource = { holdingsByWeek, agentWeeks, turnarounds };
