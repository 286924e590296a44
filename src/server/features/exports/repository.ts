// The exports' queries (decision 049): one keyset page of each file's rows, oldest id first, filtered by a
// range of farm days and, where given, one market agent. Each page is `id > after order by id limit n`
// on the primary key, so a file of a million rows is read a page at a time at the same cost per page.
// Days are farm days: PostgreSQL turns them into instants in FARM_TIMEZONE (DST-safe) for timestamps,
// and compares date columns (a billing line's day, a payment's day) directly.
import { and, asc, eq, gt, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  billingCycles,
  billingLines,
  billingPayments,
  clients,
  clientTransactions,
  crateBalances,
  crateMovements,
  marketAgents,
  transmissions,
  users,
} from '../../db/schema/index.ts';

/** Which rows a file holds: farm days from/to (inclusive, either open) and one agent's or everyone's. */
export type ExportFilter = { from?: string; to?: string; timeZone: string; marketAgentId: number | null };

/** A range of farm days on an instant column. */
function instantsIn(column: PgColumn, f: ExportFilter): SQL[] {
  const dayStart = (day: string, plusDays = 0) =>
    sql`((${day}::date + ${plusDays}::integer)::timestamp at time zone ${f.timeZone})`;
  return [
    ...(f.from === undefined ? [] : [gte(column, dayStart(f.from))]),
    ...(f.to === undefined ? [] : [lt(column, dayStart(f.to, 1))]),
  ];
}

/** A range of farm days on a date column. */
function daysIn(column: PgColumn, f: ExportFilter): SQL[] {
  return [...(f.from === undefined ? [] : [gte(column, f.from)]), ...(f.to === undefined ? [] : [lte(column, f.to)])];
}

const ofAgent = (column: PgColumn, f: ExportFilter): SQL[] =>
  f.marketAgentId === null ? [] : [eq(column, f.marketAgentId)];

/** The rows of `query` after `after` in `id` order that pass `filters`: one page, at most `limit` rows. */
function keysetPage<Q extends PgSelect>(query: Q, id: PgColumn, filters: SQL[], after: number, limit: number) {
  return query
    .where(and(gt(id, after), ...filters))
    .orderBy(asc(id))
    .limit(limit);
}

const agentUser = alias(users, 'agent_user');
const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const actor = alias(users, 'actor');

/** The agent a row is of, as every file names it (joined through marketAgents and agentUser). */
const agentColumns = { agentNumber: marketAgents.agentNumber, agentName: agentUser.name };

export function transmissionsPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  const query = db
    .select({
      id: transmissions.id,
      sentAt: transmissions.sentAt,
      type: transmissions.type,
      status: transmissions.status,
      fromName: fromUser.name,
      toName: toUser.name,
      ...agentColumns,
      quantity: transmissions.quantity,
      actualQuantity: transmissions.actualQuantity,
      isFlagged: transmissions.isFlagged,
      resolutionNote: transmissions.resolutionNote,
      acknowledgedAt: transmissions.acknowledgedAt,
      recalledAt: transmissions.recalledAt,
      notes: transmissions.notes,
    })
    .from(transmissions)
    .innerJoin(fromUser, eq(fromUser.id, transmissions.fromUserId))
    .leftJoin(toUser, eq(toUser.id, transmissions.toUserId))
    .leftJoin(marketAgents, eq(marketAgents.id, transmissions.marketAgentId))
    .leftJoin(agentUser, eq(agentUser.id, marketAgents.userId))
    .$dynamic();
  const where = [...instantsIn(transmissions.sentAt, f), ...ofAgent(transmissions.marketAgentId, f)];
  return keysetPage(query, transmissions.id, where, after, limit);
}

export function clientsPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  const query = db
    .select({
      id: clients.id,
      createdAt: clients.createdAt,
      ...agentColumns,
      agentEmail: agentUser.email,
      agentPhone: marketAgents.contactNumber,
      market: marketAgents.marketLocation,
      agentBusiness: marketAgents.businessName,
      businessName: clients.businessName,
      clientName: clients.clientName,
      contactNumber: clients.contactNumber,
      isActive: clients.isActive,
      crates: crateBalances.balance,
      language: clients.language,
    })
    .from(clients)
    .innerJoin(marketAgents, eq(marketAgents.id, clients.marketAgentId))
    .innerJoin(agentUser, eq(agentUser.id, marketAgents.userId))
    .leftJoin(crateBalances, eq(crateBalances.clientId, clients.id))
    .$dynamic();
  const where = [...instantsIn(clients.createdAt, f), ...ofAgent(clients.marketAgentId, f)];
  return keysetPage(query, clients.id, where, after, limit);
}

export function loansPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  const query = db
    .select({
      id: clientTransactions.id,
      createdAt: clientTransactions.createdAt,
      ...agentColumns,
      clientId: clients.id,
      businessName: clients.businessName,
      clientName: clients.clientName,
      borrowed: clientTransactions.quantityBorrowed,
      returned: clientTransactions.quantityReturned,
      isOpen: clientTransactions.isOpen,
      closedAt: clientTransactions.closedAt,
      notes: clientTransactions.notes,
    })
    .from(clientTransactions)
    .innerJoin(clients, eq(clients.id, clientTransactions.clientId))
    .innerJoin(marketAgents, eq(marketAgents.id, clientTransactions.marketAgentId))
    .innerJoin(agentUser, eq(agentUser.id, marketAgents.userId))
    .$dynamic();
  const where = [...instantsIn(clientTransactions.createdAt, f), ...ofAgent(clientTransactions.marketAgentId, f)];
  return keysetPage(query, clientTransactions.id, where, after, limit);
}

export function billingLinesPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  const query = db
    .select({
      id: billingLines.id,
      acknowledgedOn: billingLines.acknowledgedOn,
      ...agentColumns,
      transmissionId: billingLines.transmissionId,
      crates: billingLines.crates,
      cycleId: billingLines.cycleId,
      cycleStart: billingCycles.startDate,
      cycleEnd: billingCycles.endDate,
      rate: billingCycles.ratePerCrate,
      amount: billingLines.amount,
    })
    .from(billingLines)
    .innerJoin(marketAgents, eq(marketAgents.id, billingLines.marketAgentId))
    .innerJoin(agentUser, eq(agentUser.id, marketAgents.userId))
    .leftJoin(billingCycles, eq(billingCycles.id, billingLines.cycleId))
    .$dynamic();
  const where = [...daysIn(billingLines.acknowledgedOn, f), ...ofAgent(billingLines.marketAgentId, f)];
  return keysetPage(query, billingLines.id, where, after, limit);
}

export function paymentsPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  const query = db
    .select({
      id: billingPayments.id,
      paidOn: billingPayments.paidOn,
      cycleId: billingPayments.cycleId,
      cycleStart: billingCycles.startDate,
      cycleEnd: billingCycles.endDate,
      ...agentColumns,
      crates: billingPayments.crates,
      amount: billingPayments.amount,
      reference: billingPayments.reference,
      recordedBy: actor.name,
    })
    .from(billingPayments)
    .innerJoin(billingCycles, eq(billingCycles.id, billingPayments.cycleId))
    .innerJoin(marketAgents, eq(marketAgents.id, billingPayments.marketAgentId))
    .innerJoin(agentUser, eq(agentUser.id, marketAgents.userId))
    .leftJoin(actor, eq(actor.id, billingPayments.recordedBy))
    .$dynamic();
  const where = [...daysIn(billingPayments.paidOn, f), ...ofAgent(billingPayments.marketAgentId, f)];
  return keysetPage(query, billingPayments.id, where, after, limit);
}

const fromBalance = alias(crateBalances, 'from_balance');
const toBalance = alias(crateBalances, 'to_balance');

/** The ledger's movements; with an agent, those into or out of that agent's full or empty crates. */
export function ledgerPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  const query = db
    .select({
      id: crateMovements.id,
      occurredAt: crateMovements.occurredAt,
      kind: crateMovements.kind,
      fromHolder: crateMovements.fromHolder,
      toHolder: crateMovements.toHolder,
      quantity: crateMovements.quantity,
      transmissionId: crateMovements.transmissionId,
      loanId: crateMovements.clientTransactionId,
      reason: crateMovements.reason,
      by: actor.name,
    })
    .from(crateMovements)
    .innerJoin(fromBalance, eq(fromBalance.holder, crateMovements.fromHolder))
    .innerJoin(toBalance, eq(toBalance.holder, crateMovements.toHolder))
    .leftJoin(actor, eq(actor.id, crateMovements.createdBy))
    .$dynamic();
  const agent =
    f.marketAgentId === null
      ? []
      : [or(eq(fromBalance.marketAgentId, f.marketAgentId), eq(toBalance.marketAgentId, f.marketAgentId)) as SQL];
  return keysetPage(query, crateMovements.id, [...instantsIn(crateMovements.occurredAt, f), ...agent], after, limit);
}

/** Whether a market agent with this id exists (a farm store's ?marketAgentId= names one). */
export async function agentExists(db: Executor, marketAgentId: number): Promise<boolean> {
  const rows = await db
    .select({ id: marketAgents.id })
    .from(marketAgents)
    .where(eq(marketAgents.id, marketAgentId))
    .limit(1);
  return rows.length > 0;
}
