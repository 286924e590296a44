// Contact messages: stored first, then e-mailed to every active farm store account. Sending is
// best effort: the visitor's message is safe in the database whatever the mail server does.
import type { FastifyBaseLogger } from 'fastify';
import { type ContactBody, contactMessages } from '../../../shared/contact.ts';
import type { Db } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { html } from '../../lib/html.ts';
import { notFound, tooManyRequests } from '../../lib/http-error.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import * as repo from './repository.ts';

export const CONTACT_LIMIT_PER_IP = 5;
export const CONTACT_WINDOW_SECONDS = 10 * 60;

type Deps = { db: Db; mailer: Mailer; log: FastifyBaseLogger; timeZone: string };

export function contactEmail(message: repo.ContactMessageRow, timeZone: string) {
  const received = new Intl.DateTimeFormat('en-ZA', { timeZone, dateStyle: 'long', timeStyle: 'short' }).format(
    message.createdAt,
  );
  // One-line fields stay one line in the text body, whatever was stored before line breaks were refused.
  const line = (value: string) => value.replace(/[\r\n]+/g, ' ');
  const subject = `Website message: ${line(message.subject)}`;
  const text = [
    'A visitor sent a message through the farm website.',
    '',
    `From:     ${line(message.name)} <${line(message.email)}>`,
    `Subject:  ${line(message.subject)}`,
    `Received: ${received}`,
    '',
    message.message,
    '',
    'Reply to this e-mail to answer the visitor. The message is also in the farm store dashboard.',
  ].join('\n');
  const body = html`<p>A visitor sent a message through the farm website.</p>
<table>
<tr><th align="left">From</th><td>${message.name} &lt;<a href="mailto:${message.email}">${message.email}</a>&gt;</td></tr>
<tr><th align="left">Subject</th><td>${message.subject}</td></tr>
<tr><th align="left">Received</th><td>${received}</td></tr>
</table>
<p style="white-space: pre-wrap">${message.message}</p>
<p>Reply to this e-mail to answer the visitor. The message is also in the farm store dashboard.</p>`;
  return { subject, text, html: body.value };
}

export async function receiveContactMessage({ db, mailer, log, timeZone }: Deps, body: ContactBody, ip: string) {
  if (!(await consumeRateLimit(db, `contact:ip:${ip}`, CONTACT_LIMIT_PER_IP, CONTACT_WINDOW_SECONDS))) {
    throw tooManyRequests(contactMessages.tooMany);
  }
  const message = await db.transaction(async (tx) => {
    const inserted = await repo.insertContactMessage(tx, body);
    await recordChange(tx, {
      tags: ['contact'],
      audience: [audiences.farmStore],
      audit: { record: inserted.id, summary: `from ${inserted.name}: ${inserted.subject}` },
    });
    return inserted;
  });
  try {
    const email = contactEmail(message, timeZone);
    for (const recipient of await repo.farmStoreRecipients(db)) {
      await mailer.send({ to: recipient.email, replyTo: message.email, ...email }, db);
    }
  } catch (err) {
    log.error({ err, contactMessageId: message.id }, 'could not queue the contact message e-mail');
  }
  return message;
}

export async function markContactMessage(db: Db, id: number, isRead: boolean) {
  // An unknown id is refused inside the transaction, so it records no change and no audit row.
  return db.transaction(async (tx) => {
    const row = await repo.setContactMessageRead(tx, id, isRead);
    if (!row) throw notFound(contactMessages.notFound);
    await recordChange(tx, {
      tags: ['contact'],
      audience: [audiences.farmStore],
      audit: { summary: `marked ${isRead ? 'read' : 'unread'}` },
    });
    return row;
  });
}
