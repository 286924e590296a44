// CSV exports (decision 049): whose rows a file holds, and each row as text cells.
// The farm store exports every agent's rows (or one agent's with ?marketAgentId=); a market agent only
// its own transmissions, clients and loans (its agent is the caller's, decision 029); billing lines,
// payments and the crate ledger are the farm store's (their routes say so). Files stream a keyset page
// at a time (lib/csv.ts), so their size never sits in memory.
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { agentMessages } from '../../../shared/agents.ts';
import { EXPORT_COLUMNS, type ExportKind, type ExportQuery } from '../../../shared/exports.ts';
import { transmissionTypeLabels } from '../../../shared/transmissions-labels.ts';
import type { Executor } from '../../db/client.ts';
import { csvStream, farmTimestamp, keysetRows } from '../../lib/csv.ts';
import { notFound } from '../../lib/http-error.ts';
import { type Caller, ownMarketAgentId } from '../../lib/ownership.ts';
import * as repo from './repository.ts';

/** Rows read per query while a file streams. */
export const EXPORT_BATCH = 500;

type Deps = { db: Executor; log: FastifyBaseLogger; timeZone: string };
type Cells = readonly string[];

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The agent whose rows the caller may export: the farm store everyone's (null) or the agent it names
 * (404 when there is none); a market agent its own, and asking for another agent's is a 404 too (the
 * other agent's records are not the caller's to know of).
 */
export async function agentScope(db: Executor, caller: Caller, query: ExportQuery): Promise<number | null> {
  if (caller.role === 'farm_store') {
    if (query.marketAgentId === undefined) return null;
    if (!(await repo.agentExists(db, query.marketAgentId))) throw notFound(agentMessages.agentNotFound);
    return query.marketAgentId;
  }
  const own = ownMarketAgentId(caller);
  if (query.marketAgentId !== undefined && query.marketAgentId !== own) throw notFound(agentMessages.agentNotFound);
  return own;
}

type Page<R> = (db: Executor, f: repo.ExportFilter, after: number, limit: number) => Promise<R[]>;

async function* cells<R extends { id: number }>(
  deps: Deps,
  filter: repo.ExportFilter,
  page: Page<R>,
  toCells: (row: R, when: (at: Date | null) => string) => Cells,
  batch: number,
): AsyncGenerator<Cells> {
  const when = (at: Date | null) => (at === null ? '' : farmTimestamp(at, deps.timeZone));
  for await (const row of keysetRows((after, limit) => page(deps.db, filter, after, limit), batch)) {
    yield toCells(row, when);
  }
}

type Row<P> = P extends Page<infer R> ? R : never;
type Writer<P> = (row: Row<P>, when: (at: Date | null) => string) => Cells;

const transmissionCells: Writer<typeof repo.transmissionsPage> = (r, when) => [
  text(r.id),
  when(r.sentAt),
  transmissionTypeLabels[r.type],
  r.status,
  r.fromName,
  r.toName ?? 'Farm store',
  text(r.agentNumber),
  text(r.agentName),
  text(r.quantity),
  text(r.actualQuantity),
  yesNo(r.isFlagged),
  text(r.resolutionNote),
  when(r.acknowledgedAt),
  when(r.recalledAt),
  text(r.notes),
];

const clientCells: Writer<typeof repo.clientsPage> = (r, when) => [
  text(r.id),
  when(r.createdAt),
  r.agentNumber,
  r.agentEmail,
  r.agentName,
  r.agentPhone,
  r.market,
  text(r.agentBusiness),
  r.businessName,
  r.clientName,
  r.contactNumber,
  yesNo(r.isActive),
  text(r.crates ?? 0),
  r.language,
];

const loanCells: Writer<typeof repo.loansPage> = (r, when) => [
  text(r.id),
  when(r.createdAt),
  r.agentNumber,
  r.agentName,
  text(r.clientId),
  r.businessName,
  r.clientName,
  text(r.borrowed),
  text(r.returned),
  text(r.borrowed - r.returned),
  yesNo(r.isOpen),
  when(r.closedAt),
  text(r.notes),
];

const billingLineCells: Writer<typeof repo.billingLinesPage> = (r) => [
  text(r.id),
  r.acknowledgedOn,
  r.agentNumber,
  r.agentName,
  text(r.transmissionId),
  text(r.crates),
  text(r.cycleId),
  text(r.cycleStart),
  text(r.cycleEnd),
  text(r.rate),
  text(r.amount),
];

const paymentCells: Writer<typeof repo.paymentsPage> = (r) => [
  text(r.id),
  r.paidOn,
  text(r.cycleId),
  r.cycleStart,
  r.cycleEnd,
  r.agentNumber,
  r.agentName,
  text(r.crates),
  r.amount,
  r.reference,
  text(r.recordedBy),
];

const ledgerCells: Writer<typeof repo.ledgerPage> = (r, when) => [
  text(r.id),
  when(r.occurredAt),
  r.kind,
  r.fromHolder,
  r.toHolder,
  text(r.quantity),
  text(r.transmissionId),
  text(r.loanId),
  text(r.reason),
  text(r.by),
];

type FileRows = (deps: Deps, filter: repo.ExportFilter, batch: number) => AsyncGenerator<Cells>;

/** A file's rows: its page query's rows, each written as cells. */
const rowsFrom =
  <R extends { id: number }>(page: Page<R>, toCells: Writer<Page<R>>): FileRows =>
  (deps, filter, batch) =>
    cells(deps, filter, page, toCells, batch);

/** Each file's rows as text cells. */
const rowsOf: Record<ExportKind, FileRows> = {
  transmissions: rowsFrom(repo.transmissionsPage, transmissionCells),
  clients: rowsFrom(repo.clientsPage, clientCells),
  loans: rowsFrom(repo.loansPage, loanCells),
  'billing-lines': rowsFrom(repo.billingLinesPage, billingLineCells),
  payments: rowsFrom(repo.paymentsPage, paymentCells),
  ledger: rowsFrom(repo.ledgerPage, ledgerCells),
};

/**
 * One file as a stream of RFC 4180 CSV (UTF-8 with a byte-order mark, CRLF, formulas neutralised),
 * after the caller's scope has been settled: a refusal is an ordinary error answer, never half a file.
 */
export async function exportCsv(
  deps: Deps,
  kind: ExportKind,
  caller: Caller,
  query: ExportQuery,
  batch = EXPORT_BATCH,
): Promise<Readable> {
  const marketAgentId = await agentScope(deps.db, caller, query);
  const filter = { from: query.from, to: query.to, timeZone: deps.timeZone, marketAgentId };
  return csvStream(EXPORT_COLUMNS[kind], rowsOf[kind](deps, filter, batch), deps.log, kind);
}
