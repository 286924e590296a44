// A request's write context (docs/architecture.md "A write's effects"): who writes, through which
// route with which audit action, under which Idempotency-Key claim, and the changes it has announced.
// One value per /api mutation, made by plugins/write-context.ts; the route hands it to the service as
// the database handle (`request.db`), and every transaction opened on that handle carries it, so
// recordChange(), audit() and markKeyBooked() read it from the transaction they are given. A service
// called without it (a job, start-up, a test) writes no request's audit row and marks no key.
import type { Role } from '../../shared/auth.ts';
import type { ChangeTag } from '../../shared/change-tags.ts';
import type { Db, Executor, Tx } from '../db/client.ts';

export type AuditActor = { id: number; role: Role };

/** One request's audit context: set by the audit plugin before the handler runs (lib/audit.ts writes the rows). */
export type AuditScope = {
  /** 'PUT /api/transmissions/:id/acknowledge' */
  route: string;
  address: string;
  /** The route's action (its `audited()` options, lib/route-options.ts). */
  action: string;
  /** The route's record: its type, and the id from the path or the caller's own ('self'). */
  record: { type: string | null; id: number | 'self' | null };
  /** The signed-in caller, read when a row is written (a public route may have loaded its session). */
  actor: () => AuditActor | null;
  /** The API token the caller came with, if any: each row names it (decision 063). */
  token?: () => { id: number; name: string } | null;
  /** Rows appended for this request so far (committed or not). */
  written: number;
  /** A security event already accounts for this request's refusal (its row may be throttled away). */
  accounted: boolean;
};

/** One attempt's hold on an Idempotency-Key (lib/idempotency.ts); `open` while its request is being handled. */
export type Claim = { userId: number; key: string; token: string; open: boolean };

/**
 * Who may see a change (lib/changes.ts): the farm store role, every market agent (one word however
 * many agents there are: a list of every agent's id outgrew pg_notify's 8000-byte payload), one user
 * (an agent or a supplier), or every signed-in user.
 */
export type Audience = 'farm_store' | 'market_agent' | 'public' | `user:${number}`;

/** A change as announced: its change_events id, the data scopes it touched, who may see it. */
export type ChangeEvent = { id: number; tags: ChangeTag[]; audience: Audience[] };

export type WriteContext = {
  /** The route's audit defaults and who is calling; null on a route that declares no audit action. */
  audit: AuditScope | null;
  /** The Idempotency-Key this attempt holds, if the caller sent one. */
  claim: Claim | null;
  /** Every change recorded so far (committed or not): applied to the read cache once answered. */
  changes: ChangeEvent[];
};

export const newWriteContext = (): WriteContext => ({ audit: null, claim: null, changes: [] });

const carried = new WeakMap<object, WriteContext>();

/** `tx` and its savepoints carry `write`. */
function carry(tx: Tx, write: WriteContext): Tx {
  carried.set(tx, write);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = ((fn: (inner: Tx) => Promise<unknown>) =>
    savepoint((inner) => fn(carry(inner, write)))) as Tx['transaction'];
  return tx;
}

/**
 * `db` for one request's writes: the same database, whose transactions carry `write`. The handle
 * inherits every query method from `db`; only transaction() differs.
 */
export function writingWith(db: Db, write: WriteContext): Db {
  const handle = Object.create(db) as Db;
  handle.transaction = ((fn, config) => db.transaction((tx) => fn(carry(tx, write)), config)) as Db['transaction'];
  carried.set(handle, write);
  return handle;
}

/** The write context `executor` carries: a request's handle or one of its transactions. */
export const writeContextOf = (executor: Executor): WriteContext | undefined => carried.get(executor);
