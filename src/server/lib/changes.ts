// Change events (DESIGN §6): a write calls recordChange() inside its transaction to say which data
// scopes changed (domain tags) and who may see them (audiences). The row is the replay log for
// reconnecting streams; the pg_notify in the same transaction is delivered only on commit, to every
// app instance listening on the database (PGlite: this process), which tells its open streams.
// Inside a request the same call appends the audit row (lib/audit.ts, decision 027) and marks the
// request's Idempotency-Key booked: both read the write context its transaction carries.
import { sql } from 'drizzle-orm';
import type { ChangeTag } from '../../shared/change-tags.ts';
import type { Executor } from '../db/client.ts';
import { changeEvents } from '../db/schema/index.ts';
import { type AuditNote, audit } from './audit.ts';
import { markKeyBooked } from './idempotency.ts';
import { type Audience, type ChangeEvent, writeContextOf } from './write-context.ts';

export type { Audience, ChangeEvent };

/** The LISTEN/NOTIFY channel every instance listens on. */
export const CHANGES_CHANNEL = 'cratekeeper_changes';

export const audiences = {
  farmStore: 'farm_store',
  marketAgents: 'market_agent',
  public: 'public',
  user: (userId: number) => `user:${userId}`,
} as const satisfies Record<string, Audience | ((id: number) => Audience)>;

const recordedListeners = new Set<(event: ChangeEvent) => void>();

/**
 * Tells `listener` of every change recorded in this process, as it is recorded (before its commit):
 * the read cache keeps those scopes out of memory until the commit is heard. Returns the unsubscribe.
 */
export function onChangeRecorded(listener: (event: ChangeEvent) => void): () => void {
  recordedListeners.add(listener);
  return () => recordedListeners.delete(listener);
}

/**
 * Records that `tags` changed for `audience`, in the caller's transaction: nothing is published if it
 * rolls back. Call it once per write with every tag and audience the write touched. In a request's
 * transaction (lib/write-context.ts) it also appends the write's audit row: the route's action and record unless `audit` names them, with
 * its summary; `audit: false` for a change that is no one's action (an e-mail's delivery status).
 */
export async function recordChange(
  tx: Executor,
  change: { tags: readonly ChangeTag[]; audience: readonly Audience[]; audit?: AuditNote | false },
): Promise<void> {
  // A request sent with an Idempotency-Key books its change and marks the key in one transaction.
  await markKeyBooked(tx);
  const tags = [...new Set(change.tags)];
  const audience = [...new Set(change.audience)];
  const [row] = await tx.insert(changeEvents).values({ tags, audience }).returning({ id: changeEvents.id });
  const event: ChangeEvent = { id: row.id, tags, audience: audience as Audience[] };
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(event)})`);
  // The instance that made it applies it to its read cache once answered (a caller reads its own writes).
  writeContextOf(tx)?.changes.push(event);
  for (const listener of recordedListeners) listener(event);
  if (change.audit !== false) await audit(tx, change.audit);
}

/** May a signed-in user with this role and id see a change for `audience`? */
export function canSee(audience: readonly string[], viewer: { userId: number; role: string }): boolean {
  return audience.some(
    (a) =>
      a === 'public' ||
      (a === 'farm_store' && viewer.role === 'farm_store') ||
      (a === 'market_agent' && viewer.role === 'market_agent') ||
      a === `user:${viewer.userId}`,
  );
}
