// The e-mail outbox (DESIGN §1): every message the app sends, readable by the farm store.
import { z } from 'zod';
import { instant, pageQuery } from './http.ts';

export const outboxEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: instant,
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
