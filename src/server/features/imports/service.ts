// Importing paper records (decision 050): a sheet of market agents, their clients and
// opening balances is read, mapped, checked row by row, and committed all at once. The preview and the
// commit run the same checks; the commit books everything in one transaction (accounts through the
// users feature, clients and loans through the clients feature, crates through the crate ledger), or
// nothing. A file is known by its SHA-256: the same file twice is 409 and changes nothing.
import {
  type ImportBody,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
  type ImportSummary,
  importMessages,
} from '../../../shared/imports.ts';
import type { Db, Executor } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import * as clients from '../clients/service.ts';
import { inLedgerTransaction } from '../crates/ledger.ts';
import * as crates from '../crates/service.ts';
import * as users from '../users/service.ts';
import { decode, type Plan, plan, sha256Of } from './plan.ts';
import * as repo from './repository.ts';

export class ImportRefused extends HttpError {
  constructor(
    readonly problems: ImportProblem[],
    readonly badRows: number,
  ) {
    super(400, importMessages.rowsToFix(badRows));
  }
}

function summaryOf(p: Plan): ImportSummary {
  const fresh = p.agents.filter((a) => !a.existingId);
  return {
    rows: p.sheet.rows.length,
    newAgents: fresh.length,
    existingAgents: p.agents.length - fresh.length,
    clients: p.clients.length,
    fullCrates: fresh.reduce((s, a) => s + a.fullCrates, 0),
    emptyCrates: fresh.reduce((s, a) => s + a.emptyCrates, 0),
    cratesOnLoan: p.clients.reduce((s, c) => s + c.cratesOnLoan, 0),
  };
}

const badRowsOf = (problems: ImportProblem[]) => new Set(problems.map((p) => p.line)).size;
const dateOf = (at: Date, timeZone: string) =>
  at.toLocaleString('en-ZA', { timeZone, dateStyle: 'medium', timeStyle: 'short' });

/** The first look at a file: its headers, the guessed (or given) mapping, a summary and every problem. */
export async function preview(db: Db, body: ImportBody): Promise<ImportPreview> {
  const p = await plan(db, body);
  const earlier = await repo.findBySha(db, p.sha256);
  return {
    fileName: body.fileName,
    sha256: p.sha256,
    headers: p.sheet.headers,
    guessed: p.guessed,
    mapping: p.mapping,
    summary: summaryOf(p),
    problems: p.problems,
    badRows: badRowsOf(p.problems),
    alreadyImportedAt: earlier?.createdAt ?? null,
  };
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return (e?.code ?? e?.cause?.code) === '23505';
};

/**
 * Imports a file: refused with every problem (400) when any row is bad, 409 when the file was imported
 * before; otherwise everything in one transaction. New agents' first passwords are in the answer only.
 */
// Long: one transaction that calls each feature in turn, and the answers for a race it can lose.
export async function commit(
  db: Db,
  caller: { id: number },
  body: ImportBody,
  { timeZone }: { timeZone: string },
): Promise<ImportResult> {
  // The same file again changes nothing, whatever its rows would say now.
  const earlier = await repo.findBySha(db, sha256Of(decode(body.content)));
  if (earlier) throw conflict(importMessages.alreadyImported(dateOf(earlier.createdAt, timeZone)));
  const p = await plan(db, body);
  if (p.problems.length > 0) throw new ImportRefused(p.problems, badRowsOf(p.problems));

  const fresh = p.agents.filter((a) => !a.existingId);
  // Hashing takes time: done before the transaction opens, so it holds no locks meanwhile.
  const prepared = await users.prepareAgentAccounts(
    fresh.map((a) => ({
      name: a.name,
      email: a.email,
      contactNumber: a.contactNumber,
      marketLocation: a.marketLocation,
      businessName: a.businessName,
    })),
  );
  const reason = `Opening balance imported from ${body.fileName}`.slice(0, 300);
  const summary = summaryOf(p);
  try {
    const { id, accounts } = await inLedgerTransaction(db, async (tx) => {
      // First: the file's row (its unique SHA-256 decides two imports of one file at once).
      const id = await repo.insertImport(tx, {
        sha256: p.sha256,
        fileName: body.fileName,
        rowCount: summary.rows,
        agentsCreated: summary.newAgents,
        clientsCreated: summary.clients,
        createdBy: caller.id,
      });
      const created = await users.createAgentAccounts(tx, prepared);
      const agentIds = new Map<string, number>(
        p.agents.flatMap((a) => (a.existingId ? [[a.email, a.existingId]] : [])),
      );
      for (const c of created) agentIds.set(c.email, c.marketAgentId);
      await crates.bookAgentOpeningBalances(
        tx,
        fresh.map((a) => ({
          marketAgentId: agentIds.get(a.email)!,
          fullCrates: a.fullCrates,
          emptyCrates: a.emptyCrates,
        })),
        { reason, createdBy: caller.id },
      );
      await clients.importClients(
        tx,
        p.clients.map((c) => ({
          marketAgentId: agentIds.get(c.email)!,
          businessName: c.businessName,
          clientName: c.clientName,
          contactNumber: c.contactNumber,
          language: c.language,
          cratesOnLoan: c.cratesOnLoan,
        })),
        { reason, createdBy: caller.id },
      );
      await recordChange(tx, {
        tags: ['users', 'clients', 'crates'],
        audience: [audiences.farmStore, audiences.marketAgents],
        audit: {
          record: id,
          summary: `imported ${body.fileName}: ${summary.newAgents} new agents, ${summary.clients} clients, ${summary.fullCrates} full, ${summary.emptyCrates} empty and ${summary.cratesOnLoan} crates on loan`,
        },
      });
      return { id, accounts: created };
    });
    return {
      id,
      message: importMessages.imported,
      summary,
      accounts: accounts.map((a) => ({
        name: a.name,
        email: a.email,
        agentNumber: a.agentNumber,
        password: a.password,
      })),
    };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const again = await repo.findBySha(db, p.sha256);
    if (again) throw conflict(importMessages.alreadyImported(dateOf(again.createdAt, timeZone)));
    // An e-mail or a client taken meanwhile: the preview will show which.
    throw conflict(importMessages.createdMeanwhile);
  }
}

export async function listImports(db: Executor, limit: number) {
  return repo.listImports(db, limit);
}
