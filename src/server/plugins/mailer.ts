// app.mailer: every message is recorded in the outbox table first (DESIGN §1, decisions 002 and 020).
// With SMTP_URL it is then delivered by nodemailer in the background; a row counts as sent only once
// the SMTP server accepted it, and a failure leaves it queued for the retry job (every minute, one
// instance at a time, backing off). Without SMTP_URL a .eml copy is written under DATA_DIR/outbox/.
// A mail server that is down never fails a request. A caller that must tell the truth about what
// became of its messages (decision 046) asks delivery(ids): it waits a few seconds at most for their
// first SMTP attempts, then reads their rows: accepted, or still waiting in the outbox (and why).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Db, Executor } from '../db/client.ts';
import { audiences, recordChange } from '../lib/changes.ts';
import {
  claimDue,
  deliveryStates,
  insertOutboxEntry,
  type OutboxListRow,
  recordFailure,
  recordSent,
} from '../lib/outbox.ts';

export type MailAttachment = { filename: string; content: Buffer | string; contentType: string };

export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
};

/**
 * What became of some queued messages (decision 046). mailServer: 'none' without SMTP_URL (they are
 * kept in the outbox, the .eml copy is the delivery); 'up' when the SMTP server accepted every one;
 * 'down' when it refused or did not answer in time: the rest wait in the outbox for the retry job.
 */
export type DeliveryReport = {
  mailServer: 'none' | 'up' | 'down';
  delivered: number;
  queued: number;
  /** The first delivery error, when the server answered with one (not for a server still silent). */
  error: string | null;
};

/** The last SMTP attempt's outcome, known to this process (null: none yet, or no SMTP). */
export type MailServerState = { mailServer: 'none' | 'unknown' | 'up' | 'down'; at: Date | null; error: string | null };

/** A message recorded in the caller's transaction; deliver() starts its delivery once that has committed. */
export type QueuedMail = { row: OutboxListRow; deliver: () => Promise<void> };

export interface Mailer {
  /**
   * Records the message and starts its delivery; resolves once it is in the outbox. Written through
   * `db`, the caller's handle: a request's carries its write context, so the e-mail is audited as its.
   */
  send(message: MailMessage, db?: Db): Promise<OutboxListRow>;
  /**
   * Records the message within the caller's transaction `tx` (with whatever else the caller writes
   * there, e.g. a claim that makes it once-only); call deliver() after the commit, never before.
   */
  queueWithin(tx: Executor, message: MailMessage): Promise<QueuedMail>;
  /** Waits up to `waitMs` for the first delivery attempts of these outbox rows, then says what became of them. */
  delivery(ids: number[], waitMs?: number): Promise<DeliveryReport>;
  /** The last delivery attempt's outcome in this process. */
  state(): MailServerState;
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
/** How long delivery() waits for a first attempt: a refused connection fails at once, a silent server doesn't. */
export const DELIVERY_WAIT_MS = 3000;
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

/** The SMTP transport of SMTP_URL; null without one (the .eml copy is the delivery then). */
function smtpTransport(url: string | undefined) {
  if (!url) return null;
  return nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
}

/** Waits for these first attempts, or `waitMs`, whichever is sooner. */
async function settledOrTimedOut(running: Promise<boolean>[], waitMs: number) {
  if (running.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([Promise.allSettled(running), timeout]);
  clearTimeout(timer);
}

/** The .eml copy of a message (the delivery itself without SMTP); a failure is logged, never thrown. */
async function writeEmlCopy(app: FastifyInstance, outboxDir: string, row: OutboxListRow, raw: Buffer) {
  try {
    await mkdir(outboxDir, { recursive: true });
    const stamp = row.createdAt.toISOString().replace(/[:.]/g, '-');
    await writeFile(join(outboxDir, `${stamp}-${row.id}.eml`), raw);
  } catch (err) {
    app.log.warn({ err, outboxId: row.id }, 'could not write the .eml copy of an outbox message');
  }
}

/** The message's RFC 822 text, and what its outbox row records. */
async function composeMail(composer: Transporter, from: string, message: MailMessage) {
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
  return { to, subject, attachments, raw };
}

/** One SMTP attempt of a stored message; records the outcome, never throws. */
async function attemptDelivery(
  deps: {
    app: FastifyInstance;
    smtp: Transporter;
    from: string;
    outboxChanged: () => Promise<unknown>;
    /** What this attempt learnt of the mail server. */
    seen: (state: MailServerState) => void;
  },
  row: { id: number; to: string; raw: string; attempts: number },
): Promise<boolean> {
  const { app, smtp, from, outboxChanged } = deps;
  try {
    // With raw, nodemailer takes the envelope from these two and sends the stored text unchanged.
    await smtp.sendMail({ from, to: row.to, raw: row.raw });
    await recordSent(app.db, row.id, new Date());
    deps.seen({ mailServer: 'up', at: new Date(), error: null });
    await outboxChanged();
    return true;
  } catch (err) {
    const error = errorText(err);
    deps.seen({ mailServer: 'down', at: new Date(), error });
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

/** What became of these messages: delivered, still queued, and the last error. */
async function deliveryReport(db: Executor, ids: number[]): Promise<DeliveryReport> {
  const rows = await deliveryStates(db, ids);
  const delivered = rows.filter((r) => r.sentAt !== null).length;
  const error = rows.find((r) => r.sentAt === null && r.error)?.error ?? null;
  const queued = ids.length - delivered;
  return { mailServer: queued === 0 ? 'up' : 'down', delivered, queued, error };
}

// Long: one closure over the SMTP transport, the composer and the deliveries in flight; attempt(),
// writeEml() and the three Mailer methods all share them, each a short named step.
async function mailerPlugin(app: FastifyInstance) {
  const from = app.config.mailFrom;
  const outboxDir = join(app.config.dataDir, 'outbox');
  const smtp = smtpTransport(app.config.smtpUrl);
  // Builds the RFC 822 text (kept for retries, and the .eml copy) without sending anything.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<unknown>>();
  // Each row's first delivery attempt while it runs (resolves true when accepted).
  const firstAttempts = new Map<number, Promise<boolean>>();
  let last: MailServerState = { mailServer: smtp ? 'unknown' : 'none', at: null, error: null };

  const track = (work: Promise<unknown>) => {
    const done = work.finally(() => pending.delete(done));
    pending.add(done);
  };

  // The farm store's outbox card updates live: queued → sent, or its error (no one's action: not audited).
  const outboxChanged = () =>
    recordChange(app.db, { tags: ['outbox'], audience: [audiences.farmStore], audit: false }).catch((err) =>
      app.log.warn({ err }, 'could not record an outbox change'),
    );

  const attempt = (row: { id: number; to: string; raw: string; attempts: number }) =>
    attemptDelivery({ app, smtp: smtp!, from, outboxChanged, seen: (state) => (last = state) }, row);

  const writeEml = (row: OutboxListRow, raw: Buffer) => writeEmlCopy(app, outboxDir, row, raw);
  const compose = (message: MailMessage) => composeMail(composer, from, message);

  async function queueComposed(
    tx: Executor,
    message: MailMessage,
    { to, subject, attachments, raw }: Awaited<ReturnType<typeof compose>>,
  ): Promise<QueuedMail> {
    // The message, its change event and its audit row (decision 027) in the caller's transaction.
    const row = await insertOutboxEntry(tx, {
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
      audit: { action: 'email.queue', record: { type: 'email', id: row.id }, summary: `to ${to}: ${subject}` },
    });
    const deliver = async () => {
      if (!smtp) return writeEml(row, raw);
      const first = attempt({ id: row.id, to, raw: raw.toString('utf8'), attempts: 0 });
      firstAttempts.set(row.id, first);
      track(first.finally(() => firstAttempts.delete(row.id)));
    };
    return { row, deliver };
  }

  const mailer: Mailer = {
    async send(message, db = app.db) {
      // Composed before the transaction opens: a PDF attachment takes a moment.
      const composed = await compose(message);
      const queued = await db.transaction((tx) => queueComposed(tx, message, composed));
      await queued.deliver();
      return queued.row;
    },
    async queueWithin(tx, message) {
      return queueComposed(tx, message, await compose(message));
    },
    async delivery(ids, waitMs = DELIVERY_WAIT_MS) {
      if (!smtp) return { mailServer: 'none', delivered: 0, queued: ids.length, error: null };
      await settledOrTimedOut(
        ids.flatMap((id) => firstAttempts.get(id) ?? []),
        waitMs,
      );
      return deliveryReport(app.db, ids);
    },
    state: () => last,
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
