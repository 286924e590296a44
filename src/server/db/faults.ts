// What a failed query says about the database itself (decision 060): PostgreSQL that cannot be
// reached (down, restarting, a dropped connection) or an embedded database whose disk is full. The
// error handler answers those 503 and 507 instead of a 500, and the fault state logs one line when
// the database goes away and one when it answers again.
import { statfsSync } from 'node:fs';
import errorsEnglish from '../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../shared/i18n/english.ts';

addEnglish({ errors: errorsEnglish });

/** 'busy': every pooled connection stayed in use while the request waited for one; the database is fine. */
export type DatabaseFault = 'unavailable' | 'disk-full' | 'busy';

export const DATABASE_UNAVAILABLE_MESSAGE = english('errors.databaseUnavailable');
export const DISK_FULL_MESSAGE = english('errors.diskFull');
export const SERVER_BUSY_MESSAGE = english('errors.serverBusy');

/** How long a PostgreSQL connection attempt may take before the request that needed it gets 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** The embedded database stopped for good after a PANIC (its write-ahead log could not be written). */
export class EmbeddedDatabaseStopped extends Error {
  constructor(readonly reason: Error) {
    super(`The embedded database stopped after: ${reason.message}`);
    this.name = 'EmbeddedDatabaseStopped';
  }
}

// Node's socket errors when the server is not there, or went away.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
// SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
// recovering), 53300 too_many_connections; class 08 is connection_exception.
const SERVER_GONE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// pg-pool's words when a request waited CONNECT_TIMEOUT_MS for a free connection of a full pool: the
// server is overloaded, not the database gone (a new connection that cannot be made says
// 'Connection terminated due to connection timeout' instead, below).
const POOL_FULL_MESSAGE = 'timeout exceeded when trying to connect';
// node-postgres's own words for a connection that died or could not be had in time.
const POOL_MESSAGES = [
  'Connection terminated', // i18n-ignore: the driver's own words, matched, never shown
  'Client has encountered a connection error and is not queryable', // i18n-ignore: the driver's words
  'Connection terminated unexpectedly', // i18n-ignore: the driver's own words, matched, never shown
];

function faultOf(err: Error): DatabaseFault | null {
  if (err instanceof EmbeddedDatabaseStopped) return 'unavailable';
  const code = (err as { code?: unknown }).code;
  if (code === '53100') return 'disk-full';
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE_CODES.has(code) || code.startsWith('08'))) {
    return 'unavailable';
  }
  if (err.message.startsWith(POOL_FULL_MESSAGE)) return 'busy';
  if (POOL_MESSAGES.some((text) => err.message.startsWith(text))) return 'unavailable';
  return null;
}

/** The database fault behind `err` (Drizzle wraps the driver's error as its cause), or null. */
export function databaseFault(err: unknown): DatabaseFault | null {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const fault = faultOf(current);
    if (fault) return fault;
    // An AggregateError (a connection to each of several addresses refused) carries them in errors.
    const inner = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.some((e) => e instanceof Error && faultOf(e))) return 'unavailable';
    current = current.cause;
  }
  return null;
}

/** Is this error the embedded database's PANIC (after which it can run nothing more)? */
export const isPanic = (err: unknown): err is Error =>
  err instanceof Error && (err as { severity?: unknown }).severity === 'PANIC';

/** Free bytes for an unprivileged writer on the file system holding `dir`. */
export function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/**
 * Below this much free space in DATA_DIR the embedded database takes no writes (507): it needs room
 * for a new 16 MB write-ahead-log segment and a checkpoint, and a write that finds none PANICs and
 * stops it (decision 060).
 */
export const DEFAULT_MIN_FREE_MB = 64;
