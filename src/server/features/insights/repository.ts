// The insights' queries (decision 070): each figure one grouped query over the crate ledger, never a
// walk over movements in JavaScript. Weeks run Monday to Sunday in the farm's time zone. These read the
// movements themselves (fromMovements); totals.ts reads the same figures from the totals the ledger
// keeps at write time (decision 078), and the service takes those whenever they are kept in the farm's
// time zone.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { holderKindOf } from '../crates/balances.ts';
import { holders } from '../crates/ledger.ts';
import { type Matched, matchedByAgent } from './rules.ts';

/** The `weeks` Mondays up to and including this week's, as a `weeks(week_start)` CTE. */
function weeksCte(timeZone: string, weeks: number): SQL {
  return sql`this_week as (select date_trunc('week', now() at time zone ${timeZone})::date as d),
    weeks as (
      select (t.d - (${weeks - 1}::int - g.i) * 7) as week_start
      from this_week t, generate_series(0, ${weeks - 1}::int) as g(i)
    )`;
}

const weekOf = (at: SQL, timeZone: string) =>
  sql`to_char(date_trunc('week', ${at} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

/** Crates of one kind: now (`weekStart` null), or the net movement of one week. */
export type HoldingRow = { weekStart: string | null; kind: string; crates: number };

/** One agent's holders: its full and empty crates and its clients' (crate_balances names them by id). */
const agentHolders = (marketAgentId: number) => sql`
  select holder from crate_balances where market_agent_id = ${marketAgentId}
  union all
  select b.holder from crate_balances b join clients c on c.id = b.client_id where c.market_agent_id = ${marketAgentId}`;

/**
 * Crates per kind of holder now (rows with `weekStart` null), and the net movement per kind in each
 * week after the first of the `weeks` shown (rows with the week's Monday), plus 'damaged', the part of
 * the write-off account marked damaged: the balances are one row per holder, and only the movements of
 * the weeks shown are read (by date). The service takes each week's end from these. With
 * `marketAgentId`, only that agent's holders (its full and empty crates, its clients').
 */
export async function holdingsByWeek(
  db: Executor,
  timeZone: string,
  weeks: number,
  marketAgentId?: number,
): Promise<HoldingRow[]> {
  const farmWide = marketAgentId === undefined;
  const own = farmWide ? sql`select null::text as holder where false` : agentHolders(marketAgentId);
  const ownOnly = (holder: SQL) => (farmWide ? sql`` : sql`join own o on o.holder = ${holder}`);
  // The end of the first week shown: what moved before it is in every week's figure.
  const start = sql`((date_trunc('week', now() at time zone ${timeZone})::date - ${(weeks - 2) * 7}::int)::timestamp
    at time zone ${timeZone})`;
  const week = sql`to_char(date_trunc('week', m.occurred_at at time zone ${timeZone}), 'YYYY-MM-DD')`;
  const damaged = farmWide
    ? sql`union all select ${week}, 'damaged', m.quantity
        from crate_movements m where m.kind = 'damage' and m.occurred_at >= ${start}
      union all select null, 'damaged', quantity from crate_movements where kind = 'damage'`
    : sql``;
  const result = await db.execute<{ week_start: string | null; kind: string; crates: string | number }>(sql`
    with own as (${own})
    select week_start, kind, sum(delta)::bigint as crates from (
      select null::text as week_start, ${holderKindOf(sql`b.holder`)} as kind, b.balance as delta
      from crate_balances b ${ownOnly(sql`b.holder`)}
      union all
      select ${week}, ${holderKindOf(sql`x.holder`)}, x.delta
      from crate_movements m
      cross join lateral (values (m.to_holder, m.quantity), (m.from_holder, -m.quantity)) as x(holder, delta)
      ${ownOnly(sql`x.holder`)}
      where m.occurred_at >= ${start}
      ${damaged}
    ) y
    where kind is not null
    group by 1, 2`);
  return result.rows.map((r) => ({ weekStart: r.week_start, kind: r.kind, crates: Number(r.crates) }));
}

export type AgentWeekRow = { agent: number; weekStart: string; sent: number; received: number; returned: number };

/**
 * Each agent's crates per week of the last `weeks`: sent from the farm (dispatched, less recalled),
 * received (counted in by the agent) and returned (counted back in at the farm, crates found included).
 */
async function agentFlowByWeek(db: Executor, timeZone: string, weeks: number): Promise<AgentWeekRow[]> {
  const result = await db.execute<
    Record<'agent' | 'week_start' | 'sent' | 'received' | 'returned', string | number>
  >(sql`
    with ${weeksCte(timeZone, weeks)}
    select t.market_agent_id as agent, ${weekOf(sql`m.occurred_at`, timeZone)} as week_start,
      (coalesce(sum(m.quantity) filter (where m.kind = 'dispatch' and m.from_holder = ${holders.farm}), 0)
        - coalesce(sum(m.quantity) filter (where m.kind = 'recall' and m.to_holder = ${holders.farm}), 0))::bigint
        as sent,
      coalesce(sum(m.quantity) filter (where m.kind = 'receipt' and t.type = 'farm_to_market'), 0)::bigint as received,
      coalesce(sum(m.quantity) filter (where m.kind in ('receipt', 'count_difference')
        and m.to_holder = ${holders.farm}), 0)::bigint as returned
    from crate_movements m
    join transmissions t on t.id = m.transmission_id
    where m.occurred_at >= ((select min(week_start) from weeks)::timestamp at time zone ${timeZone})
      and m.kind in ('dispatch', 'recall', 'receipt', 'count_difference')
      and t.market_agent_id is not null
    group by 1, 2`);
  return result.rows.map((r) => ({
    agent: Number(r.agent),
    weekStart: String(r.week_start),
    sent: Number(r.sent),
    received: Number(r.received),
    returned: Number(r.returned),
  }));
}

/** The agent whose account a write-off is on (as writeOffsByAgentQuery in crates/balances.ts). */
const WRITE_OFF_AGENT = sql`coalesce(t.market_agent_id, ct.market_agent_id, b.market_agent_id)`;
const WRITE_OFF_JOINS = sql`
    left join transmissions t on m.kind = 'damage' and t.id = m.transmission_id
    left join client_transactions ct on ct.id = m.client_transaction_id
    left join crate_balances b on m.kind = 'stock_take' and m.client_transaction_id is null
      and b.holder = case when m.to_holder = ${holders.writeoff} then m.from_holder else m.to_holder end`;
const WRITTEN_OFF = sql`case when m.kind = 'damage' or m.to_holder = ${holders.writeoff}
  then m.quantity else -m.quantity end`;

type WriteOffWeekRow = { agent: number; weekStart: string; writtenOff: number };

/** Crates written off on each agent's account per week (damaged and missing, less crates found). */
async function agentWriteOffsByWeek(db: Executor, timeZone: string, weeks: number): Promise<WriteOffWeekRow[]> {
  const result = await db.execute<{ agent: number; week_start: string; written_off: string | number }>(sql`
    with ${weeksCte(timeZone, weeks)}
    select ${WRITE_OFF_AGENT} as agent, ${weekOf(sql`m.occurred_at`, timeZone)} as week_start,
      sum(${WRITTEN_OFF})::bigint as written_off
    from crate_movements m ${WRITE_OFF_JOINS}
    where m.kind in ('damage', 'stock_take')
      and m.occurred_at >= ((select min(week_start) from weeks)::timestamp at time zone ${timeZone})
      and ${WRITE_OFF_AGENT} is not null
    group by 1, 2`);
  return result.rows.map((r) => ({
    agent: Number(r.agent),
    weekStart: r.week_start,
    writtenOff: Number(r.written_off),
  }));
}

export type AgentDayRow = { agent: number; day: number; out: number; back: number; lost: number };

/**
 * Each agent's crates per farm day over the whole ledger, for turnaround: `out` delivered to it (counted
 * in, crates found, opening balances), `back` counted back in at the farm from its returns, `lost`
 * written off on its way (short counts of its returns, missing at stock takes, damaged at its clients).
 * `day` counts days from 2000-01-01.
 */
async function agentCrateDays(db: Executor, timeZone: string): Promise<AgentDayRow[]> {
  const day = sql`((m.occurred_at at time zone ${timeZone})::date - date '2000-01-01')`;
  const result = await db.execute<Record<'agent' | 'day' | 'out' | 'back' | 'lost', string | number>>(sql`
    select agent, day, sum(out_q)::bigint as out, sum(back_q)::bigint as back, sum(lost_q)::bigint as lost
    from (
      select b.market_agent_id as agent, ${day} as day, m.quantity as out_q, 0 as back_q, 0 as lost_q
      from crate_movements m join crate_balances b on b.holder = m.to_holder
      where m.kind in ('receipt', 'count_difference', 'opening_balance') and b.market_agent_id is not null
      union all
      select t.market_agent_id, ${day}, 0,
        case when m.to_holder = ${holders.farm} then m.quantity else 0 end,
        case when m.to_holder = ${holders.writeoff} then m.quantity else 0 end
      from crate_movements m join transmissions t on t.id = m.transmission_id
      where t.type = 'market_to_farm' and m.kind in ('receipt', 'count_difference')
        and m.to_holder in (${holders.farm}, ${holders.writeoff})
      union all
      select ${WRITE_OFF_AGENT}, ${day}, 0, 0, ${WRITTEN_OFF}
      from crate_movements m ${WRITE_OFF_JOINS}
      where m.kind = 'stock_take' or (m.kind = 'damage' and m.client_transaction_id is not null)
    ) x
    where agent is not null
    group by agent, day
    order by agent, day`);
  return result.rows.map((r) => ({
    agent: Number(r.agent),
    day: Number(r.day),
    out: Number(r.out),
    back: Number(r.back),
    lost: Number(r.lost),
  }));
}

/** An agent's week: its flow (agentFlowByWeek) and the crates written off on its account (agentWriteOffsByWeek). */
export type AgentWeek = AgentWeekRow & { writtenOff: number };

/** Each agent's weeks with any flow or write-off, both queries' rows merged. */
async function agentWeeks(db: Executor, timeZone: string, weeks: number): Promise<AgentWeek[]> {
  const [flow, writeOffs] = await Promise.all([
    agentFlowByWeek(db, timeZone, weeks),
    agentWriteOffsByWeek(db, timeZone, weeks),
  ]);
  const merged = new Map<string, AgentWeek>(flow.map((r) => [`${r.agent}/${r.weekStart}`, { ...r, writtenOff: 0 }]));
  for (const w of writeOffs) {
    const key = `${w.agent}/${w.weekStart}`;
    const row = merged.get(key) ?? {
      agent: w.agent,
      weekStart: w.weekStart,
      sent: 0,
      received: 0,
      returned: 0,
      writtenOff: 0,
    };
    merged.set(key, { ...row, writtenOff: w.writtenOff });
  }
  return [...merged.values()];
}

/** Where the insights' figures come from: the movements (here) or the totals kept at write time (totals.ts). */
export type FigureSource = {
  holdingsByWeek: typeof holdingsByWeek;
  /** Each agent's weeks of the last `weeks`: crates sent, received, returned and written off. */
  agentWeeks: typeof agentWeeks;
  /** Each agent's crates matched oldest-first over its whole history; `today` in days from 2000-01-01. */
  turnarounds: (db: Executor, timeZone: string, today: number) => Promise<Map<number, Matched>>;
};

/** The figures straight from the ledger's movements: the definition the kept totals must equal. */
export const fromMovements: FigureSource = {
  holdingsByWeek,
  agentWeeks,
  turnarounds: async (db, timeZone, today) => matchedByAgent(await agentCrateDays(db, timeZone), today),
};

export type AgentName = { id: number; agentName: string; businessName: string | null };

/** Every active market agent's name and business, by agent number. */
export async function activeAgentNames(db: Executor): Promise<AgentName[]> {
  const result = await db.execute<{ id: number; agent_name: string; business_name: string | null }>(sql`
    select a.id, u.name as agent_name, a.business_name
    from market_agents a join users u on u.id = a.user_id
    where u.is_active
    order by a.agent_number, a.id`);
  return result.rows.map((r) => ({ id: Number(r.id), agentName: r.agent_name, businessName: r.business_name }));
}

/** The active farm store accounts, who get the farm's weekly e-mail, in the language each chose. */
export async function farmStoreReaders(db: Executor) {
  const result = await db.execute<{ name: string; email: string; language: string | null }>(sql`
    select name, email, language from users where role = 'farm_store' and is_active order by id`);
  return result.rows;
}

/**
 * Claims the farm's weekly e-mail for the week starting `weekStart`, in the caller's transaction: true
 * when this call claimed it, false when that week (or a later one) was claimed already. A second claim
 * of the same week waits for the first's transaction and then finds it done, so the e-mail goes out
 * once per week however many instances or runs ask.
 */
export async function claimFarmWeeklyEmail(db: Executor, weekStart: string): Promise<boolean> {
  const result = await db.execute<{ key: string }>(sql`
    insert into settings (key, value) values (${FARM_WEEKLY_EMAIL_KEY}, ${weekStart})
    on conflict (key) do update set value = excluded.value where settings.value < excluded.value
    returning key`);
  return result.rows.length === 1;
}

const FARM_WEEKLY_EMAIL_KEY = 'insights:farm-weekly-email:last-week';
