// Transmission rules (spec §6, DESIGN §4): who may send what to whom, acknowledging by count, and
// resolving flagged differences. Every crate change goes through the ledger in the action's transaction.
import type { Role } from '../../../shared/auth.ts';
import {
  type CreateTransmissionBody,
  transmissionMessages as m,
  SUPPLIER_REQUEST_MAX,
  type Transmission,
} from '../../../shared/transmissions.ts';
import type { Db, Executor } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import * as agents from '../agents/service.ts';
import { holders, inLedgerTransaction, moveCrates } from '../crates/ledger.ts';
import * as repo from './repository.ts';

export type Caller = { id: number; role: Role };

function toTransmission(row: repo.TransmissionView): Transmission {
  return {
    ...row,
    difference: row.status === 'acknowledged' && row.actualQuantity !== null ? row.actualQuantity - row.quantity : null,
  };
}

async function viewOf(db: Executor, id: number): Promise<Transmission> {
  const [row] = await repo.listTransmissions(db, { ids: [id], limit: 1 });
  return toTransmission(row);
}

/** The farm store sees every transmission; anyone else only those from or to themselves. */
export async function listTransmissions(
  db: Executor,
  caller: Caller,
  page: { limit: number; before?: number },
): Promise<Transmission[]> {
  const involving = caller.role === 'farm_store' ? undefined : caller.id;
  const rows = await repo.listTransmissions(db, { ...page, involving });
  return rows.map(toTransmission);
}

/** Pending transmissions addressed to the caller: the 'Incoming Transmissions' card. */
export async function listIncoming(
  db: Executor,
  caller: Caller,
  page: { limit: number; before?: number },
): Promise<Transmission[]> {
  const rows = await repo.listTransmissions(db, { ...page, pendingFor: caller.id });
  return rows.map(toTransmission);
}

export async function listFlagged(
  db: Executor,
  page: { limit: number; before?: number; state: 'open' | 'all' },
): Promise<Transmission[]> {
  const rows = await repo.listTransmissions(db, { limit: page.limit, before: page.before, flagged: page.state });
  return rows.map(toTransmission);
}

export const countPendingFor = (db: Executor, userId: number) => repo.countPendingFor(db, userId);
export const countPendingRequestsFrom = (db: Executor, userId: number) => repo.countPendingFrom(db, userId);
export const countOpenFlags = (db: Executor) => repo.countOpenFlags(db);

const notEnoughFarmStock = (available: number) => conflict(m.notEnoughFarmStock(available));

export async function createTransmission(db: Db, caller: Caller, body: CreateTransmissionBody): Promise<Transmission> {
  const notes = body.notes?.trim() || null;
  if (caller.role === 'farm_store') return createFromFarm(db, caller, body, notes);
  if (caller.role === 'market_agent') return createReturn(db, caller, body, notes);
  return createCrateRequest(db, caller, body, notes);
}

/** farm_to_market sends crates out of farm stock; market_to_farm is a collection of the agent's empties. */
async function createFromFarm(db: Db, caller: Caller, body: CreateTransmissionBody, notes: string | null) {
  if (body.type !== 'farm_to_market' && body.type !== 'market_to_farm') throw forbidden(m.farmTypesOnly);
  if (!body.marketAgentId && !body.toUserId) throw badRequest(m.selectAgent, { marketAgentId: m.selectAgent });
  const agent = body.marketAgentId
    ? await agents.findAgentById(db, body.marketAgentId)
    : await agents.findAgentByUserId(db, body.toUserId!);
  if (!agent?.isActive) throw notFound(m.agentNotFound);
  if (body.marketAgentId && body.toUserId && body.toUserId !== agent.userId) {
    throw badRequest(m.agentMismatch, { toUserId: m.agentMismatch });
  }
  const type = body.type;
  const id = await inLedgerTransaction(db, async (tx) => {
    const row = await repo.insertTransmission(tx, {
      type,
      fromUserId: caller.id,
      toUserId: agent.userId,
      marketAgentId: agent.id,
      quantity: body.quantity,
      notes,
    });
    await moveCrates(tx, {
      from: type === 'farm_to_market' ? holders.farm : holders.agentEmpty(agent.id),
      to: holders.transit,
      quantity: body.quantity,
      kind: 'dispatch',
      transmissionId: row.id,
      createdBy: caller.id,
      insufficient:
        type === 'farm_to_market'
          ? notEnoughFarmStock
          : (available) =>
              new HttpError(409, m.notEnoughAgentEmpties(available), { quantity: m.notEnoughAgentEmpties(available) }),
    });
    await recordChange(tx, {
      tags: ['transmissions', 'crates'],
      audience: [audiences.farmStore, audiences.user(agent.userId)],
    });
    return row.id;
  });
  return viewOf(db, id);
}

/** A market agent returns empty crates to the farm store: at most the empties it holds. */
async function createReturn(db: Db, caller: Caller, body: CreateTransmissionBody, notes: string | null) {
  if (body.type !== 'market_to_farm') throw forbidden(m.agentsReturnOnly);
  const agent = await agents.findAgentByUserId(db, caller.id);
  if (!agent) throw notFound(m.agentNotFound);
  const farmStore = await repo.findFarmContactFor(db, agent.id);
  if (!farmStore) throw conflict(m.noFarmStore);
  const id = await inLedgerTransaction(db, async (tx) => {
    const row = await repo.insertTransmission(tx, {
      type: 'market_to_farm',
      fromUserId: caller.id,
      toUserId: farmStore.id,
      marketAgentId: agent.id,
      quantity: body.quantity,
      notes,
    });
    await moveCrates(tx, {
      from: holders.agentEmpty(agent.id),
      to: holders.transit,
      quantity: body.quantity,
      kind: 'dispatch',
      transmissionId: row.id,
      createdBy: caller.id,
      insufficient: (available) =>
        new HttpError(409, m.noEmptyCrates, { quantity: `You have ${available} empty crates` }),
    });
    await recordChange(tx, {
      tags: ['transmissions', 'crates'],
      audience: [audiences.farmStore, audiences.user(caller.id)],
    });
    return row.id;
  });
  return viewOf(db, id);
}

/** A supplier's crate request (DESIGN §7: addressed to the farm store); crates move when it is acknowledged. */
async function createCrateRequest(db: Db, caller: Caller, body: CreateTransmissionBody, notes: string | null) {
  if (body.type !== 'supplier_to_farm') throw forbidden(m.suppliersRequestOnly);
  if (body.quantity > SUPPLIER_REQUEST_MAX) {
    throw badRequest(m.supplierQuantityRange, { quantity: m.supplierQuantityRange });
  }
  const supplier = await repo.findSupplierByUserId(db, caller.id);
  if (supplier?.status !== 'approved') throw forbidden(m.supplierNotApproved);
  const farmStore = await repo.findFarmStoreUser(db);
  if (!farmStore) throw conflict(m.noFarmStore);
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertTransmission(tx, {
      type: 'supplier_to_farm',
      fromUserId: caller.id,
      toUserId: farmStore.id,
      marketAgentId: null,
      quantity: body.quantity,
      notes,
    });
    await recordChange(tx, { tags: ['transmissions'], audience: [audiences.farmStore, audiences.user(caller.id)] });
    return inserted;
  });
  return viewOf(db, row.id);
}

/** Where a transmission's crates arrive. */
async function destinationOf(db: Executor, t: repo.TransmissionRow): Promise<string> {
  if (t.type === 'farm_to_market') return holders.agentFull(t.marketAgentId!);
  if (t.type === 'market_to_farm') return holders.farm;
  const supplier = await repo.findSupplierByUserId(db, t.fromUserId);
  if (!supplier) throw conflict('The supplier of this request no longer exists');
  return holders.supplier(supplier.id);
}

/**
 * Billing hook (billing issue): an acknowledged return grows the active cycle's record for the agent
 * by `crates` × the cycle's rate, in this same transaction. No cycles exist yet, so nothing accrues.
 */
async function accrueReturnToBilling(_tx: Executor, _marketAgentId: number, _crates: number): Promise<void> {}

/**
 * The addressed recipient confirms the counted quantity (none given: the sent quantity). A difference
 * is kept, flagged and booked to the write-off account; for a supplier request the count is the
 * number of crates issued from farm stock.
 */
export async function acknowledgeTransmission(
  db: Db,
  caller: Caller,
  id: number,
  actualQuantity: number | null,
): Promise<Transmission> {
  const existing = await repo.findTransmission(db, id);
  if (!existing) throw notFound(m.transmissionNotFound);
  if (existing.toUserId !== caller.id) throw forbidden(m.notRecipient);
  if (existing.status !== 'pending') throw conflict(m.alreadyAcknowledged);

  await inLedgerTransaction(db, async (tx) => {
    const t = await repo.acknowledgePending(tx, { id, userId: caller.id, actualQuantity });
    if (!t) throw conflict(m.alreadyAcknowledged);
    await recordChange(tx, {
      tags: ['transmissions', 'crates', ...(t.type === 'market_to_farm' ? (['billing'] as const) : [])],
      audience: [audiences.farmStore, audiences.user(t.fromUserId), audiences.user(t.toUserId)],
    });
    const actual = t.actualQuantity!;
    const to = await destinationOf(tx, t);
    const common = { transmissionId: t.id, createdBy: caller.id };

    if (t.type === 'supplier_to_farm') {
      if (actual > 0) {
        await moveCrates(tx, {
          ...common,
          from: holders.farm,
          to,
          quantity: actual,
          kind: 'supplier_issue',
          insufficient: notEnoughFarmStock,
        });
      }
      return;
    }

    const received = Math.min(actual, t.quantity);
    if (received > 0)
      await moveCrates(tx, { ...common, from: holders.transit, to, quantity: received, kind: 'receipt' });
    if (actual < t.quantity) {
      await moveCrates(tx, {
        ...common,
        from: holders.transit,
        to: holders.writeoff,
        quantity: t.quantity - actual,
        kind: 'count_difference',
        reason: `Counted ${actual} of ${t.quantity}`,
      });
    } else if (actual > t.quantity) {
      // Found crates: a negative on the write-off account, so the pool still adds up.
      await moveCrates(tx, {
        ...common,
        from: holders.writeoff,
        to,
        quantity: actual - t.quantity,
        kind: 'count_difference',
        reason: `Counted ${actual} of ${t.quantity}`,
      });
    }
    if (t.type === 'market_to_farm') await accrueReturnToBilling(tx, t.marketAgentId!, actual);
  });
  return viewOf(db, id);
}

/**
 * The farm store closes a flagged difference with a note. foundQuantity > 0 (only for a count below
 * the sent quantity, at most the shortfall) books crates found from the write-off account to where
 * they should have arrived; otherwise the difference is accepted as it stands.
 */
export async function resolveFlaggedTransmission(
  db: Db,
  caller: Caller,
  id: number,
  { note, foundQuantity = 0 }: { note: string; foundQuantity?: number },
): Promise<Transmission> {
  const existing = await repo.findTransmission(db, id);
  if (!existing) throw notFound(m.transmissionNotFound);
  if (!existing.isFlagged) throw conflict(m.notFlagged);
  if (existing.resolvedAt) throw conflict(m.alreadyResolved);
  const shortfall = existing.quantity - (existing.actualQuantity ?? existing.quantity);
  if (foundQuantity > 0 && shortfall <= 0) {
    throw badRequest(m.foundOnlyForShortfall, { foundQuantity: m.foundOnlyForShortfall });
  }
  if (foundQuantity > shortfall && foundQuantity > 0) {
    throw badRequest(m.foundTooMany(shortfall), { foundQuantity: m.foundTooMany(shortfall) });
  }
  await inLedgerTransaction(db, async (tx) => {
    const t = await repo.resolveOpenFlag(tx, { id, userId: caller.id, note });
    if (!t) throw conflict(m.alreadyResolved);
    await recordChange(tx, {
      tags: ['transmissions', 'crates', ...(t.type === 'market_to_farm' ? (['billing'] as const) : [])],
      audience: [audiences.farmStore, audiences.user(t.fromUserId), audiences.user(t.toUserId)],
    });
    if (foundQuantity > 0) {
      await moveCrates(tx, {
        from: holders.writeoff,
        to: await destinationOf(tx, t),
        quantity: foundQuantity,
        kind: 'resolution',
        transmissionId: t.id,
        reason: note,
        createdBy: caller.id,
      });
      if (t.type === 'market_to_farm') await accrueReturnToBilling(tx, t.marketAgentId!, foundQuantity);
    }
  });
  return viewOf(db, id);
}
