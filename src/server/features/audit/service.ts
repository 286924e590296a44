// The audit trail's reading side (Settings → Activity and its CSV) and its rows that are not changes:
// security events (failed sign-ins, lockouts, limits) and rate-limit trips (decision 027).
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_CSV_COLUMNS, type AuditEntry, type AuditFilter, auditActionLabels } from '../../../shared/audit.ts';
import { roles } from '../../../shared/auth.ts';
import type { Executor } from '../../db/client.ts';
import { auditEvent, auditScopeOf } from '../../lib/audit.ts';
import { csvStream, farmTimestamp } from '../../lib/csv.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import * as repo from './repository.ts';

type Deps = { db: Executor; log: FastifyBaseLogger };

const toRole = (role: string | null) =>
  (roles as readonly string[]).includes(role ?? '') ? (role as AuditEntry['role']) : null;

export function toEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt,
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '', email: row.userEmail ?? '' },
    role: toRole(row.role),
    action: row.action,
    recordType: row.recordType,
    recordId: row.recordId,
    summary: row.summary,
    address: row.address,
    route: row.route,
  };
}

export async function listEntries(
  db: Executor,
  filter: AuditFilter & { limit: number; before?: number },
  timeZone: string,
): Promise<AuditEntry[]> {
  const { limit, before, ...where } = filter;
  return (await repo.listAudit(db, { ...where, timeZone }, { limit, before })).map(toEntry);
}

export const listPeople = (db: Executor) => repo.listPeople(db);

// ---- CSV ----

/** Rows read per query while the CSV streams: a big trail never sits in memory whole. */
export const CSV_BATCH = 500;

/** The filtered trail, newest first, as rows of text cells (csvStream neutralises formulas). */
async function* csvRows(db: Executor, filter: AuditFilter, timeZone: string) {
  let before: number | undefined;
  for (;;) {
    const rows = await repo.listAudit(db, { ...filter, timeZone }, { limit: CSV_BATCH, before });
    for (const r of rows) {
      yield [
        farmTimestamp(r.createdAt, timeZone),
        r.userId === null ? '' : String(r.userId),
        r.userName ?? (r.route === null ? 'Cratekeeper (scheduled)' : 'Not signed in'),
        r.userEmail ?? '',
        r.role ?? '',
        r.action,
        r.recordType ?? '',
        r.recordId === null ? '' : String(r.recordId),
        r.summary,
        r.address ?? '',
        r.route ?? '',
      ];
    }
    if (rows.length < CSV_BATCH) return;
    before = rows[rows.length - 1].id;
  }
}

/**
 * The trail as RFC 4180 CSV (UTF-8 with a byte-order mark so spreadsheets read names right, CRLF),
 * streamed a batch at a time.
 */
export function auditCsv(deps: Deps, filter: AuditFilter, timeZone: string): Readable {
  return csvStream(AUDIT_CSV_COLUMNS, csvRows(deps.db, filter, timeZone), deps.log, 'audit');
}

// ---- rows that are not changes ----

/** A limit's refusals are recorded once per address (and kind) in this window; the log has the rest. */
export const REFUSAL_AUDIT_WINDOW_SECONDS = 15 * 60;

/** Someone trying a password over and over, or typing one into the e-mail field, leaves only an e-mail. */
const looksLikeEmail = (text: string) => /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{1,63}$/.test(text);

/** The security event of the auth feature (security-events.ts), as far as the trail needs it. */
export type SecurityAuditEvent = {
  action: string;
  address: string;
  user?: { id: number; email: string } | null;
  email?: string;
  actorId?: number;
  detail?: string;
};

/**
 * The audit row of a failed sign-in, lockout or refused attempt: anonymous (or the signed-in caller
 * that failed), about the account concerned. A refusal by a limit is written once per address and
 * kind per 15 minutes. Never throws: the answer to the caller does not depend on it.
 */
export async function auditSecurityEvent(deps: Deps, event: SecurityAuditEvent): Promise<void> {
  const scope = auditScopeOf(deps.db);
  if (scope) scope.accounted = true;
  try {
    if (
      event.action.endsWith('.rate-limited') &&
      !(await consumeRateLimit(deps.db, `audit:${event.action}:${event.address}`, 1, REFUSAL_AUDIT_WINDOW_SECONDS))
    ) {
      return;
    }
    const typed = event.email?.trim();
    const who = event.user
      ? `for ${event.user.email}`
      : typed
        ? looksLikeEmail(typed)
          ? `for ${typed} (no such account)`
          : 'for no account (what was typed is not an e-mail address and is not kept)'
        : '';
    const label = (auditActionLabels as Record<string, string>)[event.action] ?? event.action;
    await auditEvent(deps.db, {
      action: event.action,
      actorId: event.actorId ?? null,
      record: event.user ? { type: 'user', id: event.user.id } : null,
      summary: [who, event.detail ?? label].filter(Boolean).join('; '),
      address: event.address,
    });
  } catch (err) {
    deps.log.error({ err, action: event.action }, 'could not write the audit row of a security event');
  }
}

/** A 429 that no security event accounted for: once per address and route per 15 minutes. */
export async function recordRateLimitTrip(
  deps: Deps,
  trip: { route: string; address: string; actorId: number | null; token?: { id: number; name: string } | null },
): Promise<void> {
  try {
    const key = `audit:rate-limit:${trip.address}:${trip.route}`;
    if (!(await consumeRateLimit(deps.db, key, 1, REFUSAL_AUDIT_WINDOW_SECONDS))) return;
    await auditEvent(deps.db, {
      action: 'rate-limit.tripped',
      actorId: trip.actorId,
      summary: `${trip.token ? `API token “${trip.token.name}” (#${trip.token.id}): ` : ''}refused: too many requests; more refusals from this address here in the next 15 minutes are not recorded`,
      address: trip.address,
      route: trip.route,
    });
  } catch (err) {
    deps.log.error({ err, route: trip.route }, 'could not write the audit row of a rate-limit trip');
  }
}
