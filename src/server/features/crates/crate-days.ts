// Each agent's crates per farm day, kept at write time (docs/decisions/078): the insights read a few
// rows per agent and day, and each agent's turnaround settled so far, instead of the ledger's movements.
// What a movement adds is defined in SQL (figuresOf: the bulk opening balances, the rebuild after a bulk
// loader or a new FARM_TIMEZONE, the invariant checker) and, for moveCrates' single movements, in its
// JavaScript twin (upsertOf); the checker compares the two. One SQL definition of the oldest-first
// matching (matching) serves the settling, the rebuild and the checker.
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';
import type { movementKinds } from '../../db/schema/index.ts';
import { holders } from './holders.ts';

type MovementKind = (typeof movementKinds)[number];

/**
 * The time zone whose calendar days the totals are kept in (settings). No row: nothing is kept (a
 * database migrated or restored but not yet started): writes add nothing, the reads take the movements
 * and the checker skips the totals, until the app's start rebuilds them (keepCrateDaysIn).
 */
export const TIME_ZONE_KEY = 'crate-days:time-zone';
const keptZone = sql`(select value from settings where key = ${TIME_ZONE_KEY})`;

/** The figure columns of agent_crate_days, in order (schema/crates.ts says what each holds). */
const FIGURES = [
  'out',
  'back',
  'lost',
  'sent',
  'received',
  'returned',
  'written_off',
  'farm',
  'in_transit',
  'agents_full',
  'agents_empty',
  'at_clients',
  'with_suppliers',
  'writeoff',
  'damaged',
] as const;
type Figure = (typeof FIGURES)[number];

// The agent a movement counts for: an agent's or a client's holder belongs to that agent
// (crate_balances' generated ids; a loan's crates are its client's), the farm's side of a delivery or
// return to the transmission's agent. Agent 0: none (stock adjustments, supplier crates, the farm's
// own stock takes). The services never move crates between two agents, so every figure below counts
// for the same agent as the straightforward reads attribute it to (insights/repository.ts); the
// insights' property test holds the two to that.
const AGENT = sql`coalesce(bf.market_agent_id, cf.market_agent_id, bt.market_agent_id, ctl.market_agent_id,
  t.market_agent_id, 0)`;

const q = sql`m.quantity`;
const countedIn = sql`m.kind in ('receipt', 'count_difference')`;
const returnOf = (to: string) => sql`t.type = 'market_to_farm' and ${countedIn} and m.to_holder = ${to}`;
/** Written off on the agent's account (insights/repository.ts WRITTEN_OFF): found crates count less. */
const writtenOff = sql`case when m.kind = 'damage' or m.to_holder = ${holders.writeoff} then ${q} else -${q} end`;
/** The net change of one kind of holder, picked on each side by `is` over that side's name and balance row. */
const net = (is: (holder: SQL, b: string) => SQL) =>
  sql`(case when ${is(sql`m.from_holder`, 'bf')} then -${q} else 0 end) + (case when ${is(sql`m.to_holder`, 'bt')} then ${q} else 0 end)`;
const named = (name: string) => (holder: SQL) => sql`${holder} = ${name}`;
const agentOwn = (suffix: string) => (holder: SQL, b: string) =>
  sql`${sql.raw(b)}.market_agent_id is not null and right(${holder}, ${suffix.length}) = ${suffix}`;

/** What one movement `m` adds to each figure of its agent's day (schema/crates.ts agentCrateDays). */
const FIGURE_OF: Record<Figure, SQL> = {
  // Delivered to the agent's own crates: counted in, crates found, opening balances.
  out: sql`case when m.kind in ('receipt', 'count_difference', 'opening_balance') and bt.market_agent_id is not null
    then ${q} else 0 end`,
  back: sql`case when ${returnOf(holders.farm)} then ${q} else 0 end`,
  // Short counts of its returns, missing at stock takes (less found), damaged at its clients.
  lost: sql`case when ${returnOf(holders.writeoff)} then ${q}
    when m.kind = 'stock_take' or (m.kind = 'damage' and m.client_transaction_id is not null) then ${writtenOff}
    else 0 end`,
  sent: sql`case when m.kind = 'dispatch' and m.from_holder = ${holders.farm} then ${q}
    when m.kind = 'recall' and m.to_holder = ${holders.farm} then -${q} else 0 end`,
  received: sql`case when m.kind = 'receipt' and t.type = 'farm_to_market' then ${q} else 0 end`,
  returned: sql`case when ${countedIn} and m.to_holder = ${holders.farm} and t.id is not null then ${q} else 0 end`,
  written_off: sql`case when m.kind in ('damage', 'stock_take') then ${writtenOff} else 0 end`,
  farm: net(named(holders.farm)),
  in_transit: net(named(holders.transit)),
  agents_full: net(agentOwn(':full')),
  agents_empty: net(agentOwn(':empty')),
  at_clients: net((_, b) => sql`${sql.raw(b)}.client_id is not null`),
  with_suppliers: net((_, b) => sql`${sql.raw(b)}.supplier_id is not null`),
  writeoff: net(named(holders.writeoff)),
  damaged: sql`case when m.kind = 'damage' then ${q} else 0 end`,
};

/**
 * What the movements `m` picked by `where` add, per agent and farm day in `zone`: the rows of
 * agent_crate_days (without out_before) those movements alone would make.
 */
export function figuresOf(where: SQL, zone: SQL = keptZone): SQL {
  return sql`
    select ${AGENT} as market_agent_id, (m.occurred_at at time zone z.zone)::date as day,
      ${sql.join(
        FIGURES.map((f) => sql`sum(${FIGURE_OF[f]})::integer as ${sql.identifier(f)}`),
        sql`, `,
      )}
    from crate_movements m
    cross join (select ${zone} as zone) z
    left join transmissions t on t.id = m.transmission_id
    left join crate_balances bf on bf.holder = m.from_holder
    left join crate_balances bt on bt.holder = m.to_holder
    left join clients cf on cf.id = bf.client_id
    left join clients ctl on ctl.id = bt.client_id
    where (${where}) and z.zone is not null
    group by 1, 2`;
}

const COLUMNS = sql.join(
  ['market_agent_id', 'day', ...FIGURES].map((c) => sql.identifier(c)),
  sql`, `,
);
const ADD_EXCLUDED = sql.join(
  FIGURES.map((f) => sql`${sql.identifier(f)} = agent_crate_days.${sql.identifier(f)} + excluded.${sql.identifier(f)}`),
  sql`, `,
);

/** Kinds that can change a turnaround figure (out, back, lost): a settled day they land in is matched again. */
const TURNAROUND_KINDS = new Set<MovementKind>([
  'receipt',
  'count_difference',
  'opening_balance',
  'stock_take',
  'damage',
]);

/**
 * A movement as moveCrates books it, what its figures are made of (ledger.ts CrateMove adds its reason
 * and author). `occurredAt`: when it happened, for demo and bench data (default: now).
 */
export type KeptMove = {
  from: string;
  to: string;
  quantity: number;
  kind: MovementKind;
  transmissionId?: number | null;
  clientTransactionId?: number | null;
  occurredAt?: Date;
};

const agentHolder = /^agent:(\d+):(full|empty)$/;
const clientHolder = /^client:(\d+)$/;

/**
 * The parameters of one movement's upsert: the JavaScript twin of AGENT and FIGURE_OF above. What
 * needs another row — the transmission's agent and type, a client's agent — is left to the statement
 * (keepDay), which reads them by primary key: for each figure that depends on the transmission's type,
 * the value it takes when the type fits. The two twins must agree; the invariant checker compares what
 * this kept with what figuresOf makes of crate_movements, on every test farm.
 */
// Long: one figure a line, as FIGURE_OF spells them; split, the twins would no longer read side by side.
export function upsertOf(move: KeptMove) {
  const { from, to, quantity: q, kind } = move;
  const countedIn = kind === 'receipt' || kind === 'count_difference';
  const writtenOff = kind === 'damage' || to === holders.writeoff ? q : -q;
  const net = (is: (holder: string) => boolean) => (is(from) ? -q : 0) + (is(to) ? q : 0);
  const own = (suffix: string) => (h: string) => agentHolder.test(h) && h.endsWith(suffix);
  const idOf = (pattern: RegExp, holder: string) => {
    const found = pattern.exec(holder);
    return found ? Number(found[1]) : null;
  };
  const figures = {
    out: ['receipt', 'count_difference', 'opening_balance'].includes(kind) && agentHolder.test(to) ? q : 0,
    sent: kind === 'dispatch' && from === holders.farm ? q : kind === 'recall' && to === holders.farm ? -q : 0,
    written_off: kind === 'damage' || kind === 'stock_take' ? writtenOff : 0,
    farm: net((h) => h === holders.farm),
    in_transit: net((h) => h === holders.transit),
    agents_full: net(own(':full')),
    agents_empty: net(own(':empty')),
    at_clients: net((h) => clientHolder.test(h)),
    with_suppliers: net((h) => /^supplier:\d+$/.test(h)),
    writeoff: net((h) => h === holders.writeoff),
    damaged: kind === 'damage' ? q : 0,
    // Missing at stock takes (less found) and damaged at clients; short counts of returns below.
    lost_otherwise: kind === 'stock_take' || (kind === 'damage' && move.clientTransactionId != null) ? writtenOff : 0,
    // When the transmission is a return (back, short), a delivery (received), or any (returned).
    if_return_back: countedIn && to === holders.farm ? q : 0,
    if_return_lost: countedIn && to === holders.writeoff ? q : 0,
    if_delivery_received: kind === 'receipt' ? q : 0,
    if_transmission_returned: countedIn && to === holders.farm ? q : 0,
  };
  const holdersOf = {
    from_agent: idOf(agentHolder, from),
    from_client: idOf(clientHolder, from),
    to_agent: idOf(agentHolder, to),
    to_client: idOf(clientHolder, to),
    transmission: move.transmissionId ?? null,
    // null: now(), the transaction's start, as occurred_at's default.
    at: move.occurredAt?.toISOString() ?? null,
  };
  return { figures, holders: holdersOf };
}

type UpsertParameter = keyof ReturnType<typeof upsertOf>['figures'] | keyof ReturnType<typeof upsertOf>['holders'];
const p = (name: UpsertParameter, type = 'integer') => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
const byType = (type: string, value: SQL) => sql`case when t.type = ${type} then ${value} else 0 end`;

/** Each figure of agent_crate_days as the upsert computes it from its parameters (FIGURE_OF's twin). */
const UPSERT_FIGURE: Record<Figure, SQL> = {
  out: p('out'),
  back: byType('market_to_farm', p('if_return_back')),
  lost: sql`${byType('market_to_farm', p('if_return_lost'))} + ${p('lost_otherwise')}`,
  sent: p('sent'),
  received: byType('farm_to_market', p('if_delivery_received')),
  returned: sql`case when t.id is not null then ${p('if_transmission_returned')} else 0 end`,
  written_off: p('written_off'),
  farm: p('farm'),
  in_transit: p('in_transit'),
  agents_full: p('agents_full'),
  agents_empty: p('agents_empty'),
  at_clients: p('at_clients'),
  with_suppliers: p('with_suppliers'),
  writeoff: p('writeoff'),
  damaged: p('damaged'),
};

/**
 * One movement's upsert: the agent is the first of its holders' agents, its clients' agents, its
 * transmission's agent (AGENT's order); the day is the moment's (null: now(), the transaction's start,
 * as occurred_at's default) in the time zone kept — none recorded: nothing is kept. Compiled once:
 * building it with the query builder for every movement cost more than running it.
 */
const KEEP_DAY = new PgDialect().sqlToQuery(sql`
  insert into agent_crate_days (${COLUMNS})
  select coalesce(${p('from_agent')}, cf.market_agent_id, ${p('to_agent')}, ctl.market_agent_id, t.market_agent_id, 0),
    (coalesce(${p('at', 'timestamptz')}, now()) at time zone z.value)::date,
    ${sql.join(
      FIGURES.map((f) => UPSERT_FIGURE[f]),
      sql`, `,
    )}
  from settings z
  left join transmissions t on t.id = ${p('transmission')}
  left join clients cf on cf.id = ${p('from_client')}
  left join clients ctl on ctl.id = ${p('to_client')}
  where z.key = ${TIME_ZONE_KEY}
  on conflict (market_agent_id, day) do update set ${ADD_EXCLUDED}
  returning market_agent_id as agent, day::text as day, (xmax = 0) as created`);

type PreparedKeep = { execute(values: Record<string, unknown>): Promise<{ rows: Omit<KeptRow, 'settled'>[] }> };
/** The executor's drizzle session, which runs a compiled statement as a named (prepared) one. */
type Session = {
  prepareQuery(query: typeof KEEP_DAY, fields: undefined, name: string, arrayMode: boolean): PreparedKeep;
};
const sessionOf = (tx: Executor) => (tx as unknown as { _: { session: Session } })._.session;

/**
 * Adds one movement (just written by moveCrates, in the caller's transaction) to its agent's day. A
 * movement at the current time lands on today or yesterday, never on a settled day (two days old);
 * one with its own date is checked against the agent's settled day under its lock.
 */
export async function keepMovement(tx: Executor, move: KeptMove): Promise<void> {
  const { figures, holders: of } = upsertOf(move);
  if (Object.values(figures).every((v) => v === 0)) return;
  const { rows } = await sessionOf(tx)
    .prepareQuery(KEEP_DAY, undefined, 'crate_days_keep', false)
    .execute({ ...figures, ...of });
  const backDated = move.occurredAt !== undefined;
  await settleWhereDue(
    tx,
    rows.map((r) => ({ ...r, settled: null })),
    { kinds: [move.kind], backDated },
  );
}

type KeptRow = { agent: number; day: string; created: boolean; settled: string | null };

/** An upsert's end: each row added to, new or not, and the day its agent is settled through. */
const UPSERTED = sql`
  on conflict (market_agent_id, day) do update set ${ADD_EXCLUDED}
  returning market_agent_id as agent, day::text as day, (xmax = 0) as created,
    (select s.settled_through::text from agent_turnarounds s
      where s.market_agent_id = agent_crate_days.market_agent_id) as settled`;

/**
 * Adds the movements picked by `where` (just written, in the caller's transaction) to their agents'
 * days. A new day row settles the agent's older days; a movement booked into a settled day (a date in
 * the past) has the agent's turnaround matched again from its first day.
 */
export async function keepCrateDays(
  tx: Executor,
  where: SQL,
  due: { kinds: readonly MovementKind[]; backDated: boolean },
): Promise<void> {
  const result = await tx.execute<KeptRow>(sql`
    insert into agent_crate_days (${COLUMNS}) ${figuresOf(where)}
    ${UPSERTED}`);
  await settleWhereDue(tx, result.rows, due);
}

/**
 * A new day row settles its agent's older days; a movement that can change the turnaround booked into
 * a day that may be settled (a date given, or on or before the settled day) has it checked under the
 * agent's lock, and matched again from the start when it is.
 */
async function settleWhereDue(
  tx: Executor,
  rows: readonly KeptRow[],
  { kinds, backDated }: { kinds: readonly MovementKind[]; backDated: boolean },
): Promise<void> {
  const turnaround = kinds.some((k) => TURNAROUND_KINDS.has(k));
  /** Agent → the day it changed when that day may be settled already (checked under the agent's lock). */
  const toSettle = new Map<number, string | null>();
  const created = new Set<number>();
  for (const r of rows) {
    const agent = Number(r.agent);
    if (agent === 0) continue;
    const intoSettled = turnaround && (backDated || (r.settled !== null && r.day <= r.settled));
    if (r.created) created.add(agent);
    if (r.created || intoSettled) toSettle.set(agent, intoSettled ? r.day : (toSettle.get(agent) ?? null));
  }
  if (toSettle.size > 0) await settleTurnarounds(tx, toSettle, created);
}

/**
 * Settles each agent's days up to two days before the earlier of its last day and today (no write at
 * the current time lands there any more), under the agent's agent_turnarounds row lock; an agent whose
 * changed day is settled already is matched again from its first day.
 */
async function settleTurnarounds(
  tx: Executor,
  changed: Map<number, string | null>,
  created: ReadonlySet<number>,
): Promise<void> {
  const ids = [...changed.keys()].sort((a, b) => a - b);
  const values = sql.join(
    ids.map((id) => sql`(${id}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`insert into agent_turnarounds (market_agent_id) values ${values} on conflict do nothing`);
  const locked = await tx.execute<{ agent: number; settled: string | null }>(sql`
    select market_agent_id as agent, settled_through::text as settled from agent_turnarounds
    where market_agent_id in (${sqlList(ids)}) order by market_agent_id for update`);
  const again = locked.rows
    .filter((r) => {
      const day = changed.get(Number(r.agent));
      return day != null && r.settled !== null && day <= r.settled;
    })
    .map((r) => Number(r.agent));
  if (again.length > 0) await unsettle(tx, sqlList(again));
  // Only a new day or a day matched again can move what is settled.
  const moving = ids.filter((id) => created.has(id) || again.includes(id));
  if (moving.length > 0) await tx.execute(settleSql(sql`s.market_agent_id in (${sqlList(moving)})`));
}

/** Forgets what was settled for the agents picked (their turnaround is then matched from the start). */
async function unsettle(tx: Executor, agents: SQL) {
  await tx.execute(sql`delete from agent_turnaround_days where market_agent_id in (${agents})`);
  await tx.execute(sql`
    update agent_turnarounds set settled_through = null, delivered = 0, taken = 0
    where market_agent_id in (${agents})`);
}

/**
 * The oldest-first matching of each agent's days after its settled day `s0` (null: from the start, with
 * `o0` delivered and `t0` taken then) up to its `through` day, given as the CTE `st` (agent, s0, o0, t0,
 * through). The same rule as rules.ts matchedCrates, over positions: crate number p delivered is the
 * p-th crate out; the crates taken on a day are the next ones in line, returns before write-offs, never
 * more than are out. A day's positions are running sums (the crates still out follow Lindley's
 * recursion: a running sum less its running minimum below zero), and each crate back is matched to
 * the day its position was delivered by one sweep over the positions where a delivery or a return
 * begins or a return ends. Adds the CTEs `go` (the agents with days to settle), `steps` (each day
 * settled: out, out_after, taken_after), `last` (each agent's last step) and `matches` (agent,
 * days_away, crates).
 */
// Long: one SQL statement, the matching's steps one CTE each; apart they would be strings passed around.
function matching(st: SQL): SQL {
  return sql`
    st as (${st}),
    go as (select * from st where through > coalesce(s0, '-infinity'::date)),
    days as (
      select d.market_agent_id as agent, d.day, d.out, d.back, g.t0,
        g.o0 + sum(d.out) over w as out_after,
        g.o0 - g.t0 + sum(d.out - d.back - greatest(d.lost, 0)) over w as wd
      from agent_crate_days d join go g on g.agent = d.market_agent_id
      where d.day > coalesce(g.s0, '-infinity'::date) and d.day <= g.through
      window w as (partition by d.market_agent_id order by d.day)
    ),
    fifo as (
      select *, out_after - (wd - least(0, min(wd) over w)) as taken_after
      from days window w as (partition by agent order by day)
    ),
    steps as (
      select *, coalesce(lag(taken_after) over w, t0) as taken_before
      from fifo window w as (partition by agent order by day)
    ),
    last as (select distinct on (agent) agent, out_after, taken_after from steps order by agent, day desc),
    lots as (
      select d.market_agent_id as agent, d.day, d.out_before as start
      from agent_crate_days d join go g on g.agent = d.market_agent_id
      where d.day <= g.s0 and d.out > 0 and d.out_before + d.out > g.t0
      union all
      select agent, day, out_after - out from steps where out > 0
    ),
    backs as (
      select agent, day, taken_before as start, taken_before + least(back, out_after - taken_before) as stop
      from steps where back > 0 and out_after > taken_before
    ),
    points as (
      select agent, start as pos, day as lot_day, null::date as back_day, null::bigint as back_stop from lots
      union all select agent, start, null, day, stop from backs
      union all select agent, stop, null, null, null from backs
    ),
    sweep as (
      select agent, pos, lead(pos) over (partition by agent order by pos) as next,
        max(lot_day) over r as lot_day, max(back_day) over r as back_day, max(back_stop) over r as back_stop
      from points
      window r as (partition by agent order by pos range between unbounded preceding and current row)
    ),
    matches as (
      select agent, back_day - lot_day as days_away, sum(next - pos)::bigint as crates
      from sweep where back_stop > pos and next > pos
      group by 1, 2
    )`;
}

/**
 * One statement: settles the picked agents (`s`, their agent_turnarounds rows) from what they settled
 * up to two days before the earlier of their last day and today, and keeps what it matched.
 */
function settleSql(agents: SQL): SQL {
  const today = sql`(now() at time zone ${keptZone})::date`;
  return sql`
    with ${matching(sql`
      select s.market_agent_id as agent, s.settled_through as s0, s.delivered as o0, s.taken as t0,
        least((select max(d.day) from agent_crate_days d where d.market_agent_id = s.market_agent_id), ${today}) - 2
          as through
      from agent_turnarounds s where ${agents}`)},
    lots_kept as (
      update agent_crate_days d set out_before = s.out_after - s.out
      from steps s where d.market_agent_id = s.agent and d.day = s.day and d.out_before is distinct from s.out_after - s.out
    ),
    matches_kept as (
      insert into agent_turnaround_days (market_agent_id, days_away, crates)
      select agent, days_away, crates from matches
      on conflict (market_agent_id, days_away) do update set crates = agent_turnaround_days.crates + excluded.crates
    )
    update agent_turnarounds s set settled_through = g.through,
      delivered = coalesce(l.out_after, g.o0), taken = coalesce(l.taken_after, g.t0)
    from go g left join last l on l.agent = g.agent
    where s.market_agent_id = g.agent`;
}

/**
 * The settled turnaround that differs from settling every agent from the start up to its settled day,
 * one line each (at most 10): the invariant checker's half of the totals (crates/invariant.ts).
 */
export async function turnaroundMismatches(db: Executor): Promise<string[]> {
  const result = await db.execute<{ problem: string }>(sql`
    with ${matching(sql`
      select market_agent_id as agent, null::date as s0, 0::bigint as o0, 0::bigint as t0, settled_through as through
      from agent_turnarounds where settled_through is not null`)},
    kept as (select market_agent_id as agent, days_away, crates from agent_turnaround_days)
    select problem from (
      select 'agent ' || s.market_agent_id || ' settled through ' || coalesce(s.settled_through::text, 'nothing')
        || ': ' || s.delivered || ' delivered and ' || s.taken || ' taken back kept, the days say '
        || coalesce(l.out_after, 0) || ' and ' || coalesce(l.taken_after, 0) as problem
      from agent_turnarounds s left join last l on l.agent = s.market_agent_id
      where s.delivered <> coalesce(l.out_after, 0) or s.taken <> coalesce(l.taken_after, 0)
      union all
      select 'agent ' || coalesce(m.agent, k.agent) || ': ' || coalesce(k.crates, 0) || ' crates back after '
        || coalesce(m.days_away, k.days_away) || ' days kept, the days say ' || coalesce(m.crates, 0)
      from matches m full outer join kept k on k.agent = m.agent and k.days_away = m.days_away
      where coalesce(m.crates, 0) <> coalesce(k.crates, 0)
      union all
      select 'agent ' || s.agent || ' on ' || s.day || ': ' || coalesce(d.out_before::text, 'no')
        || ' crates delivered before kept, the days say ' || (s.out_after - s.out)
      from steps s join agent_crate_days d on d.market_agent_id = s.agent and d.day = s.day
      where s.out > 0 and d.out_before is distinct from s.out_after - s.out
    ) p limit 10`);
  return result.rows.map((r) => r.problem);
}

/** The kept days that differ from what crate_movements add up to, one line each (at most 10). */
export async function crateDayMismatches(db: Executor): Promise<string[]> {
  const differs = sql.join(
    FIGURES.map((f) => sql`coalesce(f.${sql.identifier(f)}, 0) <> coalesce(d.${sql.identifier(f)}, 0)`),
    sql` or `,
  );
  const shown = (side: string) =>
    sql.join(
      FIGURES.map((f) => sql`coalesce(${sql.raw(side)}.${sql.identifier(f)}, 0)`),
      sql` || ' ' || `,
    );
  const result = await db.execute<{ problem: string }>(sql`
    with f as (${figuresOf(sql`true`)})
    select 'agent ' || coalesce(f.market_agent_id, d.market_agent_id) || ' on ' || coalesce(f.day, d.day)
      || ': kept ' || ${shown('d')} || ', the movements say ' || ${shown('f')} as problem
    from f full outer join agent_crate_days d on d.market_agent_id = f.market_agent_id and d.day = f.day
    where ${differs}
    limit 10`);
  return result.rows.map((r) => r.problem);
}

const lockTotals = (tx: Executor) =>
  tx.execute(sql`lock table agent_crate_days, agent_turnarounds, agent_turnaround_days in exclusive mode`);

/**
 * Rebuilds every agent's days and settled turnaround from crate_movements, kept in `timeZone`: for a
 * loader that writes movements in bulk without moveCrates (a benchmark's farm), and when the totals
 * are kept in another time zone or not at all (keepCrateDaysIn). Everything else keeps them current
 * through moveCrates.
 */
export async function rebuildCrateDays(tx: Executor, timeZone: string): Promise<void> {
  await lockTotals(tx);
  // One grouping of every movement: in memory rather than in batches on disk (a rebuild is rare).
  await tx.execute(sql`set local work_mem = '128MB'`);
  await tx.execute(sql`
    insert into settings (key, value) values (${TIME_ZONE_KEY}, ${timeZone})
    on conflict (key) do update set value = excluded.value`);
  await tx.execute(sql`delete from agent_turnaround_days`);
  await tx.execute(sql`delete from agent_turnarounds`);
  await tx.execute(sql`delete from agent_crate_days`);
  // Each day's crates delivered before it, so settling them below rewrites no row.
  await tx.execute(sql`
    insert into agent_crate_days (${COLUMNS}, out_before)
    select f.*, sum(f.out) over (partition by f.market_agent_id order by f.day) - f.out
    from (${figuresOf(sql`true`)}) f`);
  await tx.execute(sql`
    insert into agent_turnarounds (market_agent_id)
    select distinct market_agent_id from agent_crate_days where market_agent_id <> 0`);
  await tx.execute(settleSql(sql`true`));
}

/** The time zone the totals are kept in; null when they are not kept (see TIME_ZONE_KEY). */
export async function keptTimeZone(db: Executor): Promise<string | null> {
  const result = await db.execute<{ value: string }>(sql`select value from settings where key = ${TIME_ZONE_KEY}`);
  return result.rows[0]?.value ?? null;
}

/**
 * Keeps the totals in the farm's time zone: rebuilt from the ledger when they are kept in another one
 * or not at all (the first start after migration 0023, a new FARM_TIMEZONE, a restored backup from
 * before them). True when it rebuilt. Several instances starting at once rebuild once: the tables'
 * lock makes the others wait, and they find the zone kept.
 */
export async function keepCrateDaysIn(db: Db, timeZone: string): Promise<boolean> {
  if ((await keptTimeZone(db)) === timeZone) return false;
  return db.transaction(async (tx) => {
    await lockTotals(tx);
    if ((await keptTimeZone(tx)) === timeZone) return false;
    await rebuildCrateDays(tx, timeZone);
    return true;
  });
}
