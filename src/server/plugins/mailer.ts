// app.mailer: every message is recorded in the outbox table first (DESIGN §1, decisions 002 and 020).
// With SMTP_URL it is then delivered by nodemailer in the background; a row counts as sent only once
// the SMTP server accepted it, and a failure leaves it queued for the retry job (every minute, one
// instance at a time, backing off). Without SMTP_URL a .eml copy is written under DATA_DIR/outbox/.
// A mail server that is down never fails a request.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { audiences, recordChange } from '../lib/changes.ts';
import { claimDue, insertOutboxEntry, type OutboxListRow, recordFailure, recordSent } from '../lib/outbox.ts';

export type MailAttachment = { filename: string; content: Buffer | string; contentType: string };

export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
};

export interface Mailer {
  /** Records the message and starts its delivery; resolves once it is in the outbox. */
  send(message: MailMessage): Promise<OutboxListRow>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Sends again the queued messages due at `now` (the retry job); answers how many were accepted. */
  retryDue(now?: Date): Promise<{ tried: number; sent: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const SMTP_TIMEOUT_MS = 10_000;
export const OUTBOX_RETRY_JOB = 'outbox-retry';
/** A fresh row's first delivery runs in the sending process; the retry job leaves it alone this long. */
export const FIRST_DELIVERY_LEASE_MS = 2 * 60_000;
/** After the nth failure the next try waits 1, 2, 4 … minutes, at most an hour. */
export const retryDelayMs = (failures: number) => Math.min(60_000 * 2 ** Math.max(0, failures - 1), 3_600_000);
/** After this many failed tries a message stays in the outbox as failed and is no longer retried. */
export const MAX_ATTEMPTS = 24;
const RETRY_BATCH = 50;

// Header values are one line; nodemailer encodes the rest.
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

// Long: one closure over the SMTP transport, the composer and the deliveries in flight; attempt(),
// writeEml() and the three Mailer methods all share them, each a short named step.
async function mailerPlugin(app: FastifyInstance) {
  const from = app.config.mailFrom;
  const outboxDir = join(app.config.dataDir, 'outbox');
  const smtp = app.config.smtpUrl
    ? nodemailer.createTransport({
        url: app.config.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : null;
  // Builds the RFC 822 text (kept for retries, and the .eml copy) without sending anything.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<unknown>>();

  const track = (work: Promise<unknown>) => {
    const done = work.finally(() => pending.delete(done));
    pending.add(done);
  };

  // The farm store's outbox card updates live: queued → sent, or its error (no one's action: not audited).
  const outboxChanged = () =>
    recordChange(app.db, { tags: ['outbox'], audience: [audiences.farmStore], audit: false }).catch((err) =>
      app.log.warn({ err }, 'could not record an outbox change'),
    );

  /** One SMTP attempt of a stored message; records the outcome, never throws. */
  async function attempt(row: { id: number; to: string; raw: string; attempts: number }): Promise<boolean> {
    try {
      // With raw, nodemailer takes the envelope from these two and sends the stored text unchanged.
      await smtp!.sendMail({ from, to: row.to, raw: row.raw });
      await recordSent(app.db, row.id, new Date());
      await outboxChanged();
      return true;
    } catch (err) {
      const error = errorText(err);
      const failures = row.attempts + 1;
      const next = failures >= MAX_ATTEMPTS ? null : new Date(Date.now() + retryDelayMs(failures));
      app.log.warn(
        { outboxId: row.id, error, failures, nextAttemptAt: next },
        'e-mail delivery failed; the message stays in the outbox',
      );
      await recordFailure(app.db, row.id, error, next).catch((dbErr) =>
        app.log.error({ err: dbErr, outboxId: row.id }, 'could not record the e-mail delivery failure'),
      );
      await outboxChanged();
      return false;
    }
  }

  async function writeEml(row: OutboxListRow, raw: Buffer) {
    try {
      await mkdir(outboxDir, { recursive: true });
      const stamp = row.createdAt.toISOString().replace(/[:.]/g, '-');
      await writeFile(join(outboxDir, `${stamp}-${row.id}.eml`), raw);
    } catch (err) {
      app.log.warn({ err, outboxId: row.id }, 'could not write the .eml copy of an outbox message');
    }
  }

  const mailer: Mailer = {
    async send(message) {
      const to = (Array.isArray(message.to) ? message.to : [message.to]).map(oneLine).join(', ');
      const subject = oneLine(message.subject);
      const attachments = (message.attachments ?? []).map((a) => ({ ...a, filename: oneLine(a.filename) }));
      const mail: SendMailOptions = {
        from,
        to,
        subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo ? oneLine(message.replyTo) : undefined,
        attachments,
      };
      const raw = (await composer.sendMail(mail)).message as Buffer;
      // The message, its change event and its audit row (decision 027) in one transaction.
      const row = await app.db.transaction(async (tx) => {
        const queued = await insertOutboxEntry(tx, {
          to,
          subject,
          text: message.text,
          html: message.html ?? null,
          attachmentNames: attachments.map((a) => a.filename),
          // Kept only where a retry could need it; without SMTP the .eml file is the delivery.
          raw: smtp ? raw.toString('utf8') : null,
          nextAttemptAt: smtp ? new Date(Date.now() + FIRST_DELIVERY_LEASE_MS) : null,
        });
        await recordChange(tx, {
          tags: ['outbox'],
          audience: [audiences.farmStore],
          audit: { action: 'email.queue', record: { type: 'email', id: queued.id }, summary: `to ${to}: ${subject}` },
        });
        return queued;
      });
      if (smtp) track(attempt({ id: row.id, to, raw: raw.toString('utf8'), attempts: 0 }));
      else await writeEml(row, raw);
      return row;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async retryDue(now = new Date()) {
      if (!smtp) return { tried: 0, sent: 0 };
      const due = await claimDue(app.db, now, new Date(now.getTime() + FIRST_DELIVERY_LEASE_MS), RETRY_BATCH);
      let sent = 0;
      // One at a time: a mail server that just came back is not flooded.
      for (const row of due) if (await attempt(row)) sent++;
      return { tried: due.length, sent };
    },
  };

  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.idle();
    smtp?.close();
  });
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['db'] });
