// The audit trail's one writer (DESIGN §6, decision 027): audit(tx, note) appends who did what to which
// record, in the caller's transaction. Who, the address, the route and the route's default action and
// record come from the request's audit scope, which the audit plugin puts in the write context of every
// mutation (lib/write-context.ts) and the transaction carries, so a service names only what it knows
// better: the record it created, a summary.
// recordChange() calls audit() for every write, so a write that says what changed is also audited.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { type AuditActor, type AuditScope, writeContextOf } from './write-context.ts';

export type { AuditActor, AuditScope };

export type AuditRecord = { type: string; id: number | null };

/** What a write says about itself; everything left out comes from the request's scope. */
export type AuditNote = {
  /** The action, when it is not the route's (an e-mail queued while answering any route). */
  action?: string;
  /** The record: an id of the route's record type, or a type and id. */
  record?: number | AuditRecord;
  /** A short before → after: 'pricePerCrate R 100.00 → R 120.00'. Never a password, token or full account number. */
  summary?: string;
  /** Who, when it is not the signed-in caller (the account a sign-in or registration is for); null: anonymous. */
  actor?: AuditActor | null;
};

/** The audit scope of the request whose write context `executor` carries, if any. */
export const auditScopeOf = (executor: Executor): AuditScope | undefined =>
  writeContextOf(executor)?.audit ?? undefined;

export const SUMMARY_MAX = 500;

/** Keeps a summary to one line of at most SUMMARY_MAX characters, any kind of space as a plain one. */
export const oneLineSummary = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
};

/** A row's summary, naming the API token the request came with (decision 063). */
function summaryOf(summary: string, scope: AuditScope | undefined): string {
  const token = scope?.token?.();
  if (!token) return oneLineSummary(summary);
  const via = `API token “${token.name}” (#${token.id})`;
  return oneLineSummary(summary ? `${via}: ${summary}` : via);
}

/**
 * Appends one audit row in `tx` (the change's own transaction). Outside a request's write context (a
 * scheduled job, start-up, a test calling a service) a row is written only when the note names its action.
 */
export async function audit(tx: Executor, note: AuditNote = {}): Promise<void> {
  const scope = auditScopeOf(tx);
  if (!scope && !note.action) return;
  const actor = note.actor !== undefined ? note.actor : (scope?.actor() ?? null);
  const record = recordOf(note.record, scope, actor);
  await tx.insert(auditLog).values({
    userId: actor?.id ?? null,
    role: actor?.role ?? null,
    action: note.action ?? scope!.action,
    recordType: record.type,
    recordId: record.id,
    summary: summaryOf(note.summary ?? '', scope),
    address: scope?.address ?? null,
    route: scope?.route ?? null,
  });
  if (scope) scope.written++;
}

function recordOf(
  given: AuditNote['record'],
  scope: AuditScope | undefined,
  actor: AuditActor | null,
): { type: string | null; id: number | null } {
  if (typeof given === 'object') return given;
  const type = scope?.record.type ?? null;
  if (typeof given === 'number') return { type, id: given };
  const id = scope?.record.id ?? null;
  return { type, id: id === 'self' ? (actor?.id ?? null) : id };
}

/**
 * A row that is not a change (a refused sign-in, a limit tripped), written on its own: who is the
 * user with `actorId` (role read in the same statement), or anonymous.
 */
export async function auditEvent(
  db: Executor,
  event: {
    action: string;
    actorId?: number | null;
    record?: AuditRecord | null;
    summary: string;
    address: string;
    route?: string;
  },
): Promise<void> {
  const scope = auditScopeOf(db);
  const actorId = event.actorId ?? null;
  await db.insert(auditLog).values({
    userId: actorId,
    role: actorId === null ? null : sql`(select role from users where id = ${actorId})`,
    action: event.action,
    recordType: event.record?.type ?? null,
    recordId: event.record?.id ?? null,
    summary: summaryOf(event.summary, scope),
    address: event.address,
    route: event.route ?? scope?.route ?? null,
  });
  if (scope) scope.written++;
}

type Shown = string | number | boolean | null | undefined;

/**
 * 'pricePerCrate R 100.00 → R 120.00; availability In Season → Limited': each listed field whose value
 * changed, shown by its formatter (e.g. money as rand, an account number masked), or 'no change'.
 */
export function describeChanges<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: { [K in keyof T]?: true | ((value: T[K]) => Shown) },
): string {
  const show = (value: Shown) => (value === null || value === undefined || value === '' ? '(none)' : String(value));
  const parts: string[] = [];
  for (const [field, format] of Object.entries(fields) as [keyof T & string, true | ((v: unknown) => Shown)][]) {
    if (before[field] === after[field]) continue;
    const f = format === true ? (v: unknown) => v as Shown : format;
    parts.push(`${field} ${show(f(before[field]))} → ${show(f(after[field]))}`);
  }
  return parts.length > 0 ? parts.join('; ') : 'no change';
}
