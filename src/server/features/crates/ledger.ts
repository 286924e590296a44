// The crate ledger service (DESIGN §4): the only code that changes a crate count. Each move appends
// one crate_movements row and updates both holders' crate_balances in the caller's transaction.
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';
import { crateMovements, farmFlowTotals, type movementKinds } from '../../db/schema/index.ts';
import { conflict, type HttpError } from '../../lib/http-error.ts';

/** Holder names, as documented in src/server/db/schema/crates.ts. */
export const holders = {
  /** Outside the farm's pool: crates bought come from here, damaged ones go back. May be negative. */
  external: 'external',
  farm: 'farm',
  /** Crates of pending farm_to_market and market_to_farm transmissions. */
  transit: 'transit',
  /** Counted differences: a shortfall adds, crates found subtract (may be negative). */
  writeoff: 'writeoff',
  agentFull: (marketAgentId: number) => `agent:${marketAgentId}:full`,
  agentEmpty: (marketAgentId: number) => `agent:${marketAgentId}:empty`,
  client: (clientId: number) => `client:${clientId}`,
  supplier: (supplierId: number) => `supplier:${supplierId}`,
} as const;

/** Holders whose balance may go below zero. */
const MAY_BE_NEGATIVE = new Set<string>([holders.external, holders.writeoff]);

export type MovementKind = (typeof movementKinds)[number];

export type CrateMove = {
  from: string;
  to: string;
  quantity: number;
  kind: MovementKind;
  transmissionId?: number | null;
  clientTransactionId?: number | null;
  reason?: string | null;
  createdBy?: number | null;
  /** When it happened, for demo and bench data that is a year of history (default: now). */
  occurredAt?: Date;
  /** The error when `from` holds too few crates (default: a 409 naming the holder). */
  insufficient?: (available: number) => HttpError;
};

export async function balanceOf(db: Executor, holder: string): Promise<number> {
  const result = await db.execute<{ balance: number }>(
    sql`select balance from crate_balances where holder = ${holder}`,
  );
  return Number(result.rows[0]?.balance ?? 0);
}

/** Balances of several holders at once; missing holders are 0. */
export async function balancesOf(db: Executor, names: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  if (names.length === 0) return out;
  const result = await db.execute<{ holder: string; balance: number }>(
    sql`select holder, balance from crate_balances where holder in (${sqlList(names)})`,
  );
  for (const row of result.rows) out[row.holder] = Number(row.balance);
  return out;
}

async function addTo(db: Executor, holder: string, quantity: number) {
  await db.execute(sql`
    insert into crate_balances (holder, balance) values (${holder}, ${quantity})
    on conflict (holder) do update set balance = crate_balances.balance + excluded.balance`);
}

/** Takes crates from a holder; false when it would go below zero (the row lock makes this race-free). */
async function takeFrom(db: Executor, holder: string, quantity: number): Promise<boolean> {
  if (MAY_BE_NEGATIVE.has(holder)) {
    await addTo(db, holder, -quantity);
    return true;
  }
  const result = await db.execute<{ balance: number }>(sql`
    update crate_balances set balance = balance - ${quantity}
    where holder = ${holder} and balance >= ${quantity}
    returning balance`);
  return result.rows.length > 0;
}

/**
 * What a movement adds to the farm's flow (the dashboard's weekly chart): crates dispatched from the
 * farm to markets, a recalled delivery's crates taken off again, and crates counted back in at the
 * farm. Null for every other movement. The SQL twin is FARM_FLOW below.
 */
function farmFlowOf(move: Pick<CrateMove, 'from' | 'to' | 'kind' | 'quantity'>) {
  if (move.kind === 'dispatch' && move.from === holders.farm) return { sent: move.quantity, returned: 0 };
  if (move.kind === 'recall' && move.from === holders.transit && move.to === holders.farm) {
    return { sent: -move.quantity, returned: 0 };
  }
  if ((move.kind === 'receipt' || move.kind === 'count_difference') && move.to === holders.farm) {
    return { sent: 0, returned: move.quantity };
  }
  return null;
}

/** A moment's 15-minute slot in farm_flow_totals (schema/crates.ts says why 15 minutes). */
const flowSlot = (at: SQL) => sql`date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00')`;

/** farmFlowOf over crate_movements `m`, per slot: what farm_flow_totals must hold. */
const FARM_FLOW = sql`
  select ${flowSlot(sql`m.occurred_at`)} as slot_start,
    (coalesce(sum(m.quantity) filter (where m.kind = 'dispatch' and m.from_holder = ${holders.farm}), 0)
      - coalesce(sum(m.quantity) filter (
          where m.kind = 'recall' and m.from_holder = ${holders.transit} and m.to_holder = ${holders.farm}), 0)
    )::integer as sent,
    coalesce(sum(m.quantity) filter (
      where m.kind in ('receipt', 'count_difference') and m.to_holder = ${holders.farm}), 0)::integer as returned
  from crate_movements m
  where (m.kind = 'dispatch' and m.from_holder = ${holders.farm})
     or (m.kind = 'recall' and m.from_holder = ${holders.transit} and m.to_holder = ${holders.farm})
     or (m.kind in ('receipt', 'count_difference') and m.to_holder = ${holders.farm})
  group by 1`;

/** Adds a movement's flow to its slot, in the movement's transaction (after the farm's balance row is locked). */
async function addFarmFlow(tx: Executor, move: CrateMove) {
  const flow = farmFlowOf(move);
  if (!flow) return;
  // The movement's occurred_at: the given moment, or now() (the transaction's start, as its default).
  const at = move.occurredAt ? sql`${move.occurredAt.toISOString()}::timestamptz` : sql`now()`;
  await tx
    .insert(farmFlowTotals)
    .values({ slotStart: flowSlot(at), sent: flow.sent, returned: flow.returned })
    .onConflictDoUpdate({
      target: farmFlowTotals.slotStart,
      set: {
        sent: sql`${farmFlowTotals.sent} + excluded.sent`,
        returned: sql`${farmFlowTotals.returned} + excluded.returned`,
      },
    });
}

/**
 * Recomputes farm_flow_totals from crate_movements: for a loader that writes movements in bulk
 * without moveCrates (a benchmark's farm). Everything else keeps it current through moveCrates.
 */
export async function rebuildFarmFlowTotals(tx: Executor): Promise<void> {
  await tx.execute(sql`delete from farm_flow_totals`);
  await tx.execute(sql`insert into farm_flow_totals (slot_start, sent, returned) ${FARM_FLOW}`);
}

/**
 * Moves crates between two holders inside the caller's transaction. Throws 409 when the giving holder
 * (other than 'external' and 'writeoff') has too few; the caller's transaction then rolls back.
 * Returns the movement's id. Both balance rows are touched in name order so concurrent moves lock rows in one order.
 */
export async function moveCrates(tx: Executor, move: CrateMove): Promise<number> {
  if (!Number.isInteger(move.quantity) || move.quantity <= 0) {
    throw new Error(`moveCrates: quantity must be a positive integer, got ${move.quantity}`);
  }
  if (move.from === move.to) throw new Error(`moveCrates: from and to are the same holder (${move.from})`);
  const take = async () => {
    if (!(await takeFrom(tx, move.from, move.quantity))) {
      const available = await balanceOf(tx, move.from);
      throw (
        move.insufficient?.(available) ??
        conflict(`Not enough crates: ${move.from} holds ${available}, ${move.quantity} needed`)
      );
    }
  };
  if (move.from < move.to) {
    await take();
    await addTo(tx, move.to, move.quantity);
  } else {
    await addTo(tx, move.to, move.quantity);
    await take();
  }
  const [row] = await tx
    .insert(crateMovements)
    .values({
      fromHolder: move.from,
      toHolder: move.to,
      quantity: move.quantity,
      kind: move.kind,
      transmissionId: move.transmissionId ?? null,
      clientTransactionId: move.clientTransactionId ?? null,
      reason: move.reason ?? null,
      createdBy: move.createdBy ?? null,
      ...(move.occurredAt ? { occurredAt: move.occurredAt } : {}),
    })
    .returning({ id: crateMovements.id });
  await addFarmFlow(tx, move);
  return row.id;
}

/** One opening balance of a bulk import: crates that were out there on paper, from 'external' to `to`. */
export type OpeningEntry = { to: string; quantity: number; clientTransactionId?: number | null };

/**
 * Books many opening balances at once (an import, decision 050) in the caller's transaction: every
 * entry is a movement 'external' → its holder of kind 'opening_balance', the balances are upserted
 * with one statement per chunk, and 'external' is taken once for the total. The same rows moveCrates
 * would write, without a round trip per entry; nothing is taken from a holder that can't go negative.
 */
export async function bookOpeningBalances(
  tx: Executor,
  entries: readonly OpeningEntry[],
  { reason, createdBy }: { reason: string; createdBy: number | null },
): Promise<number> {
  const moves = entries.filter((e) => e.quantity !== 0);
  for (const e of moves) {
    if (!Number.isInteger(e.quantity) || e.quantity < 0) {
      throw new Error(`bookOpeningBalances: quantity must be a positive integer, got ${e.quantity}`);
    }
    if (e.to === holders.external || MAY_BE_NEGATIVE.has(e.to) || e.to === holders.transit) {
      throw new Error(`bookOpeningBalances: an opening balance cannot go to ${e.to}`);
    }
  }
  if (moves.length === 0) return 0;
  const perHolder = new Map<string, number>();
  for (const e of moves) perHolder.set(e.to, (perHolder.get(e.to) ?? 0) + e.quantity);
  // Balance rows in name order, as moveCrates touches them ('external' sorts after agents and clients).
  const names = [...perHolder.keys()].sort();
  // One statement each, the rows as one JSON parameter: no parameter list that grows with the rows.
  const balanceRows = JSON.stringify(names.map((holder) => ({ holder, balance: perHolder.get(holder) })));
  await tx.execute(sql`
    insert into crate_balances (holder, balance)
    select holder, balance from jsonb_to_recordset(${balanceRows}::jsonb) as r(holder text, balance integer)
    on conflict (holder) do update set balance = crate_balances.balance + excluded.balance`);
  const total = moves.reduce((sum, e) => sum + e.quantity, 0);
  await addTo(tx, holders.external, -total);
  const movementRows = JSON.stringify(
    moves.map((e) => ({ to_holder: e.to, quantity: e.quantity, loan: e.clientTransactionId ?? null })),
  );
  await tx.execute(sql`
    insert into crate_movements (from_holder, to_holder, quantity, kind, client_transaction_id, reason, created_by)
    select ${holders.external}, m.to_holder, m.quantity, 'opening_balance', m.loan, ${reason}, ${createdBy}::integer
    from jsonb_to_recordset(${movementRows}::jsonb) as m(to_holder text, quantity integer, loan integer)`);
  return moves.length;
}

/**
 * Each agent's monthly statement figures (decision 064) between two instants, as a subquery with the
 * columns (agent, opening, received, sent_back, count_differences, missing, damaged, adjustments,
 * at_clients, closing): every movement into or out of an agent's holders (its full and empty crates and
 * its clients', found through crate_balances' generated ids) before `to`, signed, summed by kind in one
 * pass. A move between two of the agent's own holders (a lend, a client's return) adds and takes the
 * same crates within one kind, so it nets to nothing. `closing` is summed on its own: the service
 * checks opening + in − out against it. balances.ts reads it; the invariant checker compares issued
 * statements with it.
 */
export function agentFiguresQuery(window: { from: SQL; to: SQL }, marketAgentIds: SQL): SQL {
  const inMonth = (kinds: SQL) =>
    sql`coalesce(sum(s.delta) filter (where s.occurred_at >= ${window.from} and s.kind in (${kinds})), 0)::bigint`;
  const listed = (kinds: readonly MovementKind[]) => sqlList(kinds);
  return sql`
    with owner as (
      select b.holder, coalesce(b.market_agent_id, c.market_agent_id) as agent, b.client_id is not null as at_client
      from crate_balances b left join clients c on c.id = b.client_id
      where coalesce(b.market_agent_id, c.market_agent_id) in (${marketAgentIds})
    ),
    sides as (
      select o.agent, o.at_client, m.kind, m.occurred_at, m.quantity as delta
      from owner o join crate_movements m on m.to_holder = o.holder
      where m.occurred_at < ${window.to}
      union all
      select o.agent, o.at_client, m.kind, m.occurred_at, -m.quantity as delta
      from owner o join crate_movements m on m.from_holder = o.holder
      where m.occurred_at < ${window.to}
    )
    select s.agent,
      coalesce(sum(s.delta) filter (where s.occurred_at < ${window.from}), 0)::bigint as opening,
      ${inMonth(listed(RECEIVED_KINDS))} as received,
      -${inMonth(listed(SENT_BACK_KINDS))} as sent_back,
      ${inMonth(listed(COUNT_KINDS))} as count_differences,
      -${inMonth(listed(['stock_take']))} as missing,
      -${inMonth(listed(['damage']))} as damaged,
      coalesce(sum(s.delta) filter (
        where s.occurred_at >= ${window.from} and s.kind not in (${listed(NAMED_KINDS)})), 0)::bigint as adjustments,
      coalesce(sum(s.delta) filter (where s.at_client), 0)::bigint as at_clients,
      coalesce(sum(s.delta), 0)::bigint as closing
    from sides s
    group by s.agent`;
}

const RECEIVED_KINDS: readonly MovementKind[] = ['receipt', 'opening_balance', 'supplier_issue'];
const SENT_BACK_KINDS: readonly MovementKind[] = ['dispatch', 'recall'];
const COUNT_KINDS: readonly MovementKind[] = ['count_difference', 'resolution'];
/** Kinds with a figure of their own; every other kind (a statement's adjustment, …) is an adjustment. */
const NAMED_KINDS: readonly MovementKind[] = [
  ...RECEIVED_KINDS,
  ...SENT_BACK_KINDS,
  ...COUNT_KINDS,
  'stock_take',
  'damage',
];

export type InvariantReport = { ok: boolean; problems: string[] };

/**
 * DESIGN §4's invariant, checked against the database:
 * 1. the sum over all holders except 'external' (transit and write-off included) equals the sum of the
 *    farm's stock adjustments (crates bought minus damaged, opening balances included), which is
 *    −balance('external');
 * 2. no holder but 'writeoff' (and 'external', the other side of every adjustment) is below zero;
 * 3. every crate_balances row equals the sum over crate_movements for that holder;
 * 4. only stock adjustments and opening balances touch 'external', and every movement is positive;
 *    an opening balance goes to an agent, or to a client with its loan of that many crates (050);
 * 5. 'transit' holds exactly the crates of pending farm_to_market and market_to_farm transmissions;
 * 6. each client holds exactly the crates out of its loans (borrowed − returned; the table's CHECK
 *    keeps a loan open exactly while crates are out);
 * 7. billing conservation (DESIGN §5): every acknowledged return has exactly one billing line, whose
 *    crates are the crates the ledger booked into the farm for it (so billed + unbilled crates =
 *    counted crates of acknowledged returns), and nothing else has a line;
 * 8. a billed line lies inside its cycle's dates with amount = crates × the cycle's rate (so each
 *    cycle's amount = its crates × its rate, to the cent); an unbilled line's day is in no cycle;
 *    cycles never overlap; a payment equals what its agent's lines in that cycle come to;
 * 9. farm_flow_totals holds, per slot, exactly the farm's flow of the movements in that slot;
 * 10. damaged crates (decision 051) only ever go to the write-off account, and the stock takes' booked
 *    movements add up to their accepted differences (Σ expected − counted of accepted lines = crates
 *    the 'stock_take' movements put on the write-off account, net);
 * 11. every issued monthly statement (decision 064) still reads what the ledger says up to its month's
 *    end: its month is closed, so a correction since then changed nothing in it.
 */
export async function checkLedgerInvariant(db: Db | Executor): Promise<InvariantReport> {
  const problems: string[] = [];
  for (const check of invariantChecks) problems.push(...(await check(db)));
  return { ok: problems.length === 0, problems };
}

const num = (v: unknown) => Number(v ?? 0);

// 1. holders (but external) sum to the stock adjustments, and to −external.
async function stockAdjustmentsMatchHolders(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const totals = await db.execute<{ held: number; external: number; adjustments: number }>(sql`
    select
      (select coalesce(sum(balance), 0) from crate_balances where holder <> 'external')::bigint as held,
      (select coalesce(sum(balance), 0) from crate_balances where holder = 'external')::bigint as external,
      (select coalesce(sum(case when from_holder = 'external' then quantity else -quantity end), 0)
         from crate_movements
         where kind in ('stock_adjustment', 'opening_balance')
           and (from_holder = 'external' or to_holder = 'external'))::bigint as adjustments`);
  const t = totals.rows[0];
  if (num(t.held) !== num(t.adjustments)) {
    problems.push(`holders sum to ${t.held} but stock adjustments sum to ${t.adjustments}`);
  }
  if (num(t.held) !== -num(t.external)) problems.push(`holders sum to ${t.held} but external is ${t.external}`);
  return problems;
}

// 2. nobody but writeoff and external is below zero.
async function noHolderBelowZero(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const negative = await db.execute<{ holder: string; balance: number }>(sql`
    select holder, balance from crate_balances
    where balance < 0 and holder not in ('writeoff', 'external')`);
  for (const row of negative.rows) problems.push(`${row.holder} is below zero (${row.balance})`);
  return problems;
}

// 3. each balance row is the sum of its movements.
async function balancesMatchMovements(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const mismatched = await db.execute<{ holder: string; balance: number; ledger: number }>(sql`
    with sums as (
      select holder, sum(delta)::bigint as ledger from (
        select to_holder as holder, quantity as delta from crate_movements
        union all
        select from_holder as holder, -quantity as delta from crate_movements
      ) d group by holder
    )
    select coalesce(b.holder, s.holder) as holder, coalesce(b.balance, 0) as balance, coalesce(s.ledger, 0) as ledger
    from crate_balances b full outer join sums s on s.holder = b.holder
    where coalesce(b.balance, 0) <> coalesce(s.ledger, 0)`);
  for (const row of mismatched.rows) {
    problems.push(`${row.holder}: balance ${row.balance} but movements sum to ${row.ledger}`);
  }
  return problems;
}

// 4. only adjustments touch external, and every movement is positive.
async function onlyAdjustmentsTouchExternal(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const odd = await db.execute<{ id: number; kind: string; quantity: number }>(sql`
    select id, kind, quantity from crate_movements
    where quantity <= 0
       or ((from_holder = 'external' or to_holder = 'external')
           and kind not in ('stock_adjustment', 'opening_balance'))
    limit 10`);
  for (const row of odd.rows) problems.push(`movement ${row.id} (${row.kind}, ${row.quantity}) is not allowed`);
  return problems;
}

// 5. transit holds the crates of pending transmissions.
async function transitMatchesPendingTransmissions(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const transit = await db.execute<{ pending: number; held: number }>(sql`
    select
      (select coalesce(sum(quantity), 0) from transmissions
        where status = 'pending' and type in ('farm_to_market', 'market_to_farm'))::bigint as pending,
      (select coalesce(sum(balance), 0) from crate_balances where holder = 'transit')::bigint as held`);
  if (num(transit.rows[0].pending) !== num(transit.rows[0].held)) {
    problems.push(`transit holds ${transit.rows[0].held} but pending transmissions carry ${transit.rows[0].pending}`);
  }
  return problems;
}

// 6. each client holds the crates out of its loans.
async function clientsHoldTheirLoans(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const loans = await db.execute<{ client_id: number; held: number; out: number }>(sql`
    with out as (
      select client_id, sum(quantity_borrowed - quantity_returned)::bigint as out
      from client_transactions group by client_id
    )
    select coalesce(b.client_id, o.client_id) as client_id, coalesce(b.balance, 0) as held, coalesce(o.out, 0) as out
    from (select client_id, balance from crate_balances where client_id is not null) b
    full outer join out o on o.client_id = b.client_id
    where coalesce(b.balance, 0) <> coalesce(o.out, 0)
    limit 10`);
  for (const row of loans.rows) {
    problems.push(`client ${row.client_id} holds ${row.held} but its loans have ${row.out} crates out`);
  }
  return problems;
}

// 7. every acknowledged return has one billing line of the crates counted.
async function everyReturnBilledOnce(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const billed = await db.execute<{ id: number; line_crates: number | null; counted: number | null }>(sql`
    with counted as (
      select t.id, coalesce(sum(case when m.to_holder = 'farm' then m.quantity
                                     when m.from_holder = 'farm' then -m.quantity else 0 end), 0)::bigint as counted
      from transmissions t
      left join crate_movements m on m.transmission_id = t.id
      where t.type = 'market_to_farm' and t.status = 'acknowledged'
      group by t.id
    )
    select coalesce(c.id, l.transmission_id) as id, l.crates as line_crates, c.counted
    from counted c full outer join billing_lines l on l.transmission_id = c.id
    where l.id is null or c.id is null or l.crates <> c.counted
    limit 10`);
  for (const row of billed.rows) {
    problems.push(
      row.line_crates === null
        ? `return ${row.id} (${row.counted} crates counted) has no billing line`
        : row.counted === null
          ? `billing line for transmission ${row.id} is not an acknowledged return`
          : `return ${row.id}: billing line has ${row.line_crates} crates but ${row.counted} were counted`,
    );
  }
  return problems;
}

// 8. billed lines lie in their cycle at crates × rate, unbilled ones in no cycle; cycles never overlap.
async function linesInsideTheirCycles(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const lines = await db.execute<{ id: number; problem: string }>(sql`
    select l.id, case when l.cycle_id is null then 'unbilled though a cycle covers its day'
                      when l.acknowledged_on not between c.start_date and c.end_date then 'outside its cycle''s dates'
                      else 'amount is not crates × rate' end as problem
    from billing_lines l
    left join billing_cycles c on c.id = l.cycle_id
    where (l.cycle_id is null and exists (
             select 1 from billing_cycles k where l.acknowledged_on between k.start_date and k.end_date))
       or (l.cycle_id is not null and (l.acknowledged_on not between c.start_date and c.end_date
                                       or l.amount <> c.rate_per_crate * l.crates))
    limit 10`);
  for (const row of lines.rows) problems.push(`billing line ${row.id}: ${row.problem}`);

  const overlapping = await db.execute<{ a: number; b: number }>(sql`
    select x.id as a, y.id as b from billing_cycles x join billing_cycles y
      on x.id < y.id and x.start_date <= y.end_date and y.start_date <= x.end_date
    limit 10`);
  for (const row of overlapping.rows) problems.push(`billing cycles ${row.a} and ${row.b} overlap`);
  return problems;
}

// 8. a payment equals what its agent's lines in that cycle come to.
async function paymentsMatchLines(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const payments = await db.execute<{ id: number; amount: string; billed: string | null }>(sql`
    select p.id, p.amount::text as amount, s.billed::text as billed
    from billing_payments p
    left join lateral (
      select sum(l.amount) as billed, sum(l.crates) as crates from billing_lines l
      where l.cycle_id = p.cycle_id and l.market_agent_id = p.market_agent_id
    ) s on true
    where s.billed is null or p.amount <> s.billed or p.crates <> s.crates
    limit 10`);
  for (const row of payments.rows) {
    problems.push(`payment ${row.id} of ${row.amount} but the agent's lines in its cycle come to ${row.billed}`);
  }
  return problems;
}

// 9. the flow totals are the movements' flow, slot by slot.
async function flowTotalsMatchMovements(db: Db | Executor): Promise<string[]> {
  const mismatched = await db.execute<{ slot: string; sent: number; returned: number; kept: string }>(sql`
    with flows as (${FARM_FLOW})
    select coalesce(f.slot_start, t.slot_start)::text as slot, coalesce(f.sent, 0) as sent,
      coalesce(f.returned, 0) as returned, coalesce(t.sent, 0) || ' sent, ' || coalesce(t.returned, 0) as kept
    from flows f full outer join farm_flow_totals t on t.slot_start = f.slot_start
    where coalesce(f.sent, 0) <> coalesce(t.sent, 0) or coalesce(f.returned, 0) <> coalesce(t.returned, 0)
    limit 10`);
  return mismatched.rows.map(
    (r) =>
      `farm flow at ${r.slot}: movements say ${r.sent} sent, ${r.returned} returned; farm_flow_totals ${r.kept} returned`,
  );
}

// 4b. an opening balance brings crates to an agent or a client, and a client's names one of its loans
//     of exactly that many crates (an import, decision 050).
async function openingBalancesLandWithHolders(db: Db | Executor): Promise<string[]> {
  const odd = await db.execute<{ id: number; to_holder: string }>(sql`
    select m.id, m.to_holder from crate_movements m
    left join client_transactions t on t.id = m.client_transaction_id
    where m.kind = 'opening_balance' and m.from_holder = 'external'
      and not (
        (m.to_holder ~ '^agent:[0-9]+:(full|empty)$' and m.client_transaction_id is null)
        or (m.to_holder ~ '^client:[0-9]+$' and t.id is not null
            and m.to_holder = 'client:' || t.client_id and t.quantity_borrowed = m.quantity))
    limit 10`);
  return odd.rows.map((r) => `opening balance ${r.id} to ${r.to_holder} is neither an agent's nor a client's loan`);
}

// 10. damage goes to the write-off account; stock-take bookings match the accepted differences.
async function damageAndStockTakesBooked(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const odd = await db.execute<{ id: number }>(sql`
    select id from crate_movements where kind = 'damage' and to_holder <> ${holders.writeoff} limit 10`);
  for (const row of odd.rows) problems.push(`damage movement ${row.id} does not go to the write-off account`);
  const totals = await db.execute<{ booked: string | number; accepted: string | number }>(sql`
    select
      (select coalesce(sum(case when to_holder = ${holders.writeoff} then quantity else -quantity end), 0)
         from crate_movements where kind = 'stock_take')::bigint as booked,
      (select coalesce(sum(expected - counted), 0) from stock_take_lines where resolution = 'accepted')::bigint as accepted`);
  const t = totals.rows[0];
  if (num(t.booked) !== num(t.accepted)) {
    problems.push(
      `stock takes booked ${t.booked} to the write-off account but accepted differences come to ${t.accepted}`,
    );
  }
  return problems;
}

// 11. issued statements still match the ledger up to their month's end.
async function statementsMatchLedger(db: Db | Executor): Promise<string[]> {
  const problems: string[] = [];
  const periods = await db.execute<{ period_start: string; period_end: string }>(sql`
    select distinct period_start::text as period_start, period_end::text as period_end from balance_statements`);
  for (const p of periods.rows) {
    const window = { from: sql`${p.period_start}::timestamptz`, to: sql`${p.period_end}::timestamptz` };
    const agents = sql`select market_agent_id from balance_statements where period_start = ${window.from} and period_end = ${window.to}`;
    const odd = await db.execute<{ id: number; month: string; figure: string }>(sql`
      with f as (${agentFiguresQuery(window, agents)})
      select s.id, s.month, case
        when s.opening <> coalesce(f.opening, 0) then 'opening'
        when s.received <> coalesce(f.received, 0) then 'received'
        when s.sent_back <> coalesce(f.sent_back, 0) then 'sent back'
        when s.count_differences <> coalesce(f.count_differences, 0) then 'count differences'
        when s.missing <> coalesce(f.missing, 0) then 'missing'
        when s.damaged <> coalesce(f.damaged, 0) then 'damaged'
        when s.adjustments <> coalesce(f.adjustments, 0) then 'adjustments'
        when s.at_clients <> coalesce(f.at_clients, 0) then 'at clients'
        else 'closing' end as figure
      from balance_statements s left join f on f.agent = s.market_agent_id
      where s.period_start = ${window.from} and s.period_end = ${window.to}
        and (s.opening, s.received, s.sent_back, s.count_differences, s.missing, s.damaged, s.adjustments,
             s.at_clients, s.closing)
          is distinct from (coalesce(f.opening, 0), coalesce(f.received, 0), coalesce(f.sent_back, 0),
             coalesce(f.count_differences, 0), coalesce(f.missing, 0), coalesce(f.damaged, 0),
             coalesce(f.adjustments, 0), coalesce(f.at_clients, 0), coalesce(f.closing, 0))
      limit 10`);
    for (const row of odd.rows) {
      problems.push(`statement ${row.id} (${row.month}): its ${row.figure} no longer matches the ledger`);
    }
  }
  return problems;
}

const invariantChecks = [
  stockAdjustmentsMatchHolders,
  openingBalancesLandWithHolders,
  noHolderBelowZero,
  balancesMatchMovements,
  onlyAdjustmentsTouchExternal,
  transitMatchesPendingTransmissions,
  clientsHoldTheirLoans,
  everyReturnBilledOnce,
  linesInsideTheirCycles,
  paymentsMatchLines,
  flowTotalsMatchMovements,
  damageAndStockTakesBooked,
  statementsMatchLedger,
];

const RETRYABLE = new Set(['40P01', '40001']);
const sqlState = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
};

/**
 * Runs a ledger-changing action in one transaction, retrying when PostgreSQL picks it as a deadlock
 * victim (two actions touching the same balances in a different order): the user never sees a 500.
 */
export async function inLedgerTransaction<T>(db: Db, action: (tx: Executor) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(action);
    } catch (err) {
      const code = sqlState(err);
      if (!code || !RETRYABLE.has(code) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 10));
    }
  }
}
