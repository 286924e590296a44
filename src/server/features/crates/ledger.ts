// The crate ledger service (DESIGN §4): the only code that changes a crate count. Each move appends
// one crate_movements row and updates both holders' crate_balances in the caller's transaction.
import { type SQL, sql } from 'drizzle-orm';
import errorsEnglish from '../../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../../shared/i18n/english.ts';
import type { Db, Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';
import { crateMovements, farmFlowTotals, type movementKinds } from '../../db/schema/index.ts';
import { conflict, type HttpError } from '../../lib/http-error.ts';
import { type KeptMove, keepCrateDays, keepMovement } from './crate-days.ts';
import { holders } from './holders.ts';

addEnglish({ errors: errorsEnglish });

export { holders };

/** Holders whose balance may go below zero. */
const MAY_BE_NEGATIVE = new Set<string>([holders.external, holders.writeoff]);

export type MovementKind = (typeof movementKinds)[number];

/** A movement: what crate-days.ts keeps of it (KeptMove: holders, quantity, kind, records, when), and more. */
export type CrateMove = KeptMove & {
  reason?: string | null;
  createdBy?: number | null;
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

/** farmFlowOf over crate_movements `m`, per slot: what farm_flow_totals must hold (and the invariant checks). */
export const FARM_FLOW = sql`
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
        conflict(
          english('errors.notEnoughCrates', {
            holder: move.from,
            available: String(available),
            needed: String(move.quantity),
          }),
        )
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
  await keepMovement(tx, move);
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
  const inserted = await tx.execute<{ id: number }>(sql`
    insert into crate_movements (from_holder, to_holder, quantity, kind, client_transaction_id, reason, created_by)
    select ${holders.external}, m.to_holder, m.quantity, 'opening_balance', m.loan, ${reason}, ${createdBy}::integer
    from jsonb_to_recordset(${movementRows}::jsonb) as m(to_holder text, quantity integer, loan integer)
    returning id`);
  const ids = `{${inserted.rows.map((r) => Number(r.id)).join(',')}}`;
  await keepCrateDays(tx, sql`m.id = any(${ids}::bigint[])`, { kinds: ['opening_balance'], backDated: false });
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
