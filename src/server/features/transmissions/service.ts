// Transmission rules (spec §6, DESIGN §4, §7): who may send what to whom, acknowledging by count,
// recalling what is still pending, and resolving flagged differences. Every crate change goes
// through the ledger in the action's transaction. The farm side is the farm store role, not one
// person (docs/decisions/012): what goes to the farm is addressed to the role, and what the farm sent
// any farm store user may recall.
import type { Role } from '../../../shared/auth.ts';
import type { ChangeTag } from '../../../shared/change-tags.ts';
import { damageMessages } from '../../../shared/damage.ts';
import errorsEnglish from '../../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../../shared/i18n/english.ts';
import { type Permission, userHasPermission } from '../../../shared/permissions.ts';
import {
  cratesOnStacks,
  scannedStacksRefusal,
  stackCountOf,
  stackMessages,
  unscannedStacksOf,
} from '../../../shared/stack-labels.ts';
import {
  type ActionCounts,
  type CreateTransmissionBody,
  transmissionMessages as m,
  maxCountFor,
  SUPPLIER_REQUEST_MAX,
  type Transmission,
  type TransmissionType,
} from '../../../shared/transmissions.ts';
import type { Db, Executor } from '../../db/client.ts';
import { type Audience, audiences, recordChange } from '../../lib/changes.ts';
import { DEFAULT_FARM_TIMEZONE } from '../../lib/farm-date.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, refusalError } from '../../lib/http-error.ts';
import { type Acting, type Caller, ownRowsOf, partyOf } from '../../lib/ownership.ts';
import { emitWebhookEvent, transmissionData } from '../../lib/webhook-outbox.ts';
import * as agents from '../agents/service.ts';
import * as billing from '../billing/service.ts';
import { holders, inLedgerTransaction, moveCrates } from '../crates/ledger.ts';
import * as repo from './repository.ts';
import { acknowledgeRefusal, actionsOn, recallRefusal, recipientOf, resolveRefusal } from './rules.ts';
import { readUsualStackSize } from './stack-size.ts';

addEnglish({ errors: errorsEnglish });

export type { Caller };

/**
 * When the action happened (default: now; demo and bench data is a year of history) and the farm's
 * time zone, whose calendar day of an acknowledgement picks the billing cycle (default FARM_TIMEZONE's).
 */
export type When = { at?: Date; timeZone?: string };
/** Crates of a counted return marked damaged, and why (decision 051). */
export type Damage = { quantity: number; reason: string | null };

/** A transmission as the caller sees it: with its counted difference and what the caller may do with it. */
function toTransmission(caller: Acting, row: repo.TransmissionView): Transmission {
  const { fromRole: _role, fromActive: _from, toActive: _to, ...view } = row;
  return {
    ...view,
    stackCount: stackCountOf(row.quantity, row.stackSize),
    unscannedStacks: row.scannedStacks ? unscannedStacksOf(row.quantity, row.stackSize, row.scannedStacks) : [],
    difference: row.status === 'acknowledged' && row.actualQuantity !== null ? row.actualQuantity - row.quantity : null,
    ...actionsOn(row, caller),
  };
}

/** Every row of a list as the caller sees it. */
const viewsFor = (caller: Acting) => (rows: repo.TransmissionView[]) => rows.map((row) => toTransmission(caller, row));

async function viewOf(db: Executor, caller: Acting, id: number): Promise<Transmission> {
  const [row] = await repo.listTransmissions(db, { ids: [id], limit: 1 });
  return toTransmission(caller, row);
}

/** The farm store sees every transmission; anyone else only those from or to themselves. */
export async function listTransmissions(
  db: Executor,
  caller: Caller,
  page: { limit: number; before?: number },
): Promise<Transmission[]> {
  return viewsFor(caller)(await repo.listTransmissions(db, { ...page, involving: ownRowsOf(caller)?.userId }));
}

/** Pending transmissions the caller may acknowledge: the 'Incoming Transmissions' card. */
export async function listIncoming(
  db: Executor,
  caller: Caller,
  page: { limit: number; before?: number },
): Promise<Transmission[]> {
  return viewsFor(caller)(await repo.listTransmissions(db, { ...page, pendingFor: partyOf(caller) }));
}

/** Supplier crate requests (decision 021): the farm store sees every supplier's, a supplier its own. */
export async function listCrateRequests(
  db: Executor,
  caller: Caller,
  page: { limit: number; before?: number; pendingOnly?: boolean },
): Promise<Transmission[]> {
  const rows = await repo.listTransmissions(db, {
    ...page,
    type: 'supplier_to_farm',
    involving: ownRowsOf(caller)?.userId,
  });
  return viewsFor(caller)(rows);
}

export async function listFlagged(
  db: Executor,
  caller: Caller,
  page: { limit: number; before?: number; state: 'open' | 'all' },
): Promise<Transmission[]> {
  const rows = await repo.listTransmissions(db, { limit: page.limit, before: page.before, flagged: page.state });
  return viewsFor(caller)(rows);
}

/** Pending transmissions the caller may acknowledge (every farm store user sees the farm's). */
export const countPendingFor = (db: Executor, caller: Caller) => repo.countPendingFor(db, partyOf(caller));
/**
 * What waits for the caller (decision 047): its pending transmissions by kind, and for whoever resolves
 * flagged counts (the farm store) the open ones. The two pending figures add up to countPendingFor.
 */
export async function actionCountsFor(db: Executor, caller: Caller): Promise<ActionCounts> {
  const resolves = userHasPermission(caller, 'resolve:transmission:any');
  const [pending, flaggedCounts] = await Promise.all([
    repo.countPendingByKind(db, partyOf(caller)),
    resolves ? repo.countOpenFlags(db) : 0,
  ]);
  return { ...pending, flaggedCounts };
}

export const countPendingRequestsFrom = (db: Executor, userId: number) => repo.countPendingFrom(db, userId);
export const countOpenFlags = (db: Executor) => repo.countOpenFlags(db);

const notEnoughFarmStock = (available: number) => conflict(m.notEnoughFarmStock(available));

/** The permission each kind of transmission needs from its sender. */
function permissionToCreate(role: Role, type: TransmissionType): Permission {
  if (type === 'supplier_to_farm') return 'create:crate-request:own';
  if (type === 'market_to_farm' && role === 'market_agent') return 'create:transmission:return';
  return 'create:transmission:any';
}

const notYourKind: Record<Role, string> = {
  farm_store: m.farmTypesOnly,
  market_agent: m.agentsReturnOnly,
  supplier: m.suppliersRequestOnly,
};

export async function createTransmission(
  db: Db,
  caller: Caller,
  body: CreateTransmissionBody,
  when: When = {},
): Promise<Transmission> {
  if (!userHasPermission(caller, permissionToCreate(caller.role, body.type))) {
    throw forbidden(notYourKind[caller.role]);
  }
  if (body.stackSize != null && body.type !== 'farm_to_market') {
    throw badRequest(stackMessages.stacksOnlyForDeliveries, { stackSize: stackMessages.stacksOnlyForDeliveries });
  }
  const notes = body.notes?.trim() || null;
  if (caller.role === 'farm_store') return createFromFarm(db, caller, body, notes, when);
  if (caller.role === 'market_agent') return createReturn(db, caller, body, notes, when);
  return createCrateRequest(db, caller, body, notes, when);
}

/** farm_to_market sends crates out of farm stock; market_to_farm is a collection of the agent's empties. */
async function createFromFarm(
  db: Db,
  caller: Caller,
  body: CreateTransmissionBody,
  notes: string | null,
  { at }: When,
) {
  if (body.type !== 'farm_to_market' && body.type !== 'market_to_farm') throw forbidden(m.farmTypesOnly);
  if (!body.marketAgentId && !body.toUserId) throw badRequest(m.selectAgent, { marketAgentId: m.selectAgent });
  const agent = await recipientAgent(db, body);
  if (!agent?.isActive) throw notFound(m.agentNotFound);
  if (body.marketAgentId && body.toUserId && body.toUserId !== agent.userId) {
    throw badRequest(m.agentMismatch, { toUserId: m.agentMismatch });
  }
  const type = body.type;
  // A delivery's stacks (decision 073): as sent, else the farm's usual size; a collection has none.
  const stackSize =
    type === 'farm_to_market' ? (body.stackSize === undefined ? await readUsualStackSize(db) : body.stackSize) : null;
  return dispatch(db, caller, {
    transmission: {
      type,
      fromUserId: caller.id,
      toUserId: agent.userId,
      marketAgentId: agent.id,
      quantity: body.quantity,
      notes,
      stackSize,
      at,
    },
    from: type === 'farm_to_market' ? holders.farm : holders.agentEmpty(agent.id),
    insufficient:
      type === 'farm_to_market'
        ? notEnoughFarmStock
        : (available) =>
            new HttpError(409, m.notEnoughAgentEmpties(available), { quantity: m.notEnoughAgentEmpties(available) }),
  });
}

/** The market agent a farm delivery or collection is for: by its id, or by its user's (the recipient's, never the caller's). */
function recipientAgent(db: Executor, body: CreateTransmissionBody) {
  return body.marketAgentId
    ? agents.findAgentById(db, body.marketAgentId)
    : agents.findAgentByUserId(db, body.toUserId!);
}

/** A market agent returns empty crates to the farm store (the role): at most the empties it holds. */
async function createReturn(db: Db, caller: Caller, body: CreateTransmissionBody, notes: string | null, { at }: When) {
  if (body.type !== 'market_to_farm') throw forbidden(m.agentsReturnOnly);
  const agentId = caller.marketAgentId;
  if (agentId === null) throw notFound(m.agentNotFound);
  if (!(await repo.hasActiveFarmStore(db))) throw conflict(m.noFarmStore);
  return dispatch(db, caller, {
    transmission: {
      type: 'market_to_farm',
      fromUserId: caller.id,
      toUserId: null,
      marketAgentId: agentId,
      quantity: body.quantity,
      notes,
      at,
    },
    from: holders.agentEmpty(agentId),
    insufficient: (available) =>
      new HttpError(409, m.noEmptyCrates, {
        quantity: english('errors.emptyCratesHeld', { count: String(available) }),
      }),
  });
}

/**
 * Puts crates on the road: the transmission, its crates from `from` into transit (refused with
 * `insufficient` when `from` holds too few) and the change event, all in one ledger transaction.
 * The farm's deliveries and collections and an agent's returns all start this way.
 */
async function dispatch(
  db: Db,
  caller: Caller,
  {
    transmission,
    from,
    insufficient,
  }: {
    transmission: repo.NewTransmission;
    from: string;
    insufficient: (available: number) => HttpError;
  },
) {
  const id = await inLedgerTransaction(db, async (tx) => {
    const row = await repo.insertTransmission(tx, transmission);
    await moveCrates(tx, {
      from,
      to: holders.transit,
      quantity: transmission.quantity,
      kind: 'dispatch',
      transmissionId: row.id,
      createdBy: caller.id,
      occurredAt: transmission.at,
      insufficient,
    });
    await recordChange(tx, {
      tags: changedBy(row),
      audience: audienceOf(row),
      audit: { record: row.id, summary: sent(row) },
    });
    await emitWebhookEvent(tx, 'transmission.created', transmissionData(row));
    return row.id;
  });
  return viewOf(db, caller, id);
}

/** A supplier's crate request (DESIGN §7: addressed to the farm store role); crates move when it is acknowledged. */
async function createCrateRequest(
  db: Db,
  caller: Caller,
  body: CreateTransmissionBody,
  notes: string | null,
  { at }: When,
) {
  if (body.type !== 'supplier_to_farm') throw forbidden(m.suppliersRequestOnly);
  if (body.quantity > SUPPLIER_REQUEST_MAX) {
    throw badRequest(m.supplierQuantityRange, { quantity: m.supplierQuantityRange });
  }
  const supplier = caller.supplierId === null ? null : await repo.findSupplierById(db, caller.supplierId);
  if (supplier?.status !== 'approved') throw forbidden(m.supplierNotApproved);
  if (!(await repo.hasActiveFarmStore(db))) throw conflict(m.noFarmStore);
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertTransmission(tx, {
      type: 'supplier_to_farm',
      fromUserId: caller.id,
      toUserId: null,
      marketAgentId: null,
      quantity: body.quantity,
      notes,
      at,
    });
    await recordChange(tx, {
      tags: ['transmissions'],
      audience: audienceOf(inserted),
      audit: { record: inserted.id, summary: sent(inserted) },
    });
    await emitWebhookEvent(tx, 'transmission.created', transmissionData(inserted));
    return inserted;
  });
  return viewOf(db, caller, row.id);
}

/** The audit summary of a new transmission: 'farm_to_market, 10 crates, market agent 3 (status pending)'. */
const sent = (t: Pick<repo.TransmissionRow, 'type' | 'quantity' | 'marketAgentId'>) =>
  `${t.type}, ${t.quantity} crates${t.marketAgentId ? `, market agent ${t.marketAgentId}` : ''} (status pending)`;

/** Where a transmission's crates arrive. */
async function destinationOf(db: Executor, t: repo.TransmissionRow): Promise<string> {
  if (t.type === 'farm_to_market') return holders.agentFull(t.marketAgentId!);
  if (t.type === 'market_to_farm') return holders.farm;
  const supplier = await repo.findSupplierByUserId(db, t.fromUserId);
  if (!supplier) throw conflict(english('errors.supplierGone'));
  return holders.supplier(supplier.id);
}

/** The data a change to this transmission touches (DESIGN §6): a return's count also moves billing. */
function changedBy(t: Pick<repo.TransmissionRow, 'type'>): ChangeTag[] {
  if (t.type === 'supplier_to_farm') return ['transmissions', 'crates', 'suppliers'];
  return t.type === 'market_to_farm' ? ['transmissions', 'crates', 'billing'] : ['transmissions', 'crates'];
}

/** Who sees a change to this transmission: the farm store role, its sender and its addressed user. */
function audienceOf(t: Pick<repo.TransmissionRow, 'fromUserId' | 'toUserId'>): Audience[] {
  const people = [t.fromUserId, t.toUserId].filter((id): id is number => id !== null);
  return [audiences.farmStore, ...people.map(audiences.user)];
}

/**
 * The highest count that may be confirmed (docs/decisions/013): a supplier request issues at most the
 * crates requested; a delivery or a return may hold a few crates more than were sent.
 */
function highestCount(t: repo.TransmissionRow): number {
  return t.type === 'supplier_to_farm' ? t.quantity : maxCountFor(t.quantity);
}

/**
 * The addressed recipient confirms the counted quantity (none given: the sent quantity); for what
 * goes to the farm store that is any active farm store user. A difference is kept, flagged and booked
 * to the write-off account; for a supplier request the count is the number of crates issued from farm
 * stock. A count above the bound of docs/decisions/013 is a 400 and changes nothing.
 */
// Long: the count, its difference, the damaged crates and the billing line are one transaction's steps (decisions 013, 024, 051).
export async function acknowledgeTransmission(
  db: Db,
  caller: Acting,
  id: number,
  given: number | null,
  { at, timeZone = DEFAULT_FARM_TIMEZONE, damage, scannedStacks }: When & Counted = {},
): Promise<Transmission> {
  const existing = await repo.findTransmission(db, id);
  if (!existing) throw notFound(m.transmissionNotFound);
  const refusal = acknowledgeRefusal(existing, caller);
  if (refusal) throw refusalError(refusal);
  const scanned = scannedStacks === undefined ? undefined : checkScannedStacks(existing, scannedStacks);
  // With stacks scanned and no count typed, the count is the crates on the scanned stacks (decision 073).
  const actualQuantity =
    given ?? (scanned ? cratesOnStacks(existing.quantity, existing.stackSize!, scanned.stacks) : null);
  const recipient = recipientOf(existing);
  const max = highestCount(existing);
  if (actualQuantity !== null && actualQuantity > max) {
    throw badRequest(m.countTooHigh(max), { actualQuantity: m.countTooHigh(max) });
  }
  const damaged = damage?.quantity ?? 0;
  if (damaged > 0) {
    // Damaged crates are marked when the farm counts an agent's returned empties (decision 051).
    if (existing.type !== 'market_to_farm') {
      throw badRequest(damageMessages.onlyReturns, { damagedQuantity: damageMessages.onlyReturns });
    }
    const counted = actualQuantity ?? existing.quantity;
    if (damaged > counted) {
      throw badRequest(damageMessages.damagedTooMany(counted), {
        damagedQuantity: damageMessages.damagedTooMany(counted),
      });
    }
  }

  await inLedgerTransaction(db, async (tx) => {
    // A removed supplier's request waits until the account is restored (decision 022). Its row is held
    // until commit, so a removal at the same instant either waits for this or makes it a 409.
    if (existing.type === 'supplier_to_farm' && !(await repo.holdActiveUser(tx, existing.fromUserId))) {
      throw conflict(m.requesterRemoved);
    }
    const t = await repo.acknowledgePending(tx, { id, userId: caller.id, as: recipient, actualQuantity, at, scanned });
    if (!t) throw conflict(m.alreadyAcknowledged);
    await recordChange(tx, {
      tags: changedBy(t),
      audience: audienceOf(t),
      audit: {
        summary: `counted ${t.actualQuantity} of ${t.quantity}${damaged > 0 ? ` (${damaged} damaged)` : ''}; status pending → acknowledged${stacksSummary(t)}`,
      },
    });
    await emitWebhookEvent(tx, 'transmission.acknowledged', transmissionData(t));
    if (t.isFlagged) await emitWebhookEvent(tx, 'transmission.flagged', transmissionData(t));
    const common = { transmissionId: t.id, createdBy: caller.id, occurredAt: at };
    await bookCountedCrates(tx, t, common);
    if (damaged > 0) {
      // Counted in, then out of use: the damaged crates leave the farm's stock for the write-off account.
      await moveCrates(tx, {
        ...common,
        from: holders.farm,
        to: holders.writeoff,
        quantity: damaged,
        kind: 'damage',
        reason: damage?.reason?.trim() || null,
      });
    }
    // Billing (decision 024): the counted crates become this return's one billing line, in the cycle
    // covering the farm's day of this acknowledgement, or unbilled until such a cycle exists. Damaged
    // crates are not back in use and earn nothing (decision 051).
    if (t.type === 'market_to_farm') {
      await billing.billReturn(tx, {
        transmissionId: t.id,
        marketAgentId: t.marketAgentId!,
        crates: t.actualQuantity! - damaged,
        timeZone,
      });
    }
  });
  return viewOf(db, caller, id);
}

/** What a count may carry besides the number: damaged crates (decision 051), the stacks scanned (073). */
type Counted = { damage?: Damage; scannedStacks?: number[] };

/**
 * The stacks a phone scanned, checked against the delivery (decision 073): each one of its stacks, none
 * twice, else a 400 that books nothing. allOf: every stack was scanned.
 */
function checkScannedStacks(t: repo.TransmissionRow, stacks: number[]) {
  const count = t.type === 'farm_to_market' ? stackCountOf(t.quantity, t.stackSize) : 0;
  const refusal = scannedStacksRefusal(count, stacks);
  if (refusal) throw badRequest(refusal, { scannedStacks: refusal });
  return { stacks, allOf: stacks.length === count };
}

/** The audit row's words for the stacks scanned: '; stacks scanned 1, 2 of 3; Stack 3 of 3 (20 crates) not received'. */
function stacksSummary(t: repo.TransmissionRow): string {
  if (!t.scannedStacks) return '';
  const count = stackCountOf(t.quantity, t.stackSize);
  const missing = unscannedStacksOf(t.quantity, t.stackSize, t.scannedStacks).map((s) =>
    stackMessages.notReceived(s.stack, s.of, s.crates),
  );
  return `; stacks scanned ${t.scannedStacks.join(', ') || 'none'} of ${count}${missing.map((line) => `; ${line}`).join('')}`;
}

/**
 * The ledger's side of an acknowledgement: a supplier's request issues the counted crates from the farm;
 * a delivery or return receives them out of transit, and a count that differs from what was sent books
 * the difference against the write-off account (crates missing, or found).
 */
async function bookCountedCrates(
  tx: Executor,
  t: repo.TransmissionRow,
  common: { transmissionId: number; createdBy: number; occurredAt: Date | undefined },
) {
  const actual = t.actualQuantity!;
  const to = await destinationOf(tx, t);
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
  if (received > 0) await moveCrates(tx, { ...common, from: holders.transit, to, quantity: received, kind: 'receipt' });
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
}

/**
 * The suppliers feature's hook when the farm store rejects a supplier: its pending crate requests are
 * withdrawn in the caller's transaction (a fulfilment racing it finds nothing pending: 409). The caller
 * records the change event, with 'transmissions' among its tags.
 */
export const cancelCrateRequestsOf = (tx: Executor, supplierUserId: number, byUserId: number): Promise<number> =>
  repo.recallPendingCrateRequests(tx, { supplierUserId, userId: byUserId });

/** Where a recalled transmission's crates go back to: where its dispatch took them from. */
function originOf(t: repo.TransmissionRow): string | null {
  if (t.type === 'farm_to_market') return holders.farm;
  if (t.type === 'market_to_farm') return holders.agentEmpty(t.marketAgentId!);
  return null; // a supplier request moves no crates until it is fulfilled
}

/**
 * The sender takes back a still-pending transmission (the farm store: anything the farm sent, and
 * anything addressed to a user who has since been removed, so no crates are stranded in transit).
 * Its crates go from transit back where they came from; a supplier request is simply withdrawn.
 */
export async function recallTransmission(db: Db, caller: Caller, id: number): Promise<Transmission> {
  const existing = await repo.findTransmission(db, id);
  if (!existing) throw notFound(m.transmissionNotFound);
  const refusal = recallRefusal(existing, caller);
  if (refusal) throw refusalError(refusal);
  await inLedgerTransaction(db, async (tx) => {
    const t = await repo.recallPending(tx, { id, userId: caller.id });
    if (!t) throw conflict(m.notPending);
    await recordChange(tx, {
      tags: changedBy(t),
      audience: audienceOf(t),
      audit: { summary: `status pending → recalled; ${t.quantity} crates` },
    });
    const origin = originOf(t);
    if (origin) {
      await moveCrates(tx, {
        from: holders.transit,
        to: origin,
        quantity: t.quantity,
        kind: 'recall',
        transmissionId: t.id,
        createdBy: caller.id,
      });
    }
  });
  return viewOf(db, caller, id);
}

/**
 * The farm store closes a flagged difference with a note, and may correct the booking
 * (docs/decisions/013): foundQuantity (a count below the sent quantity, at most the shortfall) books
 * crates found from the write-off account to where they should have arrived; reverseQuantity (a count
 * above it, at most the excess) takes crates booked as found back to the write-off account. Neither
 * accepts the difference as it stands.
 */
export async function resolveFlaggedTransmission(
  db: Db,
  caller: Caller,
  id: number,
  { note, foundQuantity = 0, reverseQuantity = 0 }: { note: string; foundQuantity?: number; reverseQuantity?: number },
): Promise<Transmission> {
  const existing = await repo.findTransmission(db, id);
  if (!existing) throw notFound(m.transmissionNotFound);
  const refusal = resolveRefusal(existing, caller);
  if (refusal) throw refusalError(refusal);
  if (foundQuantity > 0 && reverseQuantity > 0) {
    throw badRequest(m.foundAndReverse, { reverseQuantity: m.foundAndReverse });
  }
  const difference = (existing.actualQuantity ?? existing.quantity) - existing.quantity;
  const shortfall = Math.max(0, -difference);
  const over = Math.max(0, difference);
  if (foundQuantity > 0 && shortfall === 0) {
    throw badRequest(m.foundOnlyForShortfall, { foundQuantity: m.foundOnlyForShortfall });
  }
  if (foundQuantity > shortfall) {
    throw badRequest(m.foundTooMany(shortfall), { foundQuantity: m.foundTooMany(shortfall) });
  }
  if (reverseQuantity > 0 && over === 0) {
    throw badRequest(m.reverseOnlyForOverCount, { reverseQuantity: m.reverseOnlyForOverCount });
  }
  if (reverseQuantity > over) {
    throw badRequest(m.reverseTooMany(over), { reverseQuantity: m.reverseTooMany(over) });
  }
  await inLedgerTransaction(db, async (tx) => {
    const t = await repo.resolveOpenFlag(tx, { id, userId: caller.id, note });
    if (!t) throw conflict(m.alreadyResolved);
    const arrivedAt = await destinationOf(tx, t);
    const common = { kind: 'resolution' as const, transmissionId: t.id, reason: note, createdBy: caller.id };
    const correction =
      foundQuantity > 0 ? `; ${foundQuantity} found` : reverseQuantity > 0 ? `; ${reverseQuantity} reversed` : '';
    await recordChange(tx, {
      tags: changedBy(t),
      audience: audienceOf(t),
      audit: { summary: `flag open → resolved${correction}; note: ${note}` },
    });
    if (foundQuantity > 0) {
      await moveCrates(tx, { ...common, from: holders.writeoff, to: arrivedAt, quantity: foundQuantity });
      if (t.type === 'market_to_farm') await billing.correctReturn(tx, t.id, foundQuantity);
    }
    if (reverseQuantity > 0) {
      // The crates must still be there: an agent that lent them out gets them back first (409).
      await moveCrates(tx, {
        ...common,
        from: arrivedAt,
        to: holders.writeoff,
        quantity: reverseQuantity,
        insufficient: (available) =>
          new HttpError(409, m.reverseNotHeld(available), { reverseQuantity: m.reverseNotHeld(available) }),
      });
      if (t.type === 'market_to_farm') await billing.correctReturn(tx, t.id, -reverseQuantity);
    }
  });
  return viewOf(db, caller, id);
}

/** Flagged counts waiting for the farm store's resolution (for /metrics). */
export const unresolvedFlagCount = (db: Executor) => repo.unresolvedFlagCount(db);

/**
 * A delivery whose papers the caller may print (decision 073): the farm store any of the farm's
 * deliveries, an agent those addressed to it (anyone else: 404, as if there were none). Only a delivery
 * has papers (409), and only a delivery split into stacks has labels.
 */
export async function deliveryForPapers(db: Executor, caller: Caller, id: number, labels: boolean) {
  const [row] = await repo.listTransmissions(db, { ids: [id], limit: 1 });
  const mayRead =
    row && (caller.role === 'farm_store' || (caller.role === 'market_agent' && row.toUserId === caller.id));
  if (!mayRead) throw notFound(m.transmissionNotFound);
  const t = toTransmission(caller, row);
  if (t.type !== 'farm_to_market') throw conflict(stackMessages.notADelivery);
  if (labels && t.stackCount === 0) throw conflict(stackMessages.noStacks);
  return t;
}
