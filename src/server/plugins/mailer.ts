// app.mailer: every message is recorded in the outbox table first (DESIGN §1). With SMTP_URL it is
// then delivered by nodemailer in the background and its sentAt or error recorded; without it, a
// .eml copy is written under DATA_DIR/outbox/. A mail server that is down never fails a request.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { insertOutboxEntry, type OutboxRow, recordDelivery } from '../features/outbox/repository.ts';

export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

export interface Mailer {
  /** Records the message and starts its delivery; resolves once it is in the outbox. */
  send(message: MailMessage): Promise<OutboxRow>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const SMTP_TIMEOUT_MS = 10_000;

// Header values are one line; nodemailer encodes the rest.
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

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
  // Builds the RFC 822 text for the .eml copy without sending anything.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<unknown>>();

  const track = (work: Promise<unknown>) => {
    const done = work.finally(() => pending.delete(done));
    pending.add(done);
  };

  async function deliver(row: OutboxRow, mail: SendMailOptions) {
    try {
      await smtp!.sendMail(mail);
      await recordDelivery(app.db, row.id, { sentAt: new Date() });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      app.log.warn({ outboxId: row.id, error }, 'e-mail delivery failed; the message stays in the outbox');
      await recordDelivery(app.db, row.id, { error: error.slice(0, 1000) }).catch((dbErr) =>
        app.log.error({ err: dbErr, outboxId: row.id }, 'could not record the e-mail delivery failure'),
      );
    }
  }

  async function writeEml(row: OutboxRow, mail: SendMailOptions) {
    try {
      const info = await composer.sendMail(mail);
      await mkdir(outboxDir, { recursive: true });
      const stamp = row.createdAt.toISOString().replace(/[:.]/g, '-');
      await writeFile(join(outboxDir, `${stamp}-${row.id}.eml`), info.message as Buffer);
    } catch (err) {
      app.log.warn({ err, outboxId: row.id }, 'could not write the .eml copy of an outbox message');
    }
  }

  const mailer: Mailer = {
    async send(message) {
      const to = (Array.isArray(message.to) ? message.to : [message.to]).map(oneLine).join(', ');
      const subject = oneLine(message.subject);
      const row = await insertOutboxEntry(app.db, { to, subject, text: message.text, html: message.html ?? null });
      const mail: SendMailOptions = {
        from,
        to,
        subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo ? oneLine(message.replyTo) : undefined,
      };
      if (smtp) track(deliver(row, mail));
      else await writeEml(row, mail);
      return row;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };

  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.idle();
    smtp?.close();
  });
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['db'] });
