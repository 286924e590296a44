// The e-mail outbox (DESIGN §1): every message the app sends, readable by the farm store.
import { z } from 'zod';
import { instant, pageQuery } from './http.ts';

/**
 * What became of a message (the Reports screen's outbox: to, subject, status, time):
 * sent (the SMTP server accepted it), retrying (refused or unreachable, tried again later), failed
 * (no more tries), in_outbox (kept: no SMTP configured, or its first delivery is under way).
 */
export const outboxStatuses = ['in_outbox', 'sent', 'retrying', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export function outboxStatus(entry: {
  sentAt: Date | string | null;
  error: string | null;
  nextAttemptAt: Date | string | null;
}): OutboxStatus {
  if (entry.sentAt) return 'sent';
  if (entry.error) return entry.nextAttemptAt ? 'retrying' : 'failed';
  return 'in_outbox';
}

export const outboxEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: instant,
  status: z.enum(outboxStatuses),
  /** When the SMTP server accepted it; null while only kept in the outbox. */
  sentAt: instant.nullable(),
  /** Why SMTP delivery failed, if it did. */
  error: z.string().nullable(),
  /** The attached files' names (a report's PDF). */
  attachmentNames: z.array(z.string()),
  /** SMTP deliveries tried so far. */
  attempts: z.number().int(),
  /** When the retry job tries again; null once sent, without SMTP, or after the last try. */
  nextAttemptAt: instant.nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxList = z.array(outboxEntrySchema);

/** GET /api/outbox: newest first, `?limit=` (default 100, max 500) and `?before=<id>`. */
export const outboxQuery = pageQuery;
