// Overdue loans escalate (decision 054): the farm's agent list counts each agent's
// loans, clients and crates overdue at clients; the agent's weekly summary, its e-mail (text and HTML)
// and the farm's preview list its overdue clients, each with a WhatsApp link for a South African
// mobile number and a call (tel:) link otherwise. Loans are back-dated through the service's `at`.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import {
  type AgentAccount,
  enterOpeningBalance,
  json,
  registerAgent,
} from '../../../../tests/support/transmissions.ts';
import type { WeeklySummary } from '../../../shared/reports.ts';
import { outbox } from '../../db/schema/index.ts';
import { translatorFor } from '../../lib/i18n.ts';
import type { Caller } from '../../lib/ownership.ts';
import { lendCrates, returnCrates } from '../clients/service.ts';
import { OVERDUE_CLIENTS_IN_EMAIL, overdueSection } from './emails.ts';

const app = await buildTestApp();
const settings = { loanOverdueDays: app.config.loanOverdueDays };
const farm = await registerAs(app, 'farm_store');
const supplier = await registerAs(app, 'supplier');
// Named so that Aaron is the first recipient the weekly preview shows.
const aaron = await registerAgent(app, { name: 'Aaron Overdue', businessName: 'Aaron Fresh' });
const zanele = await registerAgent(app, { name: 'Zanele Punctual' });
await enterOpeningBalance(farm, aaron, { fullCrates: 100 });
await enterOpeningBalance(farm, zanele, { fullCrates: 100 });

const ago = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000);
const callerOf = (agent: AgentAccount): Caller => ({
  id: agent.user.id,
  role: 'market_agent',
  marketAgentId: agent.marketAgentId,
  supplierId: null,
});

async function clientWithLoan(agent: AgentAccount, contactNumber: string, crates: number, daysAgo: number) {
  const res = await json(agent, 'POST', '/api/clients', {
    businessName: `Stall ${contactNumber}`,
    clientName: `Client ${contactNumber}`,
    contactNumber,
  });
  expect(res.statusCode, res.body).toBe(201);
  const client = res.json() as { id: number };
  const loan = await lendCrates(app.db, callerOf(agent), { clientId: client.id, quantityBorrowed: crates }, settings, {
    at: ago(daysAgo),
  });
  return { clientId: client.id, loanId: loan.id as number };
}

const N = app.config.loanOverdueDays;
// Aaron: a mobile client out N + 10 days (6 of 10 crates still out), a landline client out N + 2 days,
// a client lent to today; Zanele: a loan out exactly N days (not overdue: more than N is).
const mobile = await clientWithLoan(aaron, '082 555 0101', 10, N + 10);
await returnCrates(app.db, callerOf(aaron), mobile.loanId, { quantityReturned: 4 }, settings, { at: ago(3) });
await clientWithLoan(aaron, '012 345 6789', 5, N + 2);
await clientWithLoan(aaron, '083 000 1111', 7, 0);
await clientWithLoan(zanele, '084 222 3333', 3, N);

describe('GET /api/market-agents: crates overdue at clients per agent', () => {
  it('counts each agent’s overdue loans, clients and crates out on them', async () => {
    const res = await json(farm, 'GET', '/api/market-agents');
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map((res.json() as { id: number; overdueAtClients: unknown }[]).map((a) => [a.id, a]));
    expect(byId.get(aaron.marketAgentId)?.overdueAtClients).toEqual({ loans: 2, clients: 2, crates: 6 + 5 });
    expect(byId.get(zanele.marketAgentId)?.overdueAtClients).toEqual({ loans: 0, clients: 0, crates: 0 });
  });

  it('is the farm store’s: 401 signed out, 403 for an agent and a supplier', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/market-agents' })).statusCode).toBe(401);
    expect((await json(aaron, 'GET', '/api/market-agents')).statusCode).toBe(403);
    expect((await json(supplier, 'GET', '/api/market-agents')).statusCode).toBe(403);
  });

  it('an agent’s own record carries its own figure', async () => {
    const res = await json(aaron, 'GET', '/api/market-agents/me');
    expect(res.json().overdueAtClients).toEqual({ loans: 2, clients: 2, crates: 11 });
  });
});

describe('the weekly summary lists the overdue clients with a WhatsApp or call link', () => {
  it('GET /api/reports/my-weekly: longest out first, WhatsApp for 082…, a call for a landline', async () => {
    const res = await json(aaron, 'GET', '/api/reports/my-weekly');
    expect(res.statusCode, res.body).toBe(200);
    const { overdue } = res.json() as WeeklySummary;
    expect(overdue.afterDays).toBe(N);
    expect(overdue.clients.map((c) => [c.contactNumber, c.outstandingCrates, c.overdueCrates, c.daysOut])).toEqual([
      ['082 555 0101', 6, 6, N + 10],
      ['012 345 6789', 5, 5, N + 2],
    ]);
    const [whatsapp, call] = overdue.clients.map((c) => c.reminder);
    expect(whatsapp.kind).toBe('whatsapp');
    expect(whatsapp.href).toMatch(/^https:\/\/wa\.me\/27825550101\?text=/);
    // The reminder is from the agent's business, as on the Clients screen.
    expect(decodeURIComponent(whatsapp.href)).toContain('a reminder from Aaron Fresh that you still have 6 crates');
    expect(call).toEqual({ kind: 'call', href: 'tel:+27123456789' });
    const zaneleOwn = (await json(zanele, 'GET', '/api/reports/my-weekly')).json() as WeeklySummary;
    expect(zaneleOwn.overdue.clients).toEqual([]);
  });

  it('POST /api/reports/weekly/preview shows the section in the first e-mail', async () => {
    const res = await json(farm, 'POST', '/api/reports/weekly/preview', {});
    expect(res.statusCode, res.body).toBe(200);
    const { preview } = res.json() as { preview: { to: string; text: string } };
    expect(preview.to).toBe(aaron.user.email);
    expect(preview.text).toContain(`Clients with crates out for more than ${N} days (2):`);
    expect(preview.text).toMatch(
      /- Stall 082 555 0101 \(Client 082 555 0101\): 6 crates out, oldest \d+ days\. WhatsApp: https:\/\/wa\.me\/27825550101\?text=/,
    );
    expect(preview.text).toContain('Call: tel:+27123456789');
    expect(preview.text).not.toContain('083 000 1111');
  });

  it('the sent e-mails: links in the HTML, and "none" for an agent without overdue clients', async () => {
    const res = await json(farm, 'POST', '/api/reports/weekly', {});
    expect(res.statusCode, res.body).toBe(200);
    const [mine] = await app.db.select().from(outbox).where(eq(outbox.to, aaron.user.email));
    expect(mine.text).toContain('WhatsApp: https://wa.me/27825550101?text=');
    expect(mine.html).toContain('<a href="https://wa.me/27825550101?text=');
    expect(mine.html).toContain('<a href="tel:+27123456789">Call 012 345 6789</a>');
    const [theirs] = await app.db.select().from(outbox).where(eq(outbox.to, zanele.user.email));
    expect(theirs.text).toContain(`No client has had crates out for more than ${N} days.`);
    expect(theirs.html).not.toContain('<ul>');
  });
});

describe('overdueSection', () => {
  it(`lists at most ${OVERDUE_CLIENTS_IN_EMAIL} clients and counts the rest; escapes names in the HTML`, () => {
    const client = (i: number) => ({
      clientId: i,
      businessName: i === 0 ? '<b>Spaza & Co</b>' : `Stall ${i}`,
      clientName: `Client ${i}`,
      contactNumber: '082 555 0101',
      outstandingCrates: 1,
      overdueCrates: 1,
      daysOut: 20,
      reminder: { kind: 'whatsapp' as const, href: 'https://wa.me/27825550101?text=Hello%20there' },
    });
    const summary = { overdue: { afterDays: 14, clients: Array.from({ length: 33 }, (_, i) => client(i)) } };
    const section = overdueSection(summary as unknown as WeeklySummary);
    expect(section.text.filter((line) => line.startsWith('- '))).toHaveLength(OVERDUE_CLIENTS_IN_EMAIL);
    expect(section.text.at(-1)).toBe('…and 3 more: see your Clients screen.');
    expect(section.text[1]).toContain('- <b>Spaza & Co</b> (Client 0): 1 crate out, oldest 20 days.');
    expect(section.html.value).toContain('&lt;b&gt;Spaza &amp; Co&lt;/b&gt;');
    expect(section.html.value).not.toContain('<b>Spaza');
  });
});

describe("the weekly summary's reminder is in the client's language (decision 065)", () => {
  it('an isiZulu client gets an isiZulu WhatsApp reminder; the agent’s own words stay the agent’s', async () => {
    const thandi = await registerAgent(app, { name: 'Thandi Languages', businessName: 'Thandi Fresh' });
    await enterOpeningBalance(farm, thandi, { fullCrates: 20 });
    const res = await json(thandi, 'POST', '/api/clients', {
      businessName: 'Sizwe Stall',
      clientName: 'Sizwe',
      contactNumber: '082 555 0199',
      language: 'zu',
    });
    expect(res.statusCode, res.body).toBe(201);
    await lendCrates(app.db, callerOf(thandi), { clientId: res.json().id, quantityBorrowed: 4 }, settings, {
      at: ago(N + 3),
    });
    const { overdue } = (await json(thandi, 'GET', '/api/reports/my-weekly')).json() as WeeklySummary;
    const zulu = translatorFor('zu').t('clients.reminderDaysOut', {
      name: 'Sizwe',
      from: 'Thandi Fresh',
      count: 4,
      days: N + 3,
    });
    expect(decodeURIComponent(overdue.clients[0].reminder.href)).toBe(`https://wa.me/27825550199?text=${zulu}`);
    expect(zulu).toMatch(/bhokisi/);
  });
});
