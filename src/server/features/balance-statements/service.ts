// Monthly crate statements (decision 064): the farm store issues one per agent for a month that has
// ended, every figure from the ledger in one grouped query and checked to add up; the agent confirms
// or disputes it (with the balance it believes, a note and optionally a photo); the farm store accepts
// the agent's figure (booked now on the ledger, the statement as its reason) or answers, and the agent
// is told by e-mail. An issued month is closed for that agent: the database refuses a movement dated
// inside it (migration 0020's trigger), so corrections land in the current month.
import { eq } from 'drizzle-orm';
import type {
  BalanceStatement,
  DisputeStatementBody,
  IssueStatementsBody,
  ResolveStatementBody,
} from '../../../shared/balance-statements.ts';
import {
  closingOf,
  balanceStatementMessages as m,
  STATEMENT_REMINDER_DAYS,
} from '../../../shared/balance-statements.ts';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { formatMonthIn, translatorFor } from '../../lib/i18n.ts';
import type { Caller } from '../../lib/ownership.ts';
import type { Mailer, QueuedMail } from '../../plugins/mailer.ts';
import * as agentsService from '../agents/service.ts';
import { agentMonthFigures, type MonthFigures } from '../crates/balances.ts';
import { balancesOf, holders, inLedgerTransaction, moveCrates } from '../crates/ledger.ts';
import * as evidence from '../evidence/service.ts';
import * as reports from '../reports/service.ts';
import { reminderEmail, resolvedEmail } from './emails.ts';
import * as repo from './repository.ts';

type Acting = Pick<Caller, 'id' | 'role' | 'marketAgentId'>;
export type StatementDeps = { db: Db; mailer: Mailer; timeZone: string; farmName: string };

const DAY_MS = 24 * 3600 * 1000;

/** The figures must add up: opening + in − out = closing (the table's CHECK says so too). */
export function assertAddsUp(f: MonthFigures): void {
  if (closingOf(f) !== f.closing) throw new Error(`${m.figuresDontAddUp}: ${JSON.stringify(f)}`);
}

function toView(r: repo.StatementRecord, caller: Acting, now = new Date()): BalanceStatement {
  const { agentUserId: _, agentEmail: __, agentLanguage: ____, periodEnd: ___, ...rest } = r;
  const own = caller.role === 'market_agent' && caller.marketAgentId === r.marketAgentId;
  return {
    ...rest,
    overdue: r.status === 'waiting' && now.getTime() - r.issuedAt.getTime() > STATEMENT_REMINDER_DAYS * DAY_MS,
    canConfirm: own && r.status === 'waiting',
    canDispute: own && r.status === 'waiting',
    canResolve: caller.role === 'farm_store' && r.status === 'disputed',
  };
}

/** The statement if the caller may see it: the farm store any, an agent its own; 404 otherwise. */
async function visible(db: Executor, caller: Acting, id: number, { lock = false } = {}) {
  const r = await repo.findStatement(db, id, { lock });
  if (!r || (caller.role !== 'farm_store' && caller.marketAgentId !== r.marketAgentId)) throw notFound(m.notFound);
  return r;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Issues the month's statements to the agents named (none: every active agent). */
export async function issueStatements(deps: StatementDeps, caller: Acting, body: IssueStatementsBody) {
  const { db } = deps;
  const window = await repo.monthWindow(db, body.month, deps.timeZone);
  if (!window.ended) throw badRequest(m.monthNotEnded, { month: m.monthNotEnded });
  const ids = body.marketAgentIds ? [...new Set(body.marketAgentIds)] : undefined;
  if (ids && ids.length === 0) throw badRequest(m.agentsRequired, { marketAgentIds: m.agentsRequired });
  const agents = await agentsService.activeAgents(db, ids);
  if (ids && agents.length !== ids.length) throw badRequest(m.agentUnknown, { marketAgentIds: m.agentUnknown });
  if (agents.length === 0) throw conflict(m.noAgents);
  const names = (which: number[]) =>
    agents
      .filter((a) => which.includes(a.id))
      .map((a) => a.name)
      .join(', ');
  const created = await db
    .transaction(async (tx) => {
      const issued = await repo.agentsIssued(
        tx,
        body.month,
        agents.map((a) => a.id),
      );
      if (issued.length > 0) throw conflict(m.alreadyIssued(body.month, names(issued)));
      const figures = await agentMonthFigures(
        tx,
        window,
        agents.map((a) => a.id),
      );
      const out: number[] = [];
      for (const a of agents) {
        const f = figures.get(a.id)!;
        assertAddsUp(f);
        out.push(
          await repo.insertStatement(tx, {
            ...f,
            marketAgentId: a.id,
            month: body.month,
            ...window,
            issuedBy: caller.id,
          }),
        );
      }
      await recordChange(tx, {
        tags: ['crates'],
        audience: [audiences.farmStore, ...agents.map((a) => audiences.user(a.userId))],
        audit: { summary: `statements for ${body.month} issued to ${agents.length} agent(s)` },
      });
      return out;
    })
    .catch((err: unknown) => {
      // Two issues at once: the unique index on (agent, month) refuses the second.
      if (isUniqueViolation(err)) throw conflict(m.alreadyIssued(body.month, names(agents.map((a) => a.id))));
      throw err;
    });
  return (await repo.listStatements(db, { ids: created })).map((r) => toView(r, caller));
}

/** The farm store's statements (every agent's), an agent's its own; ?month= narrows to one month. */
export async function listStatements(db: Db, caller: Acting, month?: string) {
  const marketAgentId = caller.role === 'farm_store' ? undefined : (caller.marketAgentId ?? 0);
  return (await repo.listStatements(db, { month, marketAgentId })).map((r) => toView(r, caller));
}

export async function getStatement(db: Db, caller: Acting, id: number) {
  return toView(await visible(db, caller, id), caller);
}

/** The agent's own statement, locked, still waiting for its answer: 404 another's, 409 already answered. */
async function waitingOwn(tx: Executor, caller: Acting, id: number) {
  const r = await visible(tx, caller, id, { lock: true });
  if (r.status !== 'waiting') throw conflict(m.notWaiting);
  return r;
}

/** The agent agrees with the figures: the statement is confirmed. */
export async function confirmStatement(db: Db, caller: Acting, id: number) {
  await db.transaction(async (tx) => {
    const r = await waitingOwn(tx, caller, id);
    if (!(await repo.markConfirmed(tx, id, caller.id))) throw conflict(m.notWaiting);
    await recordChange(tx, {
      tags: ['crates'],
      audience: [audiences.farmStore, audiences.user(r.agentUserId)],
      audit: { record: id, summary: `statement ${r.month} confirmed (closing ${r.closing})` },
    });
  });
  return getStatement(db, caller, id);
}

/** The agent disputes: the balance it believes, why, and optionally a photo (kept as evidence). */
export async function disputeStatement(db: Db, caller: Acting, id: number, body: DisputeStatementBody) {
  const photo = body.photo ? { photo: body.photo.data, contentType: body.photo.contentType } : null;
  // A photo that can't be kept is refused before the dispute is recorded.
  if (photo) evidence.checkPhoto(photo);
  await db.transaction(async (tx) => {
    const r = await waitingOwn(tx, caller, id);
    if (body.believedClosing === r.closing) throw badRequest(m.sameFigure, { believedClosing: m.sameFigure });
    if (
      !(await repo.markDisputed(tx, id, { userId: caller.id, believedClosing: body.believedClosing, note: body.note }))
    ) {
      throw conflict(m.notWaiting);
    }
    await recordChange(tx, {
      tags: ['crates'],
      audience: [audiences.farmStore, audiences.user(r.agentUserId)],
      audit: { record: id, summary: `statement ${r.month} disputed: ${r.closing} → ${body.believedClosing}` },
    });
  });
  if (photo) await evidence.attachEvidence(db, caller, { recordKind: 'balance-statement', recordId: id, ...photo });
  return getStatement(db, caller, id);
}

/**
 * The agent's figure accepted: the difference booked now between the agent's crates and the write-off
 * account, kind 'statement'. Found crates go to its empty crates; missing ones leave its empty crates
 * first, then its full ones (409 when it no longer holds that many).
 */
async function bookAdjustment(tx: Executor, r: repo.StatementRecord, createdBy: number): Promise<number | null> {
  const difference = r.believedClosing! - r.closing;
  if (difference === 0) return null;
  const reason = `Statement ${r.month} (#${r.id}): ${r.agentName} believes ${r.believedClosing}, ledger ${r.closing}`;
  const empty = holders.agentEmpty(r.marketAgentId);
  const full = holders.agentFull(r.marketAgentId);
  const common = { kind: 'statement' as const, reason, createdBy };
  if (difference > 0) return moveCrates(tx, { ...common, from: holders.writeoff, to: empty, quantity: difference });
  const held = await balancesOf(tx, [empty, full]);
  const owed = -difference;
  if (held[empty] + held[full] < owed) throw new HttpError(409, m.tooFewNow(held[empty] + held[full]));
  const fromEmpty = Math.min(owed, held[empty]);
  let id: number | null = null;
  if (fromEmpty > 0) id = await moveCrates(tx, { ...common, from: empty, to: holders.writeoff, quantity: fromEmpty });
  if (owed > fromEmpty) {
    const fromFull = await moveCrates(tx, { ...common, from: full, to: holders.writeoff, quantity: owed - fromEmpty });
    id ??= fromFull;
  }
  return id;
}

/** The farm store resolves a dispute: accepts the agent's figure (booked) or answers it; the agent is e-mailed. */
export async function resolveStatement(deps: StatementDeps, caller: Acting, id: number, body: ResolveStatementBody) {
  const note = body.note?.trim() || null;
  if (body.action === 'answer' && !note) throw badRequest(m.answerRequired, { note: m.answerRequired });
  let mail: QueuedMail | null = null;
  await inLedgerTransaction(deps.db, async (tx) => {
    const r = await visible(tx, caller, id, { lock: true });
    if (r.status !== 'disputed') throw conflict(m.notDisputed);
    const movementId = body.action === 'accept' ? await bookAdjustment(tx, r, caller.id) : null;
    const resolution = body.action === 'accept' ? 'accepted' : 'answered';
    if (!(await repo.markResolved(tx, id, { userId: caller.id, resolution, note, movementId }))) {
      throw conflict(m.notDisputed);
    }
    await recordChange(tx, {
      tags: ['crates'],
      audience: [audiences.farmStore, audiences.user(r.agentUserId)],
      audit: { record: id, summary: `statement ${r.month} dispute ${resolution}` },
    });
    mail = await deps.mailer.queueWithin(tx, {
      to: r.agentEmail,
      ...resolvedEmail({ ...r, resolution, resolutionNote: note }, deps.farmName),
    });
  });
  await (mail as QueuedMail | null)?.deliver();
  return getStatement(deps.db, caller, id);
}

/** The reminder job: each statement waiting 7 days, once, e-mailed to its agent (its badge counts it already). */
export async function sendReminders(deps: StatementDeps): Promise<number> {
  const queued: QueuedMail[] = [];
  await deps.db.transaction(async (tx) => {
    const ids = await repo.claimDueReminders(tx, STATEMENT_REMINDER_DAYS);
    if (ids.length === 0) return;
    for (const r of await repo.listStatements(tx, { ids })) {
      queued.push(await deps.mailer.queueWithin(tx, { to: r.agentEmail, ...reminderEmail(r, deps.farmName) }));
    }
  });
  for (const q of queued) await q.deliver();
  return queued.length;
}

/** +3, −2, 0: a figure with the way it moves the balance. */
const signed = (n: number) => (n === 0 ? '0' : `${n > 0 ? '+' : '−'}${Math.abs(n)}`);

/** The statement as a PDF (GET with Accept: application/pdf): the report's pdfkit code, in the caller's language. */
export async function statementPdf(deps: StatementDeps, caller: Acting, id: number) {
  const s = await getStatement(deps.db, caller, id);
  const [reader] = await deps.db.select({ language: users.language }).from(users).where(eq(users.id, caller.id));
  const tr = translatorFor(reader?.language);
  const say = (key: string, values?: Record<string, string>) => tr.t(`mail.statement${key}`, values);
  const rows: [string, string][] = [
    [say('Opening'), String(s.opening)],
    [say('Received'), signed(s.received)],
    [say('SentBack'), signed(-s.sentBack)],
    [say('CountDifferences'), signed(s.countDifferences)],
    [say('Missing'), signed(-s.missing)],
    [say('Damaged'), signed(-s.damaged)],
    [say('Adjustments'), signed(s.adjustments)],
    [say('Closing'), String(s.closing)],
    [say('AtClients'), String(s.atClients)],
  ];
  const notes = [
    s.believedClosing === null
      ? null
      : say('DisputedNote', { name: s.agentName, believed: String(s.believedClosing), note: s.disputeNote ?? '' }),
    s.resolution === null
      ? null
      : say('ResolvedNote', {
          outcome: say(s.resolution === 'accepted' ? 'OutcomeAccepted' : 'OutcomeAnswered'),
          note: s.resolutionNote ?? '',
        }),
  ].filter((n): n is string => n !== null);
  const month = formatMonthIn(tr, s.month);
  return reports.renderFiguresPdf({
    title: say('PdfTitle', { farm: deps.farmName, month, name: s.agentName }),
    lines: [
      say('AgentLine', { name: s.agentName }),
      say('MonthLine', { month }),
      say('StatusLine', { status: say(`Status${s.status[0].toUpperCase()}${s.status.slice(1)}`) }),
    ],
    columns: [say('ColFigure'), say('ColCrates')],
    rows,
    notes,
    farmName: deps.farmName,
    language: tr.language,
  });
}
