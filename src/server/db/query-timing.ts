// How long each database query took, for /metrics and LOG_LEVEL=debug. The drivers' own
// query functions are wrapped once per connection (PostgreSQL: each pool client as it is checked out;
// PGlite: the instance and its transactions). With nobody listening a query pays one Set.size check.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from './client.ts';

export type QueryTiming = { sql: string; ms: number; failed: boolean };
type Listener = (timing: QueryTiming) => void;

const listenersOf = new WeakMap<object, Set<Listener>>();
const WRAPPED = Symbol('query-timing');

type Query = (...args: unknown[]) => unknown;

function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return '';
}

/** Wraps `target.query` so each call reports its time to `listeners` (callback or promise form). */
function wrapQuery(target: { query: Query }, listeners: Set<Listener>) {
  const owner = target as unknown as Record<symbol, boolean>;
  if (owner[WRAPPED]) return;
  owner[WRAPPED] = true;
  const query = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    if (listeners.size === 0) return query.apply(this, args);
    const started = performance.now();
    const sql = textOf(args[0]);
    const report = (failed: boolean) => {
      const timing = { sql, ms: performance.now() - started, failed };
      for (const listener of listeners) listener(timing);
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = function (this: unknown, err: unknown, ...rest: unknown[]) {
        report(Boolean(err));
        return (last as Query).call(this, err, ...rest);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => report(false),
        () => report(true),
      );
    }
    return result;
  };
}

function instrument(database: Database): Set<Listener> {
  const key = database as object;
  let listeners = listenersOf.get(key);
  if (listeners) return listeners;
  const set = new Set<Listener>();
  listeners = set;
  listenersOf.set(key, set);
  if (database.kind === 'postgres') {
    // Every query, the pool's own included, runs on a checked-out client.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    pool.on('acquire', (client) => wrapQuery(client as unknown as { query: Query }, set));
  } else if (database.pglite) {
    const pglite = database.pglite as PGlite & { [WRAPPED]?: boolean };
    wrapQuery(pglite as unknown as { query: Query }, set);
    const transaction = pglite.transaction.bind(pglite);
    pglite.transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        wrapQuery(tx as unknown as { query: Query }, set);
        return fn(tx);
      });
  }
  return set;
}

/** Calls `listener` with every query's time from now on; returns how to stop. */
export function onQueryTimed(database: Database, listener: Listener): () => void {
  const listeners = instrument(database);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The PostgreSQL pool's connections (null on PGlite, which has none). */
export function poolStats(database: Database): { total: number; idle: number; waiting: number } | null {
  if (database.kind !== 'postgres') return null;
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
