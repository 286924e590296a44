// Transmission queries: the list as the screens show it (with names), the conditional updates that
// make acknowledging and resolving race-free, and the counts behind badges.
import { and, asc, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { marketAgents, suppliers, transmissions, users } from '../../db/schema/index.ts';

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
  status: transmissions.status,
  isFlagged: transmissions.isFlagged,
  resolutionNote: transmissions.resolutionNote,
  resolvedAt: transmissions.resolvedAt,
  acknowledgedAt: transmissions.acknowledgedAt,
  sentAt: transmissions.sentAt,
  createdAt: transmissions.createdAt,
  fromName: fromUser.name,
  toName: toUser.name,
  agentName: agentUser.name,
  agentNumber: marketAgents.agentNumber,
};

export type TransmissionFilter = {
  /** Only transmissions from or to this user (everyone but the farm store). */
  involving?: number;
  /** Only pending transmissions addressed to this user (what they must acknowledge). */
  pendingFor?: number;
  flagged?: 'open' | 'all';
  ids?: number[];
  limit: number;
  before?: number;
};

const mine = alias(transmissions, 'mine');

/** Every condition of the filter but `involving`, on the table or its alias. */
function narrowing(t: typeof transmissions | typeof mine, filter: TransmissionFilter): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (filter.pendingFor !== undefined) {
    conditions.push(eq(t.toUserId, filter.pendingFor), eq(t.status, 'pending'));
  }
  if (filter.flagged) conditions.push(eq(t.isFlagged, true));
  if (filter.flagged === 'open') conditions.push(isNull(t.resolvedAt));
  if (filter.before !== undefined) conditions.push(lt(t.id, filter.before));
  if (filter.ids)
    conditions.push(
      sql`${t.id} in (${sql.join(
        filter.ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
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
  return db
    .select(viewColumns)
    .from(transmissions)
    .innerJoin(fromUser, eq(fromUser.id, transmissions.fromUserId))
    .innerJoin(toUser, eq(toUser.id, transmissions.toUserId))
    .leftJoin(marketAgents, eq(marketAgents.id, transmissions.marketAgentId))
    .leftJoin(agentUser, eq(agentUser.id, marketAgents.userId))
    .where(and(...conditions))
    .orderBy(desc(transmissions.id))
    .limit(filter.limit);
}

export type TransmissionView = Awaited<ReturnType<typeof listTransmissions>>[number];

export async function findTransmission(db: Executor, id: number): Promise<TransmissionRow | null> {
  const [row] = await db.select().from(transmissions).where(eq(transmissions.id, id)).limit(1);
  return row ?? null;
}

export async function insertTransmission(db: Executor, values: typeof transmissions.$inferInsert) {
  const [row] = await db.insert(transmissions).values(values).returning();
  return row;
}

/**
 * Acknowledges only while still pending and only for the addressed recipient: of several
 * simultaneous calls exactly one gets the row back (the others wait on the row lock, then see
 * status <> 'pending' and get nothing).
 */
export async function acknowledgePending(
  db: Executor,
  { id, userId, actualQuantity }: { id: number; userId: number; actualQuantity: number | null },
): Promise<TransmissionRow | null> {
  const actual = actualQuantity === null ? sql`${transmissions.quantity}` : sql`${actualQuantity}::int`;
  const [row] = await db
    .update(transmissions)
    .set({
      status: 'acknowledged',
      actualQuantity: actual,
      // A supplier request's issued count is a decision, not a counted loss: never flagged.
      isFlagged: sql`${transmissions.type} <> 'supplier_to_farm' and ${actual} <> ${transmissions.quantity}`,
      acknowledgedAt: sql`now()`,
      acknowledgedBy: userId,
    })
    .where(and(eq(transmissions.id, id), eq(transmissions.status, 'pending'), eq(transmissions.toUserId, userId)))
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

export async function countPendingFor(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(transmissions)
    .where(and(eq(transmissions.toUserId, userId), eq(transmissions.status, 'pending')));
  return Number(row.count);
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

/** The farm store user that agents' returns and suppliers' requests are addressed to: the first active one. */
export async function findFarmStoreUser(db: Executor): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'farm_store'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
}

/**
 * The farm store user an agent's returned empties go to: whoever last sent that agent crates (its
 * contact at the farm), if still an active farm store user; otherwise the first active one.
 */
export async function findFarmContactFor(db: Executor, marketAgentId: number): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(transmissions)
    .innerJoin(users, eq(users.id, transmissions.fromUserId))
    .where(
      and(
        eq(transmissions.marketAgentId, marketAgentId),
        eq(transmissions.type, 'farm_to_market'),
        eq(users.role, 'farm_store'),
        eq(users.isActive, true),
      ),
    )
    .orderBy(desc(transmissions.id))
    .limit(1);
  return row ?? findFarmStoreUser(db);
}

export async function findSupplierByUserId(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: suppliers.id, status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Demo data only: moves a transmission and its ledger rows back in time. */
export async function backdateTransmission(
  db: Executor,
  id: number,
  sentAt: Date,
  acknowledgedAt: Date | null,
): Promise<void> {
  await db
    .update(transmissions)
    .set({ sentAt, createdAt: sentAt, ...(acknowledgedAt ? { acknowledgedAt } : {}) })
    .where(eq(transmissions.id, id));
  await db.execute(sql`
    update crate_movements set occurred_at = case when kind = 'dispatch' then ${sentAt.toISOString()}::timestamptz
      else ${(acknowledgedAt ?? sentAt).toISOString()}::timestamptz end
    where transmission_id = ${id}`);
}
