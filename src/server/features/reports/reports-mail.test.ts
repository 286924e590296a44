// Reports by e-mail through a real SMTP peer: the PDF arrives attached, each agent gets only its own
// figures, weekly summaries go to every active agent, a message queued while SMTP is down is delivered
// by the retry job once it is back, and the weekly schedule runs once across two app instances.
// Decision 046: the previews the send dialogs show, recipients picked by hand, one weekly summary per
// agent per farm week whatever is clicked (and however often at once), and each send saying what
// became of its e-mails (reportData.delivery: accepted, or waiting in the outbox).
import { desc, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { attachment, closedPort, startSmtpServer } from '../../../../tests/support/smtp.ts';
import { buildTestApp, openTestDatabase, testConfig } from '../../../../tests/support/test-app.ts';
import {
  acknowledge,
  addStock,
  enterOpeningBalance,
  json,
  registerAgent,
  send,
} from '../../../../tests/support/transmissions.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { outbox, users, weeklySummarySends } from '../../db/schema/index.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';
import { OUTBOX_RETRY_JOB } from '../../plugins/mailer.ts';
import { WEEKLY_REPORTS_JOB } from './jobs.ts';

const smtp = await startSmtpServer();
afterAll(smtp.close);
const app = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Farm <farm@test.farm>' });
const today = farmToday(app.config.farmTimezone);
const farm = await registerAs(app, 'farm_store');
const lerato = await registerAgent(app, { name: 'Lerato Khumalo' });
const pieter = await registerAgent(app, { name: 'Pieter Botha' });
const gone = await registerAgent(app, { name: 'Removed Agent' });
await app.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));
await addStock(farm, 500);
const t = await send(farm, lerato, 60);
await acknowledge(lerato, t.id, 60);
await send(farm, pieter, 25);

const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const post = (url: string, payload?: object) =>
  farm.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload }) });
const outboxCount = async () => (await app.db.select({ id: outbox.id }).from(outbox)).length;
/** A new farm week as far as the limit goes: no agent has had this week's summary. */
const forgetWeeklySummaries = () => app.db.delete(weeklySummarySends);
/** The Monday the farm week of `day` starts on. */
const monday = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const accepted = (n: number) => ({ mailServer: 'up', delivered: n, queued: 0, error: null });

describe('POST /api/reports/email', () => {
  it('sends each active agent the PDF of its own figures and answers the recipient count', async () => {
    const res = await post('/api/reports/email', { reportType: 'weekly', dateRange: {}, selectedAgentId: 'all' });
    expect(res.statusCode, res.body).toBe(200);
    // The mail server accepted both before the answer: the toast may say sent.
    expect(res.json()).toEqual({ reportData: { recipientCount: 2, delivery: accepted(2) } });
    await app.mailer.idle();
    const [mail] = mailTo(lerato.user.email);
    expect(mail.from).toBe('farm@test.farm');
    expect(mail.data).toContain('Content-Type: application/pdf');
    const pdf = attachment(mail.data, `weekly-report-${today}.pdf`)!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Lerato Khumalo');
    expect(flat).toContain('Crates moved 60');
    expect(flat).not.toContain('Pieter');
    expect(mailTo(pieter.user.email)).toHaveLength(1);
    expect(mailTo(gone.user.email)).toHaveLength(0);
    const rows = await app.db.select().from(outbox).where(eq(outbox.to, lerato.user.email));
    expect(rows[0].sentAt).toBeInstanceOf(Date);
    expect(rows[0].attachmentNames).toEqual([`weekly-report-${today}.pdf`]);
  });

  it('sends to the one agent chosen; 404 for an unknown or removed agent, 400/401/403 as usual', async () => {
    const res = await post('/api/reports/email', { reportType: 'monthly', selectedAgentId: pieter.marketAgentId });
    expect(res.json()).toMatchObject({ reportData: { recipientCount: 1 } });
    expect(
      (await post('/api/reports/email', { reportType: 'monthly', selectedAgentId: gone.marketAgentId })).statusCode,
    ).toBe(404);
    expect((await post('/api/reports/email', { reportType: 'never' })).statusCode).toBe(400);
    const payload = { reportType: 'weekly' };
    expect((await app.inject({ method: 'POST', url: '/api/reports/email', payload })).statusCode).toBe(401);
    expect((await lerato.inject({ method: 'POST', url: '/api/reports/email', payload })).statusCode).toBe(403);
  });
});

describe('picked recipients and the preview (decision 046)', () => {
  it('sends to the agents picked only; a removed one among them sends nothing (404); a bad list is a 400', async () => {
    const before = { lerato: mailTo(lerato.user.email).length, pieter: mailTo(pieter.user.email).length };
    const res = await post('/api/reports/email', {
      reportType: 'weekly',
      selectedAgentId: 'all',
      recipientAgentIds: [lerato.marketAgentId],
    });
    expect(res.json()).toEqual({ reportData: { recipientCount: 1, delivery: accepted(1) } });
    await app.mailer.idle();
    expect(mailTo(lerato.user.email)).toHaveLength(before.lerato + 1);
    expect(mailTo(pieter.user.email)).toHaveLength(before.pieter);

    const queued = await outboxCount();
    const both = [lerato.marketAgentId, gone.marketAgentId];
    expect((await post('/api/reports/email', { reportType: 'weekly', recipientAgentIds: both })).statusCode).toBe(404);
    expect(await outboxCount()).toBe(queued);
    for (const recipientAgentIds of [[], [lerato.marketAgentId, lerato.marketAgentId], ['1'], 'all']) {
      const bad = await post('/api/reports/email', { reportType: 'weekly', recipientAgentIds });
      expect(bad.statusCode, JSON.stringify(recipientAgentIds)).toBe(400);
    }
  });

  it('previews the recipients, the period and the first e-mail exactly as sent, sending nothing', async () => {
    const queued = await outboxCount();
    const body = { reportType: 'custom', dateRange: { startDate: addDays(today, -2), endDate: today } };
    const res = await post('/api/reports/email/preview', body);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.period).toEqual({ startDate: addDays(today, -2), endDate: today, days: 3 });
    expect(preview.recipients.map((r: { name: string }) => r.name)).toEqual(['Lerato Khumalo', 'Pieter Botha']);
    expect(preview.preview).toMatchObject({ to: lerato.user.email, attachmentNames: [`custom-report-${today}.pdf`] });
    expect(preview.preview.subject).toMatch(/^Custom crate report: /);
    expect(preview.preview.text).toContain('Hello Lerato Khumalo');
    expect(preview.preview.text).toContain('Crates moved: 60');
    expect(preview.mailServer.mailServer).toBe('up');
    expect(await outboxCount()).toBe(queued);

    const picked = await post('/api/reports/email/preview', { ...body, recipientAgentIds: [pieter.marketAgentId] });
    expect(picked.json().recipients).toHaveLength(1);
    expect(picked.json().preview.to).toBe(pieter.user.email);
    // What the preview showed is what Pieter then receives.
    await post('/api/reports/email', { ...body, recipientAgentIds: [pieter.marketAgentId] });
    const last = (await app.db.select().from(outbox).where(eq(outbox.to, pieter.user.email)).orderBy(outbox.id)).at(
      -1,
    )!;
    expect({ subject: last.subject, text: last.text }).toEqual({
      subject: picked.json().preview.subject,
      text: picked.json().preview.text,
    });
  });
});

describe('weekly reports: one per agent per farm week', () => {
  it('sends every active agent its own weekly summary; the other button, clicked next, sends none', async () => {
    await forgetWeeklySummaries();
    const before = mailTo(lerato.user.email).length;
    const res = await post('/api/reports/weekly');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ reportData: { recipientCount: 2, alreadySentCount: 0, delivery: accepted(2) } });
    await app.mailer.idle();
    const mails = mailTo(lerato.user.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[mails.length - 1].data;
    expect(mail).toContain('Your weekly crate report');
    expect(mail).toMatch(/Deliveries received: 1 \(60 crates\)/);
    expect(mail).toMatch(/Full crates held: 60/);
    expect(mail).toMatch(/Total earnings: R/);
    const pieterMail = mailTo(pieter.user.email).at(-1)!.data;
    expect(pieterMail).toMatch(/Waiting to be counted: 1/);
    expect(pieterMail).not.toContain('Lerato');

    const again = await post('/api/notifications/weekly-reports', {});
    expect(again.json().reportData).toMatchObject({ recipientCount: 0, alreadySentCount: 2 });
    await app.mailer.idle();
    expect(mailTo(lerato.user.email)).toHaveLength(before + 1);
  });

  it("previews who gets one and who already had this week's, sending nothing", async () => {
    await forgetWeeklySummaries();
    await app.db.insert(weeklySummarySends).values({ marketAgentId: lerato.marketAgentId, weekStart: monday(today) });
    const queued = await outboxCount();
    const res = await post('/api/reports/weekly/preview', {});
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.week).toEqual({ startDate: monday(today), endDate: addDays(monday(today), 6) });
    expect(preview.period).toEqual({ startDate: addDays(today, -6), endDate: today, days: 7 });
    const byName = Object.fromEntries(
      preview.recipients.map((r: { name: string; sentAt: string | null }) => [r.name, r.sentAt]),
    );
    expect(byName['Lerato Khumalo']).toEqual(expect.any(String));
    expect(byName['Pieter Botha']).toBeNull();
    expect(preview.preview.to).toBe(pieter.user.email);
    expect(preview.preview.text).toContain('Waiting to be counted: 1');
    expect(await outboxCount()).toBe(queued);
    const res2 = await post('/api/reports/weekly');
    expect(res2.json().reportData).toMatchObject({ recipientCount: 1, alreadySentCount: 1 });
  });

  it('sends once however many clicks arrive at the same moment', async () => {
    await forgetWeeklySummaries();
    await app.mailer.idle();
    const queued = await outboxCount();
    const answers = await Promise.all([
      post('/api/reports/weekly'),
      post('/api/notifications/weekly-reports', {}),
      post('/api/reports/weekly'),
      post('/api/notifications/weekly-reports', {}),
    ]);
    const counts = answers.map((a) => a.json().reportData.recipientCount);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(answers.every((a) => a.json().reportData.alreadySentCount + a.json().reportData.recipientCount === 2)).toBe(
      true,
    );
    expect((await outboxCount()) - queued).toBe(2);
  });

  it('holds for the schedule too: the Monday run after a click sends only to agents who had none', async () => {
    await forgetWeeklySummaries();
    const week = monday(today);
    await app.db.insert(weeklySummarySends).values({ marketAgentId: pieter.marketAgentId, weekStart: week });
    const queued = await outboxCount();
    // The job's slot: a moment of this farm week (Monday 06:00 farm time is 04:00 UTC).
    expect(await app.jobs.runNow(WEEKLY_REPORTS_JOB, new Date(`${week}T04:00:00Z`))).toBe('ran');
    const rows = await app.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.slice(queued).map((r) => r.to)).toEqual([lerato.user.email]);
  });

  it('refuses a body with fields (400), strangers (401) and agents (403)', async () => {
    expect((await post('/api/notifications/weekly-reports', { everyone: true })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/reports/weekly' })).statusCode).toBe(401);
    expect((await pieter.inject({ method: 'POST', url: '/api/notifications/weekly-reports' })).statusCode).toBe(403);
  });
});

describe("billing in an agent's e-mails", () => {
  /** A text part's lines, quoted-printable undone (soft breaks, =XX bytes) and spaces made plain. */
  const textOf = (data: string) =>
    Buffer.from(
      data.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    )
      .toString('utf8')
      .replace(/\u00a0/g, ' ');

  it("carries each agent's own billed earnings and crates, never another agent's or the farm's", async () => {
    const cycle = await json(farm, 'POST', '/api/billing/create-cycle', {
      startDate: addDays(today, -1),
      endDate: addDays(today, 10),
      ratePerCrate: '0.35',
    });
    expect(cycle.statusCode, cycle.body).toBe(201);
    await enterOpeningBalance(farm, lerato, { emptyCrates: 10 });
    const back = await json(lerato, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 10 });
    await acknowledge(farm, back.json().id, 10);

    const res = await post('/api/reports/email', { reportType: 'billing', selectedAgentId: 'all' });
    expect(res.json()).toMatchObject({ reportData: { recipientCount: 2 } });
    await app.mailer.idle();
    const pdfOf = async (email: string) => {
      const pdf = attachment(mailTo(email).at(-1)!.data, `billing-report-${today}.pdf`)!;
      return (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, ' ');
    };
    const leratos = await pdfOf(lerato.user.email);
    expect(leratos).toContain('Billed this period R 3.50 10 crates');
    expect(leratos).toContain('Owed R 3.50');
    expect(leratos).not.toContain('new this month');
    const pieters = await pdfOf(pieter.user.email);
    expect(pieters).toContain('Billed this period R 0.00 0 crates');
    expect(pieters).not.toContain('3.50');
    const mail = textOf(mailTo(lerato.user.email).at(-1)!.data);
    expect(mail).toContain('Billed for returns counted in this period: R 3.50 for 10 crates');
    expect(mail).toContain('Owed to you: R 3.50');
    expect(textOf(mailTo(pieter.user.email).at(-1)!.data)).toContain('Owed to you: R 0.00');

    await forgetWeeklySummaries();
    await post('/api/reports/weekly');
    await app.mailer.idle();
    const weekly = textOf(mailTo(lerato.user.email).at(-1)!.data);
    expect(weekly).toContain('Your weekly crate report');
    expect(weekly).toContain('Total earnings: R 3.50 for 10 crates');
    expect(weekly).toContain('Paid to you: R 0.00');
    expect(weekly).toContain('Owed to you: R 3.50');
    expect(textOf(mailTo(pieter.user.email).at(-1)!.data)).toContain('Total earnings: R 0.00 for 0 crates');
  });
});

describe("in the agent's language (decision 065)", () => {
  /** A part's text, quoted-printable undone, as the reader sees it. */
  const plain = (data: string) =>
    Buffer.from(
      data.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    )
      .toString('utf8')
      .replace(/\u00a0/g, ' ');
  const speaks = (agent: { user: { id: number } }, language: 'en' | 'af') =>
    app.db.update(users).set({ language }).where(eq(users.id, agent.user.id));

  it('sends an Afrikaans agent its weekly e-mail in Afrikaans; an English agent keeps English', async () => {
    await speaks(lerato, 'af');
    try {
      await forgetWeeklySummaries();
      expect((await post('/api/reports/weekly')).statusCode).toBe(200);
      await app.mailer.idle();
      // The newest row for her: PostgreSQL returns rows in no set order without one.
      const [row] = await app.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, lerato.user.email))
        .orderBy(desc(outbox.id))
        .limit(1);
      expect(row.subject).toMatch(/^Jou weeklikse kratverslag: \d+ \S+ \d{4} tot \d+ \S+ \d{4}$/);
      const mail = plain(mailTo(lerato.user.email).at(-1)!.data);
      expect(mail).toContain('Hallo Lerato Khumalo,');
      expect(mail).toMatch(/Aflewerings ontvang: \d+ \(\d+ kratte?\)/);
      expect(mail).toContain('Vol kratte in besit: ');
      expect(mail).not.toContain('Deliveries received');
      const pieters = plain(mailTo(pieter.user.email).at(-1)!.data);
      expect(pieters).toContain('Hello Pieter Botha,');
      expect(pieters).toMatch(/Deliveries received: \d+ \(\d+ crates\)/);
    } finally {
      await speaks(lerato, 'en');
    }
  });

  it("e-mails an Afrikaans agent its report's PDF in Afrikaans", async () => {
    await speaks(lerato, 'af');
    try {
      const res = await post('/api/reports/email', { reportType: 'weekly', recipientAgentIds: [lerato.marketAgentId] });
      expect(res.statusCode, res.body).toBe(200);
      await app.mailer.idle();
      const data = mailTo(lerato.user.email).at(-1)!.data;
      expect(plain(data)).toContain('Jou weeklikse kratverslag vir ');
      const pdf = attachment(data, `weekly-report-${today}.pdf`)!;
      const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('Weeklikse verslag');
      expect(flat).toMatch(/Kratte geskuif \d+/);
      expect(flat).toContain('Beskadigde en vermiste kratte');
      expect(flat).toContain('Lerato Khumalo');
      expect(flat).not.toContain('Crates moved');
    } finally {
      await speaks(lerato, 'en');
    }
  });
});

describe('SMTP down, then back', async () => {
  const port = await closedPort();
  const downApp = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  const farmStore = await registerAs(downApp, 'farm_store');
  const agent = await registerAgent(downApp, { name: 'Nomsa Zulu' });

  it('keeps the report queued with its error, and the retry job delivers it once the server answers', async () => {
    const res = await farmStore.inject({
      method: 'POST',
      url: '/api/reports/email',
      payload: { reportType: 'weekly', selectedAgentId: agent.marketAgentId },
    });
    // The truth (decision 046): not accepted, waiting in the outbox, with the server's error.
    const { delivery } = res.json().reportData;
    expect(delivery).toMatchObject({ mailServer: 'down', delivered: 0, queued: 1 });
    expect(delivery.error).toMatch(/ECONNREFUSED|connect/i);
    await downApp.mailer.idle();
    const [queued] = await downApp.db.select().from(outbox).where(eq(outbox.to, agent.user.email));
    expect(queued).toMatchObject({ sentAt: null, attempts: 1 });
    expect(queued.error).toMatch(/ECONNREFUSED|connect/i);
    expect(queued.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: the retry job leaves it alone.
    expect(await downApp.jobs.runNow(OUTBOX_RETRY_JOB, new Date('2030-01-01T00:00:00Z'))).toBe('ran');
    expect((await downApp.db.select().from(outbox).where(eq(outbox.id, queued.id)))[0].attempts).toBe(1);

    // Still down when due: a second failure, a longer wait.
    expect(await downApp.mailer.retryDue(new Date(Date.now() + 5 * 60_000))).toEqual({ tried: 1, sent: 0 });
    const again = (await downApp.db.select().from(outbox).where(eq(outbox.id, queued.id)))[0];
    expect(again.attempts).toBe(2);
    expect(again.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(90_000);

    const peer = await startSmtpServer(port);
    try {
      // Due now (the back-off ran out): the scheduled job sends it.
      await downApp.db
        .update(outbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(outbox.id, queued.id));
      expect(await downApp.jobs.runNow(OUTBOX_RETRY_JOB, new Date('2030-01-01T00:01:00Z'))).toBe('ran');
      const sent = (await downApp.db.select().from(outbox).where(eq(outbox.id, queued.id)))[0];
      expect(sent.sentAt).toBeInstanceOf(Date);
      expect(sent).toMatchObject({ error: null, nextAttemptAt: null, attempts: 3 });
      expect(peer.received).toHaveLength(1);
      expect(peer.received[0].to).toEqual([agent.user.email]);
      const pdf = attachment(peer.received[0].data, `weekly-report-${today}.pdf`)!;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // Sent is sent: nothing is left to retry.
      expect(await downApp.mailer.retryDue(new Date(Date.now() + 86_400_000))).toEqual({ tried: 0, sent: 0 });
    } finally {
      await peer.close();
    }
  });
});

describe('the weekly schedule', async () => {
  // Two app instances on one database, as behind a load balancer.
  const database = await openTestDatabase();
  const second =
    database.kind === 'postgres'
      ? await openDatabase({ url: database.url!, poolSize: 4 }, { migrate: false })
      : database;
  const dataDir = '.tmp/test-data';
  const one = await buildApp({ config: testConfig({ dataDir, smtpUrl: undefined }), database });
  const two = await buildApp({ config: testConfig({ dataDir, smtpUrl: undefined }), database: second });
  afterAll(async () => {
    await one.close();
    await two.close();
    if (second !== database) await second.close();
    await database.close();
  });
  await registerAgent(one, { name: 'Agent One' });
  await registerAgent(two, { name: 'Agent Two' });

  it('is Mondays at 06:00 in the farm time zone unless configured', () => {
    expect(one.config.weeklyReportsCron).toBe('0 6 * * 1');
    expect(one.jobs.names()).toContain(WEEKLY_REPORTS_JOB);
  });

  it('sends the weekly reports once per slot however many instances wake up for it', async () => {
    const slot = new Date('2026-11-23T04:00:00Z');
    const outcomes = await Promise.all([
      one.jobs.runNow(WEEKLY_REPORTS_JOB, slot),
      two.jobs.runNow(WEEKLY_REPORTS_JOB, slot),
      two.jobs.runNow(WEEKLY_REPORTS_JOB, slot),
    ]);
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
    const reports = (await one.db.select().from(outbox)).filter((r) =>
      r.subject.startsWith('Your weekly crate report'),
    );
    expect(reports).toHaveLength(2);
    expect(await one.jobs.runNow(WEEKLY_REPORTS_JOB, slot)).toBe('done-already');
    expect(await two.jobs.runNow(WEEKLY_REPORTS_JOB, new Date('2026-11-30T04:00:00Z'))).toBe('ran');
    const after = (await two.db.select().from(outbox)).filter((r) => r.subject.startsWith('Your weekly crate report'));
    expect(after).toHaveLength(4);
  });
});
