import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { contactMessages as messages } from '../../../shared/contact.ts';
import { outbox, users } from '../../db/schema/index.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cratekeeper-contact-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const app = await buildTestApp({ dataDir });
const farm = await registerAs(app, 'farm_store', { name: 'Thandi Farm' });
const farm2 = await registerAs(app, 'farm_store');
const removed = await registerAs(app, 'farm_store');
await app.db.update(users).set({ isActive: false }).where(eq(users.id, removed.user.id));
const agent = await registerAs(app, 'market_agent');

let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const valid = {
  name: 'Lerato Mokoena',
  email: 'lerato@example.co.za',
  subject: 'Supplying Pretoria',
  message: 'Can you deliver 40 crates of bell peppers a week?',
};
const send = (payload: unknown, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

describe('POST /api/contact', () => {
  it('stores the message and e-mails it to every active farm store account', async () => {
    const res = await send({ ...valid, name: '  Lerato Mokoena  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), message: messages.sent });
    const stored = (await app.database.db.query.contactMessages.findMany()).find((m) => m.id === res.json().id);
    expect(stored).toMatchObject({ ...valid, isRead: false });

    await app.mailer.idle();
    const mails = await app.db.select().from(outbox);
    const forThis = mails.filter((m) => m.text.includes(valid.message));
    expect(forThis.map((m) => m.to).sort()).toEqual([farm.user.email, farm2.user.email].sort());
    expect(forThis[0].subject).toBe(`Website message: ${valid.subject}`);
    expect(forThis[0].text).toContain(`From:     ${valid.name} <${valid.email}>`);
    expect(forThis.some((m) => m.to === removed.user.email)).toBe(false);

    // No SMTP_URL: each message is also a .eml file, with Reply-To set to the visitor.
    const files = readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
    const eml = files
      .map((f) => readFileSync(join(dataDir, 'outbox', f), 'utf8'))
      .find((t) => t.includes(farm.user.email));
    expect(eml).toBeDefined();
    expect(eml).toMatch(/^Reply-To: lerato@example\.co\.za$/m);
    expect(eml).toMatch(/^Subject: Website message: Supplying Pretoria$/m);
  });

  it('escapes the visitor’s text in the HTML e-mail and refuses line breaks in one-line fields', async () => {
    // A line break in the name or subject could forge a header or a line of the text body.
    for (const field of ['name', 'subject'] as const) {
      const refused = await send({ ...valid, [field]: 'Hi\r\nBcc: victim@example.com' });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().errors[field]).toBe('Line breaks are not allowed in this field');
    }
    const res = await send({ ...valid, subject: 'Hi', message: '<img src=x onerror=alert(1)>' });
    expect(res.statusCode).toBe(201);
    const mails = (await app.db.select().from(outbox)).filter((m) => m.text.includes('<img src=x'));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0].html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mails[0].html).not.toContain('<img');
    expect(mails[0].subject).toBe('Website message: Hi');
    expect(mails.some((m) => m.text.includes('victim@example.com'))).toBe(false);
  });

  it('requires every field, with a message per field (spec §5)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, name: '' }, 'name', messages.nameRequired],
      [{ ...valid, email: undefined }, 'email', messages.emailRequired],
      [{ ...valid, email: 'lerato-at-example' }, 'email', messages.emailInvalid],
      [{ ...valid, subject: '   ' }, 'subject', messages.subjectRequired],
      [{ ...valid, message: '' }, 'message', messages.messageRequired],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message', messages.messageTooLong],
      [{ ...valid, name: 'x'.repeat(101) }, 'name', messages.nameTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect((await send(undefined)).statusCode).toBe(400);
    const text = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
      remoteAddress: nextIp(),
    });
    expect(text.statusCode).toBe(415);
  });

  it('limits messages per address: the sixth in ten minutes gets 429', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 5; i++) expect((await send(valid, ip)).statusCode).toBe(201);
    const limited = await send(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(messages.tooMany);
    expect((await send(valid, '10.99.0.2')).statusCode).toBe(201);
  });
});

describe('GET /api/contact-messages', () => {
  it('lists messages newest first for the farm store, paged with limit and before', async () => {
    const res = await farm.inject({ method: 'GET', url: '/api/contact-messages' });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; createdAt: string; isRead: boolean }[];
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(Object.keys(rows[0]).sort()).toEqual(['createdAt', 'email', 'id', 'isRead', 'message', 'name', 'subject']);

    const page = (await farm.inject({ method: 'GET', url: '/api/contact-messages?limit=2' })).json();
    expect(page.map((r: { id: number }) => r.id)).toEqual(rows.slice(0, 2).map((r) => r.id));
    const next = (
      await farm.inject({ method: 'GET', url: `/api/contact-messages?limit=2&before=${page[1].id}` })
    ).json();
    expect(next.map((r: { id: number }) => r.id)).toEqual(rows.slice(2, 4).map((r) => r.id));
  });

  it('answers 401 signed out, 403 to other roles and 400 for a bad page size', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/contact-messages' })).statusCode).toBe(401);
    expect((await agent.inject({ method: 'GET', url: '/api/contact-messages' })).statusCode).toBe(403);
    for (const q of ['limit=0', 'limit=501', 'limit=abc', 'before=-1']) {
      expect((await farm.inject({ method: 'GET', url: `/api/contact-messages?${q}` })).statusCode, q).toBe(400);
    }
  });
});

describe('GET /api/contact-messages/unread-count', () => {
  const unread = async () => {
    const res = await farm.inject({ method: 'GET', url: '/api/contact-messages/unread-count' });
    expect(res.statusCode).toBe(200);
    return res.json().count as number;
  };

  it('counts the messages not yet read, as the list shows them', async () => {
    const list = (await farm.inject({ method: 'GET', url: '/api/contact-messages?limit=500' })).json();
    expect(await unread()).toBe(list.filter((m: { isRead: boolean }) => !m.isRead).length);

    const before = await unread();
    const { id } = (await send(valid)).json();
    expect(await unread()).toBe(before + 1);
    await farm.inject({ method: 'PATCH', url: `/api/contact-messages/${id}`, payload: { isRead: true } });
    expect(await unread()).toBe(before);
  });

  it('answers 401 signed out and 403 to other roles', async () => {
    const url = '/api/contact-messages/unread-count';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await agent.inject({ method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('PATCH /api/contact-messages/{id}', () => {
  it('marks a message read and unread', async () => {
    const { id } = (await send(valid)).json();
    const read = await farm.inject({ method: 'PATCH', url: `/api/contact-messages/${id}`, payload: { isRead: true } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, isRead: true, subject: valid.subject });
    const unread = await farm.inject({
      method: 'PATCH',
      url: `/api/contact-messages/${id}`,
      payload: { isRead: false },
    });
    expect(unread.json().isRead).toBe(false);
  });

  it('answers 400, 401, 403 and 404 where it should', async () => {
    const { id } = (await send(valid)).json();
    const url = `/api/contact-messages/${id}`;
    expect((await app.inject({ method: 'PATCH', url, payload: { isRead: true } })).statusCode).toBe(401);
    expect((await agent.inject({ method: 'PATCH', url, payload: { isRead: true } })).statusCode).toBe(403);
    expect((await farm.inject({ method: 'PATCH', url, payload: { isRead: 'yes' } })).statusCode).toBe(400);
    expect((await farm.inject({ method: 'PATCH', url, payload: {} })).statusCode).toBe(400);
    const missing = await farm.inject({
      method: 'PATCH',
      url: '/api/contact-messages/999999',
      payload: { isRead: true },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.notFound);
    expect(
      (await farm.inject({ method: 'PATCH', url: '/api/contact-messages/x', payload: { isRead: true } })).statusCode,
    ).toBe(400);
  });
});
