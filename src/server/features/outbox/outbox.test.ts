import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { closedPort, startSmtpServer } from '../../../../tests/support/smtp.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { outboxStatus } from '../../../shared/outbox.ts';
import { outbox } from '../../db/schema/index.ts';

const entry = async (app: Awaited<ReturnType<typeof buildTestApp>>, id: number) =>
  (await app.db.select().from(outbox).where(eq(outbox.id, id)))[0];

/** A visitor's message through the public contact form, from the given address. */
const sendContactMessage = (
  app: Awaited<ReturnType<typeof buildTestApp>>,
  remoteAddress: string,
  mail: { subject: string; message: string },
) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress,
    payload: { name: 'Ayanda', email: 'ayanda@example.com', ...mail },
  });

// Three apps, one per way of sending: a working SMTP server, a refused one, and none at all.
const smtp = await startSmtpServer();
afterAll(smtp.close);
const smtpApp = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Farm <farm@test.farm>' });
const downApp = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
const dataDir = mkdtempSync(join(tmpdir(), 'cratekeeper-outbox-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const outboxApp = await buildTestApp({ dataDir, smtpUrl: undefined });

describe('mailer with SMTP_URL', () => {
  const app = smtpApp;

  it('delivers through the SMTP server and records when it was sent', async () => {
    const row = await app.mailer.send({
      to: 'manager@test.farm',
      subject: 'Weekly report',
      text: 'Crates moved: 120',
      html: '<p>Crates moved: 120</p>',
    });
    expect(row).toMatchObject({ to: 'manager@test.farm', subject: 'Weekly report', sentAt: null, error: null });
    await app.mailer.idle();
    const saved = await entry(app, row.id);
    expect(saved.sentAt).toBeInstanceOf(Date);
    expect(saved.error).toBeNull();
    const mail = smtp.received.find((m) => m.data.includes('Weekly report'))!;
    expect(mail.from).toBe('farm@test.farm');
    expect(mail.to).toEqual(['manager@test.farm']);
    expect(mail.data).toContain('Crates moved: 120');
  });

  it('delivers a contact message to the farm store over SMTP, with Reply-To the visitor', async () => {
    const farm = await registerAs(app, 'farm_store');
    const res = await sendContactMessage(app, '10.77.0.1', { subject: 'Crates', message: 'Need 10 crates' });
    expect(res.statusCode).toBe(201);
    await app.mailer.idle();
    const mail = smtp.received.find((m) => m.to.includes(farm.user.email))!;
    expect(mail.data).toMatch(/^Reply-To: ayanda@example\.com\r?$/m);
    expect(mail.data).toContain('Need 10 crates');
    // The farm store's outbox says it was sent.
    const listed = (await farm.inject({ method: 'GET', url: '/api/outbox' })).json();
    expect(listed.find((r: { to: string }) => r.to === farm.user.email).status).toBe('sent');
  });
});

describe('mailer when the SMTP server is down', () => {
  const app = downApp;

  it('keeps the message in the outbox with the error and never fails the request', async () => {
    const farm = await registerAs(app, 'farm_store');
    const res = await sendContactMessage(app, '10.77.0.2', { subject: 'Down', message: 'Is anyone there?' });
    expect(res.statusCode).toBe(201);
    await app.mailer.idle();
    const rows = (await app.db.select().from(outbox)).filter((r) => r.to === farm.user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0].sentAt).toBeNull();
    expect(rows[0].error).toMatch(/ECONNREFUSED|connect/i);
    // Listed as retrying: the retry job will send it again.
    const listed = (await farm.inject({ method: 'GET', url: '/api/outbox' })).json();
    expect(listed.find((r: { to: string }) => r.to === farm.user.email).status).toBe('retrying');
  });
});

const farm = await registerAs(outboxApp, 'farm_store');
const agent = await registerAs(outboxApp, 'market_agent');

describe('mailer without SMTP_URL, and GET /api/outbox', () => {
  const app = outboxApp;

  it('records the message and writes a .eml copy under DATA_DIR/outbox', async () => {
    const row = await app.mailer.send({
      to: ['a@test.farm', 'b@test.farm'],
      subject: 'Line one\nLine two',
      text: 'Hello from the farm',
    });
    expect(row).toMatchObject({ to: 'a@test.farm, b@test.farm', subject: 'Line one Line two', sentAt: null });
    const files = readdirSync(join(dataDir, 'outbox'));
    const file = files.find((f) => f.endsWith(`-${row.id}.eml`))!;
    expect(file).toBeDefined();
    const eml = readFileSync(join(dataDir, 'outbox', file), 'utf8');
    expect(eml).toMatch(/^To: a@test\.farm, b@test\.farm$/m);
    expect(eml).toMatch(/^Subject: Line one Line two$/m);
    expect(eml).toContain('Hello from the farm');
  });

  it('lets the farm store read the outbox, newest first and bounded', async () => {
    for (let i = 0; i < 3; i++) await app.mailer.send({ to: 'x@test.farm', subject: `Note ${i}`, text: 'x' });
    const res = await farm.inject({ method: 'GET', url: '/api/outbox?limit=2' });
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.map((r: { subject: string }) => r.subject)).toEqual(['Note 2', 'Note 1']);
    expect(Object.keys(rows[0]).sort()).toEqual([
      'attachmentNames',
      'attempts',
      'createdAt',
      'error',
      'html',
      'id',
      'nextAttemptAt',
      'sentAt',
      'status',
      'subject',
      'text',
      'to',
    ]);
    // No SMTP here: the messages are kept in the outbox (and as .eml files).
    expect(rows[0].status).toBe('in_outbox');
    const older = (await farm.inject({ method: 'GET', url: `/api/outbox?before=${rows[1].id}&limit=1` })).json();
    expect(older[0].subject).toBe('Note 0');
  });

  it('answers 401 signed out, 403 to other roles and 400 for a bad page size', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/outbox' })).statusCode).toBe(401);
    expect((await agent.inject({ method: 'GET', url: '/api/outbox' })).statusCode).toBe(403);
    expect((await farm.inject({ method: 'GET', url: '/api/outbox?limit=1000' })).statusCode).toBe(400);
  });
});

describe('outboxStatus', () => {
  it('names what became of a message', () => {
    const at = new Date();
    expect(outboxStatus({ sentAt: at, error: null, nextAttemptAt: null })).toBe('sent');
    expect(outboxStatus({ sentAt: null, error: 'ECONNREFUSED', nextAttemptAt: at })).toBe('retrying');
    expect(outboxStatus({ sentAt: null, error: 'ECONNREFUSED', nextAttemptAt: null })).toBe('failed');
    expect(outboxStatus({ sentAt: null, error: null, nextAttemptAt: null })).toBe('in_outbox');
  });
});
