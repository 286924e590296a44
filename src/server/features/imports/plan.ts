// An import's plan (decision 050): the file read, mapped and checked row by row against the farm's
// records, in the order a person reads a row. The preview shows it; the commit carries it out.
import { createHash } from 'node:crypto';
import { isPhoneNumber, marketLocations } from '../../../shared/auth-labels.ts';
import { LOAN_QUANTITY_MAX } from '../../../shared/clients-labels.ts';
import { fieldMessages, isStorableText } from '../../../shared/fields-labels.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import {
  guessMapping,
  IMPORT_MAX_BYTES,
  type ImportBody,
  type ImportField,
  type ImportMapping,
  type ImportProblem,
  importedLanguage,
  importFieldLabels,
  importFields,
  importMessages,
  importRowMessages as says,
} from '../../../shared/imports.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import * as clients from '../clients/service.ts';
import * as users from '../users/service.ts';
import { readUpload, type Sheet } from './parse.ts';

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
  /** The language the agent writes to the client in; none given: English. */
  language: Language;
  cratesOnLoan: number;
};
export type Plan = {
  sha256: string;
  sheet: Sheet;
  mapping: ImportMapping;
  guessed: ImportMapping;
  agents: AgentPlan[];
  clients: ClientPlan[];
  problems: ImportProblem[];
};

/** An agent while its rows are read: which row gave each of its own columns first. */
type AgentDraft = AgentPlan & { lines: Partial<Record<ImportField, number>> };
/** One row of the sheet: its line number and its cells by field. */
type Row = { line: number; get: (f: ImportField) => string };
/** Records a row's problem against the column the file calls the field. */
type Report = (line: number, field: ImportField | null, message: string) => void;
/** The farm's records a row is checked against: accounts by e-mail, each agent's client names. */
type Known = {
  existing: Map<string, Awaited<ReturnType<typeof users.accountsByEmail>>[number]>;
  namesTaken: Map<number, Set<string>>;
};

/** The uploaded bytes; 413 above the limit (the body limit lets a little more through for JSON). */
export function decode(content: string): Buffer {
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw new HttpError(413, importMessages.fileTooLarge);
  return bytes;
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

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

/** A row's cell for a field, trimmed; '' for a field the mapping leaves out. */
const cellReader = (mapping: ImportMapping) => (cells: string[], f: ImportField) => {
  const c = mapping[f];
  const value = c === null ? '' : (cells[c] ?? '').trim();
  // Our own exports put an apostrophe before a cell a spreadsheet would run as a formula
  // (lib/csv.ts; a spreadsheet shows it as a text prefix, not a character): read the cell as it was.
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
};

/** Who the sheet's e-mails already are, and the client names their agents already use. */
async function knownRecords(db: Executor, emails: string[]): Promise<Known> {
  const existing = new Map((await users.accountsByEmail(db, emails)).map((a) => [a.email, a]));
  const existingAgentIds = [...existing.values()].flatMap((a) =>
    a.role === 'market_agent' && a.isActive && a.marketAgentId !== null ? [a.marketAgentId] : [],
  );
  return { existing, namesTaken: await clients.clientNamesByAgent(db, existingAgentIds) };
}

/** The row's agent (met before, or new); null, with the problem, when the row has no usable agent. */
function agentOfRow(row: Row, known: Known, agents: Map<string, AgentDraft>, report: Report): AgentDraft | null {
  const { line, get } = row;
  const refuse = (field: ImportField, message: string) => {
    report(line, field, message);
    return null;
  };
  // A control character (from a spreadsheet's cell, or a file that is not text) cannot be stored as typed.
  const unstorable = importFields.find((f) => !isStorableText(get(f)));
  if (unstorable) return refuse(unstorable, fieldMessages.badCharacters);
  const email = get('agentEmail').toLowerCase();
  if (!email) return refuse('agentEmail', says.emailRequired);
  if (!EMAIL.test(email) || email.length > 254) return refuse('agentEmail', says.emailInvalid);
  const account = known.existing.get(email);
  if (account && (account.role !== 'market_agent' || account.marketAgentId === null)) {
    return refuse('agentEmail', says.notAnAgent);
  }
  if (account && !account.isActive) return refuse('agentEmail', says.agentRemoved);
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
  return agent;
}

/** A new agent's own columns: they may be on any of its rows; given twice they must agree. */
function checkNewAgentColumns({ line, get }: Row, agent: AgentDraft, report: Report) {
  const agentValue = <K extends 'name' | 'contactNumber' | 'marketLocation' | 'businessName'>(
    field: ImportField,
    key: K,
    value: string,
  ) => {
    if (!value) return;
    const before = agent.lines[field];
    if (before !== undefined && String(agent[key]).toLowerCase() !== value.toLowerCase()) {
      report(line, field, says.differsFromRow(before, agent[key]));
      return;
    }
    agent.lines[field] ??= line;
    (agent as Record<K, string>)[key] = value;
  };
  const name = get('agentName');
  if (name.length > 100) report(line, 'agentName', says.nameTooLong);
  else agentValue('agentName', 'name', name);
  const phone = get('agentPhone');
  if (phone && (phone.length > 40 || !isPhoneNumber(phone))) report(line, 'agentPhone', says.phoneInvalid);
  else agentValue('agentPhone', 'contactNumber', phone);
  const marketText = get('marketLocation');
  const market = marketText ? marketOf(marketText) : null;
  if (marketText && !market) report(line, 'marketLocation', says.unknownMarket(marketLocations));
  else if (market) agentValue('marketLocation', 'marketLocation', market);
  const business = get('agentBusiness');
  if (business.length > 200) report(line, 'agentBusiness', says.businessTooLong);
  else agentValue('agentBusiness', 'businessName', business);
}

/** The agent's opening balance: whole numbers, only for a new agent, the same on every row that gives it. */
function checkAgentCrates({ line, get }: Row, agent: AgentDraft, report: Report) {
  for (const field of ['fullCrates', 'emptyCrates'] as const) {
    const text = get(field);
    if (text === '') continue;
    const n = crateCount(text, CRATES_MAX);
    if (n === null) report(line, field, says.crateCount(CRATES_MAX));
    else if (agent.existingId && n > 0) report(line, field, says.agentHasAccount);
    else if (agent.lines[field] !== undefined && agent[field] !== n) {
      report(line, field, says.differsFromRow(agent.lines[field], agent[field]));
    } else {
      agent.lines[field] ??= line;
      agent[field] = n;
    }
  }
}

/** The client's own columns, each problem as [field, message]. */
function clientColumnProblems(business: string, clientName: string, clientPhone: string): [ImportField, string][] {
  const problems: [ImportField, string][] = [];
  if (!business) problems.push(['clientBusiness', says.businessRequired]);
  else if (business.length > 200) problems.push(['clientBusiness', says.businessTooLong]);
  if (!clientName) problems.push(['clientName', says.clientNameRequired]);
  else if (clientName.length > 200) problems.push(['clientName', says.clientNameTooLong]);
  if (!clientPhone) problems.push(['clientPhone', says.phoneRequired]);
  else if (clientPhone.length > 40 || !isPhoneNumber(clientPhone)) problems.push(['clientPhone', says.phoneInvalid]);
  return problems;
}

/**
 * Why the agent cannot have a client by this business name: an earlier row has it, or the agent
 * already does; null when the name is free, and then it is kept for the later rows.
 */
function businessNameProblem(
  line: number,
  business: string,
  agent: AgentDraft,
  known: Known,
  clientKeys: Map<string, number>,
): string | null {
  const key = `${agent.email}\n${business.toLowerCase()}`;
  const before = clientKeys.get(key);
  if (before !== undefined) return says.sameClient(before);
  if (agent.existingId && known.namesTaken.get(agent.existingId)?.has(business.toLowerCase())) {
    return says.clientNameTaken;
  }
  clientKeys.set(key, line);
  return null;
}

/** The row's client and its loan; null when the row has none or it has a problem (reported). */
function clientOfRow(
  { line, get }: Row,
  agent: AgentDraft,
  known: Known,
  clientKeys: Map<string, number>,
  report: Report,
): ClientPlan | null {
  const business = get('clientBusiness');
  const clientName = get('clientName');
  const clientPhone = get('clientPhone');
  const loanText = get('cratesOnLoan');
  if (!business && !clientName && !clientPhone) {
    if (loanText && loanText !== '0') report(line, 'cratesOnLoan', says.loanNeedsClient);
    return null;
  }
  const problems = clientColumnProblems(business, clientName, clientPhone);
  const loan = crateCount(loanText, LOAN_QUANTITY_MAX);
  if (loan === null) problems.push(['cratesOnLoan', says.crateCount(LOAN_QUANTITY_MAX)]);
  const languageText = get('clientLanguage');
  const language = languageText ? importedLanguage(languageText) : 'en';
  if (language === null) problems.push(['clientLanguage', says.languageUnknown]);
  if (business) {
    const taken = businessNameProblem(line, business, agent, known, clientKeys);
    if (taken) problems.push(['clientBusiness', taken]);
  }
  for (const [field, message] of problems) report(line, field, message);
  if (problems.length > 0) return null;
  return {
    line,
    email: agent.email,
    businessName: business,
    clientName,
    contactNumber: clientPhone,
    language: language ?? 'en',
    cratesOnLoan: loan ?? 0,
  };
}

/** What a new agent must have somewhere on its rows. */
function finishNewAgents(agents: Iterable<AgentDraft>, report: Report) {
  for (const agent of agents) {
    if (agent.existingId) continue;
    if (!agent.name) report(agent.firstLine, 'agentName', says.newAgentName);
    if (!agent.contactNumber) report(agent.firstLine, 'agentPhone', says.newAgentPhone);
    agent.marketLocation ||= 'Other';
  }
}

/** Reads, maps and checks a file against the farm's records: the plan a commit carries out. */
export async function plan(db: Executor, body: ImportBody): Promise<Plan> {
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
  const report: Report = (line, field, message) => {
    problems.push({ line, column: field ? header(field) : null, message });
  };
  const cell = cellReader(mapping);
  const emails = sheet.rows.map((r) => cell(r.cells, 'agentEmail').toLowerCase()).filter((e) => EMAIL.test(e));
  const known = await knownRecords(db, emails);

  const agents = new Map<string, AgentDraft>();
  const clientRows: ClientPlan[] = [];
  const clientKeys = new Map<string, number>();
  for (const { line, cells } of sheet.rows) {
    const row: Row = { line, get: (f) => cell(cells, f) };
    const agent = agentOfRow(row, known, agents, report);
    if (!agent) continue;
    if (!agent.existingId) checkNewAgentColumns(row, agent, report);
    checkAgentCrates(row, agent, report);
    const client = clientOfRow(row, agent, known, clientKeys, report);
    if (client) clientRows.push(client);
  }
  finishNewAgents(agents.values(), report);
  problems.sort((a, b) => a.line - b.line);
  return { sha256, sheet, mapping, guessed, agents: [...agents.values()], clients: clientRows, problems };
}
