// Idempotency keys (decision 035): a caller's key is claimed before its mutation runs (the
// primary key on user and key lets one attempt hold it, on PGlite and across PostgreSQL instances),
// marked booked inside the transaction that books the change (recordChange calls markKeyBooked), and
// given the first answer once it is sent. A repeat gets that answer; a key whose change was booked
// never runs again, whatever happened to its answer.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEEP_DAYS, idempotencyMessages } from '../../shared/idempotency.ts';
import type { Executor } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { conflict } from './http-error.ts';
import { type Claim, writeContextOf } from './write-context.ts';

export type { Claim };

/**
 * How long an attempt holds its key without booking before a repeat may take the key over (its
 * instance stopped before booking anything). Longer than any request takes; an attempt that is only
 * slow and then tries to book finds the key taken and books nothing.
 */
export const LEASE_SECONDS = 60;

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isMutation = (method: string) => MUTATIONS.has(method);

/** Does a route take an Idempotency-Key? Every mutation that needs a signed-in caller. */
export const takesIdempotencyKey = (method: string, access: string | undefined): boolean =>
  isMutation(method) && access !== undefined && access !== 'public';

/** A kept answer, as it goes out again. */
export type KeptAnswer = { statusCode: number; headers: Record<string, string>; body: string | Buffer };

export type ClaimOutcome =
  | { kind: 'run'; claim: Claim }
  | { kind: 'replay'; answer: KeptAnswer }
  /** 422: the key was used for another request. */
  | { kind: 'reused' }
  /** 409: another attempt holds the key. */
  | { kind: 'in-progress' }
  /** 409: the change was booked but its answer was not kept. */
  | { kind: 'answer-lost' };

/** The same request, for a key: method, address (with its query) and body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n`)
    .update(body === undefined ? '' : JSON.stringify(body))
    .digest('hex');
}

const ofKey = (userId: number, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
const heldBy = (claim: Claim) => and(ofKey(claim.userId, claim.key), eq(idempotencyKeys.claim, claim.token));

/**
 * In the transaction that books a change (called by recordChange): marks the key of the request whose
 * write context the transaction carries booked, so
 * the booking and the mark commit or roll back together. An attempt whose key was taken over meanwhile
 * is refused here, and its transaction books nothing. Without a key this does nothing.
 */
export async function markKeyBooked(tx: Executor): Promise<void> {
  const claim = writeContextOf(tx)?.claim;
  if (!claim?.open) return;
  const marked = await tx
    .update(idempotencyKeys)
    .set({ bookedAt: sql`coalesce(${idempotencyKeys.bookedAt}, now())` })
    .where(heldBy(claim))
    .returning({ key: idempotencyKeys.key });
  if (marked.length === 0) throw conflict(idempotencyMessages.takenOver);
}

type KeyRow = {
  fingerprint: string;
  claim: string;
  booked: boolean;
  finished: boolean;
  stale: boolean;
  statusCode: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  bodyEncoding: string | null;
};

async function readKey(db: Executor, userId: number, key: string): Promise<KeyRow | undefined> {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      claim: idempotencyKeys.claim,
      booked: sql<boolean>`${idempotencyKeys.bookedAt} is not null`,
      finished: sql<boolean>`${idempotencyKeys.finishedAt} is not null`,
      // Quiet for longer than the lease since it was claimed, or since it booked.
      stale: sql<boolean>`coalesce(${idempotencyKeys.bookedAt}, ${idempotencyKeys.claimedAt}) < now() - make_interval(secs => ${LEASE_SECONDS})`,
      statusCode: idempotencyKeys.statusCode,
      headers: idempotencyKeys.headers,
      body: idempotencyKeys.body,
      bodyEncoding: idempotencyKeys.bodyEncoding,
    })
    .from(idempotencyKeys)
    .where(ofKey(userId, key));
  return row;
}

const keptAnswer = (row: KeyRow): KeptAnswer => ({
  statusCode: row.statusCode!,
  headers: row.headers ?? {},
  body: row.bodyEncoding === 'base64' ? Buffer.from(row.body ?? '', 'base64') : (row.body ?? ''),
});

/** What a repeat gets when the key is already there, or 'take-over' when its attempt went quiet unbooked. */
function outcomeOf(row: KeyRow, fingerprint: string): Exclude<ClaimOutcome, { kind: 'run' }> | 'take-over' {
  if (row.fingerprint !== fingerprint) return { kind: 'reused' };
  if (row.statusCode !== null) return { kind: 'replay', answer: keptAnswer(row) };
  if (row.booked) return row.finished || row.stale ? { kind: 'answer-lost' } : { kind: 'in-progress' };
  return row.finished || row.stale ? 'take-over' : { kind: 'in-progress' };
}

/**
 * Claims `key` for this attempt of `userId`'s request, or says what a repeat gets: the first answer,
 * 422 for another request, 409 while another attempt holds it or when the booked change's answer was
 * lost. The insert is the claim: of two attempts at once, the primary key lets exactly one in.
 */
export async function claimKey(
  db: Executor,
  request: { userId: number; key: string; fingerprint: string },
): Promise<ClaimOutcome> {
  const { userId, key, fingerprint } = request;
  // A few rounds: the row may go (a failed attempt lets go of it) or be taken over between two reads.
  for (let round = 0; round < 3; round++) {
    const token = randomUUID();
    const claim: Claim = { userId, key, token, open: true };
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, claim: token })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'run', claim };
    const row = await readKey(db, userId, key);
    if (!row) continue;
    const outcome = outcomeOf(row, fingerprint);
    if (outcome !== 'take-over') return outcome;
    // The attempt that held it never booked and went quiet (its instance stopped): this one runs. Only
    // if that attempt still has not booked: its booking would lock the row first and keep the key.
    const taken = await db
      .update(idempotencyKeys)
      .set({ claim: token, claimedAt: sql`now()`, finishedAt: null })
      .where(
        and(
          ofKey(userId, key),
          eq(idempotencyKeys.claim, row.claim),
          isNull(idempotencyKeys.bookedAt),
          isNull(idempotencyKeys.statusCode),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return { kind: 'run', claim };
  }
  return { kind: 'in-progress' };
}

/** Keeps the answer `claim`'s attempt gave (only while the attempt still holds the key). */
export async function keepAnswer(db: Executor, claim: Claim, answer: KeptAnswer): Promise<void> {
  const binary = Buffer.isBuffer(answer.body);
  await db
    .update(idempotencyKeys)
    .set({
      statusCode: answer.statusCode,
      headers: answer.headers,
      body: binary ? (answer.body as Buffer).toString('base64') : (answer.body as string),
      bodyEncoding: binary ? 'base64' : 'utf8',
      finishedAt: sql`now()`,
    })
    .where(heldBy(claim));
}

/**
 * Lets go of a key whose attempt gave no answer worth keeping (a server failure, a 429): a repeat runs
 * again. Unless the change was booked already: then the key stays, and a repeat is told so.
 */
export async function releaseKey(db: Executor, claim: Claim): Promise<void> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(and(heldBy(claim), isNull(idempotencyKeys.bookedAt)))
    .returning({ key: idempotencyKeys.key });
  if (deleted.length === 0) {
    await db.update(idempotencyKeys).set({ finishedAt: sql`now()` }).where(heldBy(claim));
  }
}

/** The purge: keys older than the days they are kept for. Returns how many went. */
export async function deleteExpiredKeys(db: Executor, days = IDEMPOTENCY_KEEP_DAYS): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(days => ${days})`)
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
