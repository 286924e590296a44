// Clients and crate loans (spec §3, §4, §5; DESIGN §4 lend and client return): a market agent sees
// and changes only its own clients and loans (another agent's are not found). A lend moves full crates
// to the client and a return moves them back as empties, on the ledger, in the action's transaction.
import {
  type Client,
  type ClientStatement,
  type ClientTransaction,
  type CreateClientBody,
  type LendBody,
  clientMessages as m,
  type ReturnBody,
  type UpdateClientBody,
} from '../../../shared/clients.ts';
import type { Db, Executor } from '../../db/client.ts';
import { type Audience, audiences, recordChange } from '../../lib/changes.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { type Caller, ownMarketAgentId } from '../../lib/ownership.ts';
import { emitWebhookEvent } from '../../lib/webhook-outbox.ts';
import * as agents from '../agents/service.ts';
import { clientBalances, clientMovements } from '../crates/balances.ts';
import { bookOpeningBalances, holders, inLedgerTransaction, moveCrates } from '../crates/ledger.ts';
import * as repo from './repository.ts';
import { actionsOnClient, actionsOnLoan, lendRefusal, returnRefusal } from './rules.ts';

export type Settings = { loanOverdueDays: number };
/** For demo data written as it happened: when the action took place (default: now). */
export type When = { at?: Date };
type Page = { limit: number; before?: number; q?: string };

/** A client changed: the agent's screens, and the farm store's crate figures when crates moved. */
function audienceFor(caller: Caller, cratesMoved: boolean): Audience[] {
  return cratesMoved ? [audiences.user(caller.id), audiences.farmStore] : [audiences.user(caller.id)];
}

async function withBalances(db: Executor, rows: repo.ClientRow[], settings: Settings): Promise<Client[]> {
  const out = await clientBalances(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const outstandingCrates = out.get(row.id) ?? 0;
    return {
      ...row,
      outstandingCrates,
      isOverdue: outstandingCrates > 0 && row.daysOut !== null && row.daysOut > settings.loanOverdueDays,
      ...actionsOnClient({ isActive: row.isActive, outstandingCrates }),
    };
  });
}

function toTransaction(row: repo.TransactionRow, settings: Settings): ClientTransaction {
  return {
    ...row,
    cratesOut: row.quantityBorrowed - row.quantityReturned,
    isOverdue: row.isOpen && row.daysOut > settings.loanOverdueDays,
    overdueAfterDays: settings.loanOverdueDays,
    ...actionsOnLoan(row),
  };
}

export async function listClients(db: Db, caller: Caller, page: Page, settings: Settings): Promise<Client[]> {
  const agentId = ownMarketAgentId(caller);
  const rows = await repo.listClients(db, agentId, { ...page, overdueAfterDays: settings.loanOverdueDays });
  return withBalances(db, rows, settings);
}

async function clientView(db: Executor, agentId: number, id: number, settings: Settings): Promise<Client> {
  const rows = await repo.listClients(db, agentId, { limit: 1, id, overdueAfterDays: settings.loanOverdueDays });
  if (rows.length === 0) throw notFound(m.clientNotFound);
  return (await withBalances(db, rows, settings))[0];
}

export async function getClient(db: Db, caller: Caller, id: number, settings: Settings): Promise<Client> {
  return clientView(db, ownMarketAgentId(caller), id, settings);
}

export async function createClient(db: Db, caller: Caller, body: CreateClientBody, settings: Settings) {
  const agentId = ownMarketAgentId(caller);
  const id = await db.transaction(async (tx) => {
    const language = body.language ?? (await repo.userLanguage(tx, caller.id));
    const created = await repo.insertClient(tx, { marketAgentId: agentId, ...body, language });
    await recordChange(tx, {
      tags: ['clients'],
      audience: audienceFor(caller, false),
      audit: { record: created, summary: `${body.businessName} (${body.clientName})` },
    });
    return created;
  });
  return clientView(db, agentId, id, settings);
}

export async function updateClient(db: Db, caller: Caller, id: number, body: UpdateClientBody, settings: Settings) {
  const agentId = ownMarketAgentId(caller);
  await db.transaction(async (tx) => {
    if (!(await repo.updateClient(tx, agentId, id, body))) throw notFound(m.clientNotFound);
    const changed = Object.entries(body).flatMap(([field, value]) =>
      value === undefined ? [] : `${field} → ${value}`,
    );
    await recordChange(tx, {
      tags: ['clients'],
      audience: audienceFor(caller, false),
      audit: { summary: changed.join('; ') || 'no change' },
    });
  });
  return clientView(db, agentId, id, settings);
}

export async function listTransactions(
  db: Db,
  caller: Caller,
  filter: Page & { openOnly?: boolean; clientId?: number },
  settings: Settings,
): Promise<ClientTransaction[]> {
  const agentId = ownMarketAgentId(caller);
  // ?clientId= names one of the caller's clients; another agent's (or none) is not found, as everywhere.
  if (filter.clientId !== undefined && !(await repo.findClient(db, agentId, filter.clientId))) {
    throw notFound(m.clientNotFound);
  }
  const rows = await repo.listTransactions(db, agentId, filter);
  return rows.map((row) => toTransaction(row, settings));
}

async function transactionView(db: Executor, agentId: number, id: number, settings: Settings) {
  const [row] = await repo.listTransactions(db, agentId, { limit: 1, id });
  if (!row) throw notFound(m.transactionNotFound);
  return toTransaction(row, settings);
}

/**
 * Lends full crates to an active client of the caller: at least 1 and at most the agent's full crates
 * (409 otherwise, decided by the ledger's conditional update, so concurrent lends never overdraw).
 */
export async function lendCrates(db: Db, caller: Caller, body: LendBody, settings: Settings, { at }: When = {}) {
  const agentId = ownMarketAgentId(caller);
  const notes = body.notes?.trim() || null;
  const id = await inLedgerTransaction(db, async (tx) => {
    const client = await repo.lockClient(tx, agentId, body.clientId);
    if (!client) throw notFound(m.clientNotFound);
    const refused = lendRefusal(client);
    if (refused) throw refused;
    const loanId = await repo.insertTransaction(tx, {
      clientId: client.id,
      marketAgentId: agentId,
      quantityBorrowed: body.quantityBorrowed,
      notes,
      at,
    });
    await moveCrates(tx, {
      from: holders.agentFull(agentId),
      to: holders.client(client.id),
      quantity: body.quantityBorrowed,
      kind: 'lend',
      clientTransactionId: loanId,
      reason: notes,
      createdBy: caller.id,
      occurredAt: at,
      insufficient: (available) =>
        new HttpError(409, m.notEnoughFullCrates(available), { quantityBorrowed: m.notEnoughFullCrates(available) }),
    });
    await recordChange(tx, {
      tags: ['clients', 'crates'],
      audience: audienceFor(caller, true),
      audit: { record: loanId, summary: `lent ${body.quantityBorrowed} crates to client ${client.id}` },
    });
    await emitWebhookEvent(tx, 'loan.created', {
      loanId,
      clientId: client.id,
      marketAgentId: agentId,
      quantityBorrowed: body.quantityBorrowed,
    });
    return loanId;
  });
  return transactionView(db, agentId, id, settings);
}

/**
 * Records crates handed back against one open loan: above zero and at most its crates out (409
 * otherwise). They come back as the agent's empties; the loan closes when everything is back.
 */
export async function returnCrates(
  db: Db,
  caller: Caller,
  id: number,
  body: ReturnBody,
  settings: Settings,
  { at }: When = {},
) {
  const agentId = ownMarketAgentId(caller);
  const notes = body.notes?.trim() || null;
  await inLedgerTransaction(db, async (tx) => {
    const loan = await repo.lockTransaction(tx, agentId, id);
    if (!loan) throw notFound(m.transactionNotFound);
    const refused = returnRefusal(loan);
    if (refused) throw refused;
    const out = loan.quantityBorrowed - loan.quantityReturned;
    if (body.quantityReturned > out) {
      throw new HttpError(409, m.tooManyReturned(out), { quantityReturned: m.tooManyReturned(out) });
    }
    await repo.recordReturn(tx, loan.id, body.quantityReturned, at);
    // Damaged crates (decision 051) count as handed back but go to the write-off account, not into use.
    const damaged = body.damagedQuantity ?? 0;
    const common = { clientTransactionId: loan.id, createdBy: caller.id, occurredAt: at };
    if (body.quantityReturned > damaged) {
      await moveCrates(tx, {
        ...common,
        from: holders.client(loan.clientId),
        to: holders.agentEmpty(agentId),
        quantity: body.quantityReturned - damaged,
        kind: 'client_return',
        reason: notes,
      });
    }
    if (damaged > 0) {
      await moveCrates(tx, {
        ...common,
        from: holders.client(loan.clientId),
        to: holders.writeoff,
        quantity: damaged,
        kind: 'damage',
        reason: body.damageReason?.trim() || null,
      });
    }
    const left = out - body.quantityReturned;
    await recordChange(tx, {
      tags: ['clients', 'crates'],
      audience: audienceFor(caller, true),
      audit: {
        summary: `returned ${body.quantityReturned}${damaged > 0 ? ` (${damaged} damaged)` : ''}; crates out ${out} → ${left}${left === 0 ? ' (closed)' : ''}`,
      },
    });
    await loanReturned(tx, loan, agentId, { returned: body.quantityReturned, damaged, left });
  });
  return transactionView(db, agentId, id, settings);
}

/** The webhook event of a return (decision 063). */
const loanReturned = (
  tx: Executor,
  loan: { id: number; clientId: number },
  marketAgentId: number,
  { returned, damaged, left }: { returned: number; damaged: number; left: number },
) =>
  emitWebhookEvent(tx, 'loan.returned', {
    loanId: loan.id,
    clientId: loan.clientId,
    marketAgentId,
    quantityReturned: returned,
    damagedQuantity: damaged,
    cratesOut: left,
    closed: left === 0,
  });

/** One client's loans and returns with the crates it held after each (spec: printable statement). */
export async function clientStatement(
  db: Db,
  caller: Caller,
  id: number,
  settings: Settings,
): Promise<ClientStatement> {
  const agentId = ownMarketAgentId(caller);
  const client = await clientView(db, agentId, id, settings);
  const agent = await agents.findAgentById(db, agentId);
  const entries = await clientMovements(db, id);
  return { client, agentName: agent?.agentName ?? '', entries, generatedAt: new Date() };
}

/** Business names (lower case) of these agents' clients, per agent: an import refuses a second one. */
export async function clientNamesByAgent(db: Executor, marketAgentIds: readonly number[]) {
  const out = new Map<number, Set<string>>();
  for (const row of await repo.clientNamesOf(db, marketAgentIds)) {
    if (!out.has(row.marketAgentId)) out.set(row.marketAgentId, new Set());
    out.get(row.marketAgentId)!.add(row.name);
  }
  return out;
}

/** A client from paper records and the crates it has on loan there (an import, decision 050). */
export type ImportedClient = CreateClientBody & { marketAgentId: number; cratesOnLoan: number };

/**
 * Creates clients and their opening loans in the caller's transaction (decision 050): multi-row
 * inserts, and each loan's crates booked on the ledger as an opening balance ('external' → the client),
 * so a client holds exactly its loans' crates out, as after a lend. Returns how many clients.
 */
export async function importClients(
  tx: Executor,
  rows: readonly ImportedClient[],
  { reason, createdBy }: { reason: string; createdBy: number },
): Promise<number> {
  const clientIds = await repo.nextIds(tx, 'clients', rows.length);
  await repo.insertClients(
    tx,
    rows.map((r, i) => ({
      id: clientIds[i],
      marketAgentId: r.marketAgentId,
      businessName: r.businessName,
      clientName: r.clientName,
      contactNumber: r.contactNumber,
      language: r.language ?? 'en',
    })),
  );
  const lent = rows.flatMap((r, i) => (r.cratesOnLoan > 0 ? [{ row: r, clientId: clientIds[i] }] : []));
  const loanIds = await repo.nextIds(tx, 'client_transactions', lent.length);
  await repo.insertTransactions(
    tx,
    lent.map(({ row, clientId }, i) => ({
      id: loanIds[i],
      clientId,
      marketAgentId: row.marketAgentId,
      quantityBorrowed: row.cratesOnLoan,
      notes: reason,
    })),
  );
  await bookOpeningBalances(
    tx,
    lent.map(({ row, clientId }, i) => ({
      to: holders.client(clientId),
      quantity: row.cratesOnLoan,
      clientTransactionId: loanIds[i],
    })),
    { reason, createdBy },
  );
  return rows.length;
}

/** The stock-take feature's hook: the clients an agent counts (decision 051). */
export const clientsToCount = (db: Executor, marketAgentId: number, startedAt: Date) =>
  repo.clientsToCount(db, marketAgentId, startedAt);

/**
 * The stock-take feature's hook (decision 051): a client's accepted shortfall is written off its open
 * loans, oldest first (each loan's crates out go down, so the client's balance still equals its loans'
 * crates out), on the ledger client → write-off. 409 when the client now holds fewer crates.
 */
export async function writeOffClientCrates(
  tx: Executor,
  { clientId, quantity, createdBy, reason }: { clientId: number; quantity: number; createdBy: number; reason: string },
) {
  let left = quantity;
  for (const loan of await repo.lockOpenLoansOfClient(tx, clientId)) {
    if (left === 0) break;
    const take = Math.min(loan.out, left);
    await repo.recordReturn(tx, loan.id, take);
    await moveCrates(tx, {
      from: holders.client(clientId),
      to: holders.writeoff,
      quantity: take,
      kind: 'stock_take',
      clientTransactionId: loan.id,
      reason,
      createdBy,
    });
    left -= take;
  }
  return quantity - left;
}

/**
 * The stock-take feature's hook (decision 051): crates found at a client become a loan of those crates
 * (write-off → client), so the client's balance still equals its loans' crates out.
 */
export async function bookFoundClientCrates(
  tx: Executor,
  {
    clientId,
    marketAgentId,
    quantity,
    createdBy,
    reason,
  }: { clientId: number; marketAgentId: number; quantity: number; createdBy: number; reason: string },
) {
  const loanId = await repo.insertTransaction(tx, {
    clientId,
    marketAgentId,
    quantityBorrowed: quantity,
    notes: reason,
  });
  await moveCrates(tx, {
    from: holders.writeoff,
    to: holders.client(clientId),
    quantity,
    kind: 'stock_take',
    clientTransactionId: loanId,
    reason,
    createdBy,
  });
}
