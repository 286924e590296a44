// The mailer's queue (plugins/mailer.ts): every e-mail the app sends is a row first; what became of
// its SMTP delivery, and which rows the retry job may send again. A core module below the features;
// the outbox feature lists the same rows for the farm store.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export type OutboxRow = typeof outbox.$inferSelect;

/** What a list shows: everything but the raw message, which can hold megabytes of attachments. */
export const outboxListColumns = {
  id: outbox.id,
  to: outbox.to,
  subject: outbox.subject,
  text: outbox.text,
  html: outbox.html,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
  error: outbox.error,
  attachmentNames: outbox.attachmentNames,
  attempts: outbox.attempts,
  nextAttemptAt: outbox.nextAttemptAt,
};
export type OutboxListRow = Omit<OutboxRow, 'raw'>;

export async function insertOutboxEntry(db: Executor, values: typeof outbox.$inferInsert): Promise<OutboxListRow> {
  const [row] = await db.insert(outbox).values(values).returning(outboxListColumns);
  return row;
}

/** Accepted by the SMTP server: sent, and never tried again. */
export async function recordSent(db: Executor, id: number, sentAt: Date) {
  await db
    .update(outbox)
    .set({ sentAt, error: null, nextAttemptAt: null, attempts: sql`${outbox.attempts} + 1` })
    .where(eq(outbox.id, id));
}

/** Refused or unreachable: the error is kept and the row waits until `nextAttemptAt` (null: gives up). */
export async function recordFailure(db: Executor, id: number, error: string, nextAttemptAt: Date | null) {
  await db
    .update(outbox)
    .set({ error, nextAttemptAt, attempts: sql`${outbox.attempts} + 1` })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt)));
}

/**
 * Claims up to `limit` unsent rows due at `now` for one retry round: their next_attempt_at moves to
 * `leaseUntil`, so a crash mid-round leaves them due again later instead of lost or sent twice at once.
 */
export async function claimDue(db: Executor, now: Date, leaseUntil: Date, limit: number) {
  const result = await db.execute<{ id: number; raw: string; to: string; attempts: number }>(sql`
    update ${outbox} set next_attempt_at = ${leaseUntil.toISOString()}
    where id in (
      select id from ${outbox}
      where sent_at is null and raw is not null and next_attempt_at is not null
        and next_attempt_at <= ${now.toISOString()}
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, raw, "to", attempts`);
  return result.rows.map((r) => ({ id: Number(r.id), raw: r.raw, to: r.to, attempts: Number(r.attempts) }));
}

/** Whether each row was accepted yet, and its last error (the mailer's delivery report). */
export async function deliveryStates(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: outbox.id, sentAt: outbox.sentAt, error: outbox.error })
    .from(outbox)
    .where(inArray(outbox.id, ids));
}
