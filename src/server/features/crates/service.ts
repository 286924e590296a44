// Farm stock (DESIGN §4): stock adjustments, agents' opening balances from paper records, and the
// farm store's own summary. Each change is a ledger entry from or to the 'external' holder.
import type { OpeningBalanceBody, StockAdjustmentBody, StockEntry } from '../../../shared/transmissions.ts';
import { stockMessages, transmissionMessages } from '../../../shared/transmissions.ts';
import type { Db, Executor } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { Caller } from '../../lib/ownership.ts';
import * as agents from '../agents/service.ts';
import { keepCrateDaysIn, keptTimeZone } from './crate-days.ts';
import { balanceOf, bookOpeningBalances, holders, inLedgerTransaction, moveCrates } from './ledger.ts';
import * as repo from './repository.ts';

/** Positive buys crates into farm stock, negative writes damaged ones off; never below zero (409). */
export async function adjustStock(
  db: Db,
  caller: Pick<Caller, 'id'>,
  body: StockAdjustmentBody,
  { at }: { at?: Date } = {},
) {
  const movementId = await inLedgerTransaction(db, async (tx) => {
    const id = await moveCrates(tx, {
      from: body.quantity > 0 ? holders.external : holders.farm,
      to: body.quantity > 0 ? holders.farm : holders.external,
      quantity: Math.abs(body.quantity),
      kind: 'stock_adjustment',
      reason: body.reason,
      createdBy: caller.id,
      occurredAt: at,
      insufficient: (available) =>
        new HttpError(409, stockMessages.belowZero(available), { quantity: stockMessages.belowZero(available) }),
    });
    const after = await balanceOf(tx, holders.farm);
    const change = body.quantity > 0 ? `+${body.quantity}` : String(body.quantity);
    await recordChange(tx, {
      tags: ['crates'],
      audience: [audiences.farmStore],
      audit: { record: id, summary: `farm stock ${after - body.quantity} → ${after} (${change}: ${body.reason})` },
    });
    return id;
  });
  const [entry] = await repo.listStockEntries(db, { ids: [movementId], limit: 1 });
  return { stock: await balanceOf(db, holders.farm), entry };
}

/** An agent's full and empty crates on paper when the farm starts using the app: once per agent. */
export async function enterOpeningBalance(
  db: Db,
  caller: Pick<Caller, 'id'>,
  body: OpeningBalanceBody,
  { at }: { at?: Date } = {},
) {
  if (body.fullCrates + body.emptyCrates === 0) {
    throw badRequest(stockMessages.openingBalanceEmpty, { fullCrates: stockMessages.openingBalanceEmpty });
  }
  const agent = await agents.findAgentById(db, body.marketAgentId);
  if (!agent) throw notFound(transmissionMessages.agentNotFound);
  const reason = body.reason?.trim() || 'Opening balance from paper records';
  const ids = await inLedgerTransaction(db, async (tx) => {
    await repo.lockMarketAgent(tx, agent.id);
    if (await repo.hasOpeningBalance(tx, agent.id)) throw conflict(stockMessages.openingBalanceTwice);
    await recordChange(tx, {
      tags: ['crates'],
      audience: [audiences.farmStore, audiences.user(agent.userId)],
      audit: { record: agent.id, summary: `+${body.fullCrates} full, +${body.emptyCrates} empty crates (${reason})` },
    });
    const created: number[] = [];
    for (const [count, to] of [
      [body.fullCrates, holders.agentFull(agent.id)],
      [body.emptyCrates, holders.agentEmpty(agent.id)],
    ] as const) {
      if (count > 0) {
        created.push(
          await moveCrates(tx, {
            from: holders.external,
            to,
            quantity: count,
            kind: 'opening_balance',
            reason,
            createdBy: caller.id,
            occurredAt: at,
          }),
        );
      }
    }
    return created;
  });
  return {
    marketAgentId: agent.id,
    fullCrates: body.fullCrates,
    emptyCrates: body.emptyCrates,
    entries: await repo.listStockEntries(db, { ids, limit: ids.length }),
  };
}

export async function listStockEntries(db: Executor, page: { limit: number; before?: number }): Promise<StockEntry[]> {
  return repo.listStockEntries(db, page);
}

export async function farmStock(db: Executor): Promise<number> {
  return balanceOf(db, holders.farm);
}

/**
 * Opening balances of many new agents at once, in the caller's transaction (an import, decision 050):
 * the same 'external' → agent full / empty movements as enterOpeningBalance, booked in bulk.
 */
export async function bookAgentOpeningBalances(
  tx: Executor,
  rows: readonly { marketAgentId: number; fullCrates: number; emptyCrates: number }[],
  { reason, createdBy }: { reason: string; createdBy: number },
): Promise<number> {
  return bookOpeningBalances(
    tx,
    rows.flatMap((r) => [
      { to: holders.agentFull(r.marketAgentId), quantity: r.fullCrates },
      { to: holders.agentEmpty(r.marketAgentId), quantity: r.emptyCrates },
    ]),
    { reason, createdBy },
  );
}

/**
 * At start: the insights' day totals (decision 078) kept in the farm's time zone, rebuilt from the
 * ledger when they are not (logged, since on a big farm it takes a while).
 */
export async function keepInsightTotals(db: Db, timeZone: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  if (await keepCrateDaysIn(db, timeZone)) {
    log(`crate day totals rebuilt in ${timeZone} from the ledger (${Date.now() - started} ms)`);
  }
}

/** The time zone the insights' day totals are kept in, null when they are not kept (decision 078). */
export async function insightTotalsZone(db: Executor): Promise<string | null> {
  return keptTimeZone(db);
}
