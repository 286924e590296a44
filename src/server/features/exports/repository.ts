// The exports' queries (decision 049): one keyset page of each file's rows, oldest id first, filtered by a
// range of farm days and, where given, one market agent. Each page is `id > after order by id limit n`
// on the primary key, so a file of a million rows is read a page at a time at the same cost per page.
// Days are farm days: PostgreSQL turns them into instants in FARM_TIMEZONE (DST-safe) for timestamps,
// and compares date columns (a billing line's day, a payment's day) directly.
import { and, asc, eq, gt, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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

const agentUser = alias(users, 'agent_user');
const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const actor = alias(users, 'actor');

export function transmissionsPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  return db
    .select({
      id: transmissions.id,
      sentAt: transmissions.sentAt,
      type: transmissions.type,
      status: transmissions.status,
      fromName: fromUser.name,
      toName: toUser.name,
      agentNumber: marketAgents.agentNumber,
      agentName: agentUser.name,
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
    .where(
      and(
        gt(transmissions.id, after),
        ...instantsIn(transmissions.sentAt, f),
        ...ofAgent(transmissions.marketAgentId, f),
      ),
    )
    .orderBy(asc(transmissions.id))
    .limit(limit);
}

export function clientsPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  return db
    .select({
      id: clients.id,
      createdAt: clients.createdAt,
      agentNumber: marketAgents.agentNumber,
      agentEmail: agentUser.email,
      agentName: agentUser.name,
      agentPhone: marketAgents.contactNumber,
      market: marketAgents.marketLocation,
      agentBusiness: marketAgents.businessName,
      businessName: clients.businessName,
      clientName: clients.clientName,
      contactNumber: clients.contactNumber,
      isActive: clients.isActive,
      crates: crateBalances.balance,
    })
    .from(clients)
    .innerJoin(marketAgents, eq(marketAgents.id, clients.marketAgentId))
    .innerJoin(agentUser, eq(agentUser.id, marketAgents.userId))
    .leftJoin(crateBalances, eq(crateBalances.clientId, clients.id))
    .where(and(gt(clients.id, after), ...instantsIn(clients.createdAt, f), ...ofAgent(clients.marketAgentId, f)))
    .orderBy(asc(clients.id))
    .limit(limit);
}

export function loansPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  return db
    .select({
      id: clientTransactions.id,
      createdAt: clientTransactions.createdAt,
      agentNumber: marketAgents.agentNumber,
      agentName: agentUser.name,
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
    .where(
      and(
        gt(clientTransactions.id, after),
        ...instantsIn(clientTransactions.createdAt, f),
        ...ofAgent(clientTransactions.marketAgentId, f),
      ),
    )
    .orderBy(asc(clientTransactions.id))
    .limit(limit);
}

export function billingLinesPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  return db
    .select({
      id: billingLines.id,
      acknowledgedOn: billingLines.acknowledgedOn,
      agentNumber: marketAgents.agentNumber,
      agentName: agentUser.name,
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
    .where(
      and(
        gt(billingLines.id, after),
        ...daysIn(billingLines.acknowledgedOn, f),
        ...ofAgent(billingLines.marketAgentId, f),
      ),
    )
    .orderBy(asc(billingLines.id))
    .limit(limit);
}

export function paymentsPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  return db
    .select({
      id: billingPayments.id,
      paidOn: billingPayments.paidOn,
      cycleId: billingPayments.cycleId,
      cycleStart: billingCycles.startDate,
      cycleEnd: billingCycles.endDate,
      agentNumber: marketAgents.agentNumber,
      agentName: agentUser.name,
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
    .where(
      and(
        gt(billingPayments.id, after),
        ...daysIn(billingPayments.paidOn, f),
        ...ofAgent(billingPayments.marketAgentId, f),
      ),
    )
    .orderBy(asc(billingPayments.id))
    .limit(limit);
}

const fromBalance = alias(crateBalances, 'from_balance');
const toBalance = alias(crateBalances, 'to_balance');

/** The ledger's movements; with an agent, those into or out of that agent's full or empty crates. */
export function ledgerPage(db: Executor, f: ExportFilter, after: number, limit: number) {
  const agent =
    f.marketAgentId === null
      ? []
      : [or(eq(fromBalance.marketAgentId, f.marketAgentId), eq(toBalance.marketAgentId, f.marketAgentId)) as SQL];
  return db
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
    .where(and(gt(crateMovements.id, after), ...instantsIn(crateMovements.occurredAt, f), ...agent))
    .orderBy(asc(crateMovements.id))
    .limit(limit);
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
