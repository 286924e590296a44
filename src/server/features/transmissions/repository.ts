// Transmission queries: the list as the screens show it (with names), the conditional updates that
// make acknowledging and resolving race-free, and the counts behind badges.
import { and, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { marketAgents, suppliers, transmissions, users } from '../../db/schema/index.ts';
import type { Party } from '../../lib/ownership.ts';

/** What a role-addressed transmission shows as its recipient. */
export const FARM_STORE_NAME = 'Farm Store';

export type TransmissionRow = typeof transmissions.$inferSelect;

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const agentUser = alias(users, 'agent_user');

const viewColumns = {
  id: transmissions.id,
  type: transmissions.type,
  fromUserId: transmissions.fromUserId,
  toUserId: transmissions.toUserId,
  marketAgentId: transmissions.marketAgentId,
  quantity: transmissions.quantity,
  actualQuantity: transmissions.actualQuantity,
  notes: transmissions.notes,
  stackSize: transmissions.stackSize,
  scannedStacks: transmissions.scannedStacks,
  status: transmissions.status,
  isFlagged: transmissions.isFlagged,
  resolutionNote: transmissions.resolutionNote,
  resolvedAt: transmissions.resolvedAt,
  acknowledgedAt: transmissions.acknowledgedAt,
  recalledAt: transmissions.recalledAt,
  sentAt: transmissions.sentAt,
  createdAt: transmissions.createdAt,
  fromName: fromUser.name,
  // What the rules need (rules.ts): the sender's role and whether each party's account is active.
  fromRole: fromUser.role,
  fromActive: fromUser.isActive,
  toActive: toUser.isActive,
  toName: sql<string>`coalesce(${toUser.name}, ${FARM_STORE_NAME})`,
  agentName: agentUser.name,
  agentNumber: marketAgents.agentNumber,
  // Damaged crates booked on this transmission (decision 051): a few rows at most, by the movements'
  // transmission index; only a counted return of empties has any.
  damagedQuantity:
    sql<number>`(case when ${transmissions.type} = 'market_to_farm' and ${transmissions.status} = 'acknowledged'
    then (select coalesce(sum(m.quantity), 0)::int from crate_movements m
      where m.transmission_id = ${transmissions.id} and m.kind = 'damage') else 0 end)`.mapWith(Number),
};

export type TransmissionFilter = {
  /** Only transmissions from or to this user (everyone but the farm store). */
  involving?: number;
  /** Only pending transmissions addressed to this party (what they must acknowledge). */
  pendingFor?: Party;
  flagged?: 'open' | 'all';
  /** Only transmissions of this type (supplier crate requests, decision 021). */
  type?: TransmissionRow['type'];
  /** Only pending ones. */
  pendingOnly?: boolean;
  ids?: number[];
  limit: number;
  before?: number;
};

const mine = alias(transmissions, 'mine');

/** Rows addressed to the party: a person's own, or the farm store role's (to_user_id is null). */
const addressedTo = (t: typeof transmissions | typeof mine, party: Party) =>
  'farmStore' in party ? isNull(t.toUserId) : eq(t.toUserId, party.userId);

/**
 * A crate request from a supplier whose account was removed: kept in the history, but no longer
 * waiting for the farm (it can't be fulfilled until the account is restored, decision 022).
 */
const withdrawnRequest = sql`(${transmissions.type} = 'supplier_to_farm' and not ${fromUser.isActive})`;

/** Every condition of the filter but `involving`, on the table or its alias. */
function narrowing(t: typeof transmissions | typeof mine, filter: TransmissionFilter): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (filter.pendingFor !== undefined) {
    conditions.push(addressedTo(t, filter.pendingFor), eq(t.status, 'pending'));
  }
  if (filter.flagged) conditions.push(eq(t.isFlagged, true));
  if (filter.type) conditions.push(eq(t.type, filter.type));
  if (filter.pendingOnly) conditions.push(eq(t.status, 'pending'));
  if (filter.flagged === 'open') conditions.push(isNull(t.resolvedAt));
  if (filter.before !== undefined) conditions.push(lt(t.id, filter.before));
  if (filter.ids) conditions.push(inArray(t.id, filter.ids));
  return conditions;
}

/** Newest first, bounded by limit and the `before` id cursor. */
export async function listTransmissions(db: Executor, filter: TransmissionFilter) {
  const conditions = narrowing(transmissions, filter);
  if (filter.involving !== undefined) {
    // "from or to me": the newest `limit` ids of each side, read backwards from its own index, then
    // joined. A plain OR reads and sorts the user's whole history (docs/decisions/010).
    const side = (column: typeof mine.fromUserId | typeof mine.toUserId) =>
      db
        .select({ id: mine.id })
        .from(mine)
        .where(and(eq(column, filter.involving!), ...narrowing(mine, filter)))
        .orderBy(desc(mine.id))
        .limit(filter.limit);
    conditions.push(
      sql`${transmissions.id} = any(array((${side(mine.fromUserId)}) union all (${side(mine.toUserId)})))`,
    );
  }
  if (filter.pendingFor !== undefined || filter.pendingOnly) conditions.push(sql`not ${withdrawnRequest}`);
  return db
    .select(viewColumns)
    .from(transmissions)
    .innerJoin(fromUser, eq(fromUser.id, transmissions.fromUserId))
    .leftJoin(toUser, eq(toUser.id, transmissions.toUserId))
    .leftJoin(marketAgents, eq(marketAgents.id, transmissions.marketAgentId))
    .leftJoin(agentUser, eq(agentUser.id, marketAgents.userId))
    .where(and(...conditions))
    .orderBy(desc(transmissions.id))
    .limit(filter.limit);
}

export type TransmissionView = Awaited<ReturnType<typeof listTransmissions>>[number];

/** A transmission with what the rules need to know about its sender and recipient. */
export type TransmissionParties = TransmissionRow & {
  fromRole: 'farm_store' | 'market_agent' | 'supplier';
  fromActive: boolean;
  /** null when addressed to the farm store role. */
  toActive: boolean | null;
};

export async function findTransmission(db: Executor, id: number): Promise<TransmissionParties | null> {
  const [row] = await db
    .select({ t: transmissions, fromRole: fromUser.role, fromActive: fromUser.isActive, toActive: toUser.isActive })
    .from(transmissions)
    .innerJoin(fromUser, eq(fromUser.id, transmissions.fromUserId))
    .leftJoin(toUser, eq(toUser.id, transmissions.toUserId))
    .where(eq(transmissions.id, id))
    .limit(1);
  return row ? { ...row.t, fromRole: row.fromRole, fromActive: row.fromActive, toActive: row.toActive } : null;
}

/** A transmission to insert; `at` backdates it (demo and bench history), otherwise it is sent now. */
export type NewTransmission = Omit<typeof transmissions.$inferInsert, 'sentAt' | 'createdAt'> & { at?: Date };

export async function insertTransmission(db: Executor, { at, ...values }: NewTransmission) {
  const [row] = await db
    .insert(transmissions)
    .values({ ...values, ...(at ? { sentAt: at, createdAt: at } : {}) })
    .returning();
  return row;
}

/**
 * Acknowledges only while still pending and only for the addressed recipient (`as`): of several
 * simultaneous calls exactly one gets the row back (the others wait on the row lock, then see
 * status <> 'pending' and get nothing).
 */
export async function acknowledgePending(
  db: Executor,
  {
    id,
    userId,
    as,
    actualQuantity,
    at,
    scanned,
  }: {
    id: number;
    userId: number;
    as: Party;
    actualQuantity: number | null;
    at?: Date;
    /** The stacks scanned (decision 073), and whether some were not: that alone flags the count. */
    scanned?: { stacks: number[]; allOf: boolean };
  },
): Promise<TransmissionRow | null> {
  const actual = actualQuantity === null ? sql`${transmissions.quantity}` : sql`${actualQuantity}::int`;
  const stacksMissing = scanned && !scanned.allOf ? sql`true` : sql`false`;
  const [row] = await db
    .update(transmissions)
    .set({
      status: 'acknowledged',
      actualQuantity: actual,
      ...(scanned ? { scannedStacks: scanned.stacks } : {}),
      // A supplier request's issued count is a decision, not a counted loss: never flagged.
      isFlagged: sql`${transmissions.type} <> 'supplier_to_farm' and (${actual} <> ${transmissions.quantity} or ${stacksMissing})`,
      acknowledgedAt: at ?? sql`now()`,
      acknowledgedBy: userId,
    })
    .where(and(eq(transmissions.id, id), eq(transmissions.status, 'pending'), addressedTo(transmissions, as)))
    .returning();
  return row ?? null;
}

/**
 * Whether the user is still active, holding its row until the transaction ends: a removal at the same
 * moment waits for it, or it waits for the removal and then sees the account inactive.
 */
export async function holdActiveUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .for('share');
  return !!row;
}

/**
 * Withdraws every pending crate request of this supplier user (a rejected supplier's requests
 * are cancelled; they move no crates until fulfilled, so nothing goes back). Returns how many.
 */
export async function recallPendingCrateRequests(
  db: Executor,
  { supplierUserId, userId }: { supplierUserId: number; userId: number },
): Promise<number> {
  const rows = await db
    .update(transmissions)
    .set({ status: 'recalled', recalledAt: sql`now()`, recalledBy: userId })
    .where(
      and(
        eq(transmissions.type, 'supplier_to_farm'),
        eq(transmissions.fromUserId, supplierUserId),
        eq(transmissions.status, 'pending'),
      ),
    )
    .returning({ id: transmissions.id });
  return rows.length;
}

/** Recalls only while still pending: of a recall and an acknowledgement at once, exactly one wins. */
export async function recallPending(
  db: Executor,
  { id, userId }: { id: number; userId: number },
): Promise<TransmissionRow | null> {
  const [row] = await db
    .update(transmissions)
    .set({ status: 'recalled', recalledAt: sql`now()`, recalledBy: userId })
    .where(and(eq(transmissions.id, id), eq(transmissions.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Closes a flagged difference once: the second of two simultaneous resolutions gets nothing. */
export async function resolveOpenFlag(
  db: Executor,
  { id, userId, note }: { id: number; userId: number; note: string },
): Promise<TransmissionRow | null> {
  const [row] = await db
    .update(transmissions)
    .set({ resolutionNote: note, resolvedAt: sql`now()`, resolvedBy: userId })
    .where(and(eq(transmissions.id, id), eq(transmissions.isFlagged, true), isNull(transmissions.resolvedAt)))
    .returning();
  return row ?? null;
}

export async function countPendingFor(db: Executor, party: Party): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(transmissions)
    .innerJoin(fromUser, eq(fromUser.id, transmissions.fromUserId))
    .where(and(addressedTo(transmissions, party), eq(transmissions.status, 'pending'), sql`not ${withdrawnRequest}`));
  return Number(row.count);
}

/** The pending transmissions of countPendingFor, split: supplier crate requests and everything else. */
export async function countPendingByKind(
  db: Executor,
  party: Party,
): Promise<{ deliveries: number; crateRequests: number }> {
  const [row] = await db
    .select({
      deliveries: sql<number>`(count(*) filter (where ${transmissions.type} <> 'supplier_to_farm'))::int`,
      crateRequests: sql<number>`(count(*) filter (where ${transmissions.type} = 'supplier_to_farm'))::int`,
    })
    .from(transmissions)
    .innerJoin(fromUser, eq(fromUser.id, transmissions.fromUserId))
    .where(and(addressedTo(transmissions, party), eq(transmissions.status, 'pending'), sql`not ${withdrawnRequest}`));
  return { deliveries: Number(row.deliveries), crateRequests: Number(row.crateRequests) };
}

export async function countPendingFrom(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(transmissions)
    .where(and(eq(transmissions.fromUserId, userId), eq(transmissions.status, 'pending')));
  return Number(row.count);
}

export async function countOpenFlags(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(transmissions)
    .where(and(eq(transmissions.isFlagged, true), isNull(transmissions.resolvedAt)));
  return Number(row.count);
}

/** Whether anyone can take delivery at the farm: at least one active farm store user. */
export async function hasActiveFarmStore(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'farm_store'), eq(users.isActive, true)))
    .limit(1);
  return !!row;
}

/** The supplier record behind a crate request's sender. */
export async function findSupplierByUserId(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: suppliers.id, status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function findSupplierById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: suppliers.id, status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.id, id))
    .limit(1);
  return row ?? null;
}

/** Flagged counts the farm store has not resolved yet (for /metrics). */
export async function unresolvedFlagCount(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::integer as n from transmissions where is_flagged and resolved_at is null`,
  );
  return Number(rows[0]?.n ?? 0);
}
