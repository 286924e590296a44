// Importing paper records (decision 050): a sheet of market agents, their clients and
// opening balances is read, mapped, checked row by row, and committed all at once. The preview and the
// commit run the same checks; the commit books everything in one transaction (accounts through the
// users feature, clients and loans through the clients feature, crates through the crate ledger), or
// nothing. A file is known by its SHA-256: the same file twice is 409 and changes nothing.
import { createHash } from 'node:crypto';
import { isPhoneNumber, marketLocations } from '../../../shared/auth-labels.ts';
import { LOAN_QUANTITY_MAX } from '../../../shared/clients-labels.ts';
import { fieldMessages, isStorableText } from '../../../shared/fields-labels.ts';
import {
  guessMapping,
  IMPORT_MAX_BYTES,
  type ImportBody,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
  type ImportSummary,
  importFieldLabels,
  importFields,
  importMessages,
} from '../../../shared/imports.ts';
import type { Db, Executor } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import * as clients from '../clients/service.ts';
import { inLedgerTransaction } from '../crates/ledger.ts';
import * as crates from '../crates/service.ts';
import * as users from '../users/service.ts';
import { readUpload, type Sheet } from './parse.ts';
import * as repo from './repository.ts';

/** The most crates one agent's opening balance (full or empty) may hold. */
const CRATES_MAX = 100_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type AgentPlan = {
  email: string;
  firstLine: number;
  /** The account's agent record when the e-mail is already an agent's. */
  existingId: number | null;
  name: string;
  contactNumber: string;
  marketLocation: string;
  businessName: string | null;
  fullCrates: number;
  emptyCrates: number;
};
type ClientPlan = {
  line: number;
  email: string;
  businessName: string;
  clientName: string;
  contactNumber: string;
  cratesOnLoan: number;
};
type Plan = {
  sha256: string;
  sheet: Sheet;
  mapping: ImportMapping;
  guessed: ImportMapping;
  agents: AgentPlan[];
  clients: ClientPlan[];
  problems: ImportProblem[];
};

export class ImportRefused extends HttpError {
  constructor(
    readonly problems: ImportProblem[],
    readonly badRows: number,
  ) {
    super(400, importMessages.rowsToFix(badRows));
  }
}

/** The uploaded bytes; 413 above the limit (the body limit lets a little more through for JSON). */
function decode(content: string): Buffer {
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw new HttpError(413, importMessages.fileTooLarge);
  return bytes;
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The mapping asked for, checked against the file; the guess where none was given. */
function mappingFor(sheet: Sheet, asked: ImportBody['mapping']): { mapping: ImportMapping; guessed: ImportMapping } {
  const guessed = guessMapping(sheet.headers);
  if (!asked) return { mapping: guessed, guessed };
  const mapping = Object.fromEntries(importFields.map((f) => [f, asked[f] ?? null])) as ImportMapping;
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  for (const f of importFields) {
    const column = mapping[f];
    if (column === null) continue;
    if (column >= sheet.headers.length) errors[`mapping.${f}`] = importMessages.columnMissing;
    else if (seen.has(column)) errors[`mapping.${f}`] = importMessages.columnTwice;
    seen.add(column);
  }
  if (mapping.agentEmail === null) errors['mapping.agentEmail'] = importMessages.emailColumnRequired;
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return { mapping, guessed };
}

/** Market names as people write them: "Johannesburg", "jhb market", "JOHANNESBURG MARKET". */
function marketOf(text: string): string | null {
  if (!text) return 'Other';
  const t = text
    .toLowerCase()
    .replace(/\s*market$/, '')
    .trim();
  if (t === 'jhb' || t === 'joburg') return 'Johannesburg Market';
  if (t === 'pta') return 'Pretoria Market';
  return marketLocations.find((m) => m.toLowerCase().replace(/\s*market$/, '') === t) ?? null;
}

/** A whole number of crates from a cell ("" is 0); null with the problem when it is not one. */
function crateCount(text: string, max: number): number | null {
  if (text === '') return 0;
  const cleaned = text.replace(/[\s,](?=\d{3}\b)/g, '');
  if (!/^\d+(\.0+)?$/.test(cleaned)) return null;
  const n = Number.parseInt(cleaned, 10);
  return n <= max ? n : null;
}

/** Reads, maps and checks a file against the farm's records: the plan a commit carries out. */
// Long: every rule of a row, in the order a person reads the row, beside each other (decision 050).
async function plan(db: Executor, body: ImportBody): Promise<Plan> {
  const bytes = decode(body.content);
  const sha256 = sha256Of(bytes);
  const sheet = await readUpload(bytes, body.fileName);
  const { mapping, guessed } = mappingFor(sheet, body.mapping);
  if (mapping.agentEmail === null) throw badRequest(importMessages.emailColumnRequired);

  const problems: ImportProblem[] = [];
  const header = (f: ImportField) => {
    const c = mapping[f];
    return c === null ? importFieldLabels[f] : sheet.headers[c] || importFieldLabels[f];
  };
  const problem = (line: number, field: ImportField | null, message: string) => {
    problems.push({ line, column: field ? header(field) : null, message });
  };
  /** Records a problem; false, for `ok = fail(…)`. */
  const fail = (line: number, field: ImportField | null, message: string) => {
    problem(line, field, message);
    return false;
  };

  const cell = (cells: string[], f: ImportField) => {
    const c = mapping[f];
    const value = c === null ? '' : (cells[c] ?? '').trim();
    // Our own exports put an apostrophe before a cell a spreadsheet would run as a formula
    // (lib/csv.ts; a spreadsheet shows it as a text prefix, not a character): read the cell as it was.
    return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
  };

  const emails = sheet.rows.map((r) => cell(r.cells, 'agentEmail').toLowerCase()).filter((e) => EMAIL.test(e));
  const existing = new Map((await users.accountsByEmail(db, emails)).map((a) => [a.email, a]));
  const existingAgentIds = [...existing.values()].flatMap((a) =>
    a.role === 'market_agent' && a.isActive && a.marketAgentId !== null ? [a.marketAgentId] : [],
  );
  const namesTaken = await clients.clientNamesByAgent(db, existingAgentIds);

  const agents = new Map<string, AgentPlan & { lines: Partial<Record<ImportField, number>> }>();
  const clientRows: ClientPlan[] = [];
  const clientKeys = new Map<string, number>();

  for (const { line, cells } of sheet.rows) {
    const get = (f: ImportField) => cell(cells, f);
    // A control character (from a spreadsheet's cell, or a file that is not text) cannot be stored as typed.
    const unstorable = importFields.find((f) => !isStorableText(get(f)));
    if (unstorable) {
      problem(line, unstorable, fieldMessages.badCharacters);
      continue;
    }
    const email = get('agentEmail').toLowerCase();
    if (!email) {
      problem(line, 'agentEmail', 'Every row needs the agent’s e-mail address');
      continue;
    }
    if (!EMAIL.test(email) || email.length > 254) {
      problem(line, 'agentEmail', 'Please enter a valid email address');
      continue;
    }
    const account = existing.get(email);
    if (account && (account.role !== 'market_agent' || account.marketAgentId === null)) {
      problem(line, 'agentEmail', 'This e-mail belongs to an account that is not a market agent');
      continue;
    }
    if (account && !account.isActive) {
      problem(line, 'agentEmail', 'This agent was removed: restore it in User Management first');
      continue;
    }
    let agent = agents.get(email);
    if (!agent) {
      agent = {
        email,
        firstLine: line,
        existingId: account?.marketAgentId ?? null,
        name: '',
        contactNumber: '',
        marketLocation: '',
        businessName: null,
        fullCrates: 0,
        emptyCrates: 0,
        lines: {},
      };
      agents.set(email, agent);
    }
    // An agent's own columns may be on any of its rows; given twice they must agree.
    const agentValue = <K extends 'name' | 'contactNumber' | 'marketLocation' | 'businessName'>(
      field: ImportField,
      key: K,
      value: string,
    ) => {
      if (!value) return;
      const before = agent.lines[field];
      if (before !== undefined && String(agent[key]).toLowerCase() !== value.toLowerCase()) {
        problem(line, field, `Differs from row ${before} for the same agent (${agent[key]})`);
        return;
      }
      agent.lines[field] ??= line;
      (agent as Record<K, string>)[key] = value;
    };
    if (!agent.existingId) {
      const name = get('agentName');
      if (name.length > 100) problem(line, 'agentName', 'Name is at most 100 characters');
      else agentValue('agentName', 'name', name);
      const phone = get('agentPhone');
      if (phone && (phone.length > 40 || !isPhoneNumber(phone))) {
        problem(line, 'agentPhone', 'Please enter a valid contact number');
      } else agentValue('agentPhone', 'contactNumber', phone);
      const marketText = get('marketLocation');
      const market = marketText ? marketOf(marketText) : null;
      if (marketText && !market) {
        problem(line, 'marketLocation', `Unknown market: use ${marketLocations.join(', ')}`);
      } else if (market) agentValue('marketLocation', 'marketLocation', market);
      const business = get('agentBusiness');
      if (business.length > 200) problem(line, 'agentBusiness', 'Business name is at most 200 characters');
      else agentValue('agentBusiness', 'businessName', business);
    }
    for (const [field, key] of [
      ['fullCrates', 'fullCrates'],
      ['emptyCrates', 'emptyCrates'],
    ] as const) {
      const text = get(field);
      if (text === '') continue;
      const n = crateCount(text, CRATES_MAX);
      if (n === null) {
        problem(line, field, `Enter a whole number of crates from 0 to ${CRATES_MAX.toLocaleString('en-ZA')}`);
      } else if (agent.existingId && n > 0) {
        problem(
          line,
          field,
          'This agent already has an account: enter its crates as an opening balance in Settings, not by import',
        );
      } else if (agent.lines[field] !== undefined && agent[key] !== n) {
        problem(line, field, `Differs from row ${agent.lines[field]} for the same agent (${agent[key]})`);
      } else {
        agent.lines[field] ??= line;
        agent[key] = n;
      }
    }

    const business = get('clientBusiness');
    const clientName = get('clientName');
    const clientPhone = get('clientPhone');
    const loanText = get('cratesOnLoan');
    if (!business && !clientName && !clientPhone) {
      if (loanText && loanText !== '0') problem(line, 'cratesOnLoan', 'Crates on loan need the client’s details');
      continue;
    }
    let ok = true;
    if (!business) ok = fail(line, 'clientBusiness', 'Business name is required');
    else if (business.length > 200) ok = fail(line, 'clientBusiness', 'Business name is at most 200 characters');
    if (!clientName) ok = fail(line, 'clientName', 'Client name is required');
    else if (clientName.length > 200) ok = fail(line, 'clientName', 'Client name is at most 200 characters');
    if (!clientPhone) ok = fail(line, 'clientPhone', 'Contact number is required');
    else if (clientPhone.length > 40 || !isPhoneNumber(clientPhone)) {
      ok = fail(line, 'clientPhone', 'Please enter a valid contact number');
    }
    const loan = crateCount(loanText, LOAN_QUANTITY_MAX);
    if (loan === null) {
      ok = fail(
        line,
        'cratesOnLoan',
        `Enter a whole number of crates from 0 to ${LOAN_QUANTITY_MAX.toLocaleString('en-ZA')}`,
      );
    }
    if (business) {
      const key = `${email}\n${business.toLowerCase()}`;
      const before = clientKeys.get(key);
      if (before !== undefined) ok = fail(line, 'clientBusiness', `Same client as row ${before} for this agent`);
      else if (agent.existingId && namesTaken.get(agent.existingId)?.has(business.toLowerCase())) {
        ok = fail(line, 'clientBusiness', 'This agent already has a client with this business name');
      } else clientKeys.set(key, line);
    }
    if (ok) {
      clientRows.push({
        line,
        email,
        businessName: business,
        clientName,
        contactNumber: clientPhone,
        cratesOnLoan: loan ?? 0,
      });
    }
  }

  // What a new agent must have somewhere on its rows.
  for (const agent of agents.values()) {
    if (agent.existingId) continue;
    if (!agent.name) problem(agent.firstLine, 'agentName', 'A new agent needs a name (on any of its rows)');
    if (!agent.contactNumber) {
      problem(agent.firstLine, 'agentPhone', 'A new agent needs a contact number (on any of its rows)');
    }
    agent.marketLocation ||= 'Other';
  }
  problems.sort((a, b) => a.line - b.line);
  return { sha256, sheet, mapping, guessed, agents: [...agents.values()], clients: clientRows, problems };
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
    throw conflict('Some of these records were created meanwhile: preview the file again');
  }
}

export async function listImports(db: Executor, limit: number) {
  return repo.listImports(db, limit);
}
