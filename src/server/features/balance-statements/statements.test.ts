// Monthly crate statements (decision 064): issue (400 for a month not ended, 409 naming who has one),
// the figures from the ledger, confirm and dispute with every 403/404/409, the farm's resolution, and
// closed months: a late correction lands in the current month and the database refuses a back-dated one.
import { eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG_BASE64 } from '../../../../tests/support/photos.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { json, registerAgent } from '../../../../tests/support/transmissions.ts';
import { balanceStatementMessages as m } from '../../../shared/balance-statements.ts';
import { users } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/ownership.ts';
import * as clientsService from '../clients/service.ts';
import { agentMonthFigures } from '../crates/balances.ts';
import { holders, inLedgerTransaction, moveCrates } from '../crates/ledger.ts';
import * as stock from '../crates/service.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import * as transmissions from '../transmissions/service.ts';
import { monthWindow } from './repository.ts';
import { sendReminders } from './service.ts';

const { app, farm, agents, supplier } = await testFarm({
  stock: 500,
  agents: [{}, { marketLocation: 'Pretoria Market' }],
  supplier: 'approved',
});
const [agent, other] = agents;

/** YYYY-MM of the month `back` months before this one (UTC is close enough: tests stay mid-month). */
const monthAgo = (back: number) => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
/** Noon UTC on `day` of a YYYY-MM month. */
const dayOf = (month: string, day: number) => new Date(`${month}-${String(day).padStart(2, '0')}T12:00:00Z`);
const [thisMonth, lastMonth, twoAgo, threeAgo] = [0, 1, 2, 3].map(monthAgo);

const farmCaller: Caller = { id: farm.user.id, role: 'farm_store', marketAgentId: null, supplierId: null };
const agentCaller: Caller = {
  id: agent.user.id,
  role: 'market_agent',
  marketAgentId: agent.marketAgentId,
  supplierId: null,
};
const settings = { loanOverdueDays: 14 };

// Three months ago: 60 full crates on paper, a delivery of 20 counted as 18 (flagged), a client lent 10.
await stock.enterOpeningBalance(
  app.db,
  farmCaller,
  { marketAgentId: agent.marketAgentId, fullCrates: 60, emptyCrates: 0 },
  { at: dayOf(threeAgo, 2) },
);
const delivery = await transmissions.createTransmission(
  app.db,
  farmCaller,
  { type: 'farm_to_market', marketAgentId: agent.marketAgentId, toUserId: agent.user.id, quantity: 20 },
  { at: dayOf(threeAgo, 3) },
);
await transmissions.acknowledgeTransmission(app.db, agentCaller, delivery.id, 18, { at: dayOf(threeAgo, 4) });
const client = (
  await json(agent, 'POST', '/api/clients', {
    businessName: 'Alpha Greens',
    clientName: 'Lerato',
    contactNumber: '082 555 0000',
  })
).json();
await clientsService.lendCrates(app.db, agentCaller, { clientId: client.id, quantityBorrowed: 10 }, settings, {
  at: dayOf(threeAgo, 5),
});
// Two months ago: 7 empties back from the client, 5 of them sent back to the farm.
const [loan] = (await json(agent, 'GET', '/api/client-transactions/open')).json();
await clientsService.returnCrates(app.db, agentCaller, loan.id, { quantityReturned: 7 }, settings, {
  at: dayOf(twoAgo, 6),
});
await transmissions.createTransmission(
  app.db,
  agentCaller,
  { type: 'market_to_farm', quantity: 5 },
  { at: dayOf(twoAgo, 7) },
);

const issue = (body: unknown) => json(farm, 'POST', '/api/balance-statements', body);
const invariant = async () => expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);

describe('issuing statements', () => {
  it('400 for this month, a future month or a malformed one; 403 for an agent', async () => {
    for (const month of [thisMonth, '2999-01', '2026-13', 'last month']) {
      const res = await issue({ month, marketAgentIds: [agent.marketAgentId] });
      expect(res.statusCode, month).toBe(400);
    }
    expect((await issue({ month: thisMonth })).json().errors).toMatchObject({ month: m.monthNotEnded });
    expect((await json(agent, 'POST', '/api/balance-statements', { month: lastMonth })).statusCode).toBe(403);
    expect((await issue({ month: lastMonth, marketAgentIds: [999_999] })).statusCode).toBe(400);
  });

  it('reads every figure from the ledger, adding up; a second issue to that agent is 409 naming it', async () => {
    const res = await issue({ month: threeAgo, marketAgentIds: [agent.marketAgentId] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0]).toMatchObject({
      month: threeAgo,
      status: 'waiting',
      opening: 0,
      received: 78, // 60 on paper + 18 counted in
      sentBack: 0,
      countDifferences: 0,
      missing: 0,
      damaged: 0,
      adjustments: 0,
      atClients: 10,
      closing: 78,
      canConfirm: false,
      canResolve: false,
    });
    const again = await issue({ month: threeAgo });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyIssued(threeAgo, agent.user.name));
    const next = (await issue({ month: twoAgo, marketAgentIds: [agent.marketAgentId] })).json()[0];
    expect(next).toMatchObject({ opening: 78, received: 0, sentBack: 5, atClients: 3, closing: 73 });
    await invariant();
  });

  it('the farm lists every agent; an agent only its own; a supplier 403', async () => {
    await issue({ month: threeAgo, marketAgentIds: [other.marketAgentId] });
    const all = (await json(farm, 'GET', `/api/balance-statements?month=${threeAgo}`)).json();
    expect(all.map((s: { marketAgentId: number }) => s.marketAgentId).sort()).toEqual(
      [agent.marketAgentId, other.marketAgentId].sort(),
    );
    const own = (await json(agent, 'GET', '/api/balance-statements')).json();
    expect(own.every((s: { marketAgentId: number }) => s.marketAgentId === agent.marketAgentId)).toBe(true);
    expect(own[0]).toMatchObject({ canConfirm: true, canDispute: true });
    expect((await json(supplier, 'GET', '/api/balance-statements')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/balance-statements' })).statusCode).toBe(401);
  });

  it('a statement as a PDF with Accept: application/pdf', async () => {
    const [s] = (await json(agent, 'GET', `/api/balance-statements?month=${threeAgo}`)).json();
    const pdf = await agent.inject({
      method: 'GET',
      url: `/api/balance-statements/${s.id}`,
      headers: { accept: 'application/pdf' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await other.inject({ method: 'GET', url: `/api/balance-statements/${s.id}` })).statusCode).toBe(404);
  });

  it("is in the reader's language: Afrikaans for an Afrikaans agent, English for the farm store", async () => {
    const [s] = (await json(agent, 'GET', `/api/balance-statements?month=${threeAgo}`)).json();
    const textOf = async (account: typeof farm) => {
      const res = await account.inject({
        method: 'GET',
        url: `/api/balance-statements/${s.id}`,
        headers: { accept: 'application/pdf' },
      });
      return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text.replace(/\s+/g, ' ');
    };
    await app.db.update(users).set({ language: 'af' }).where(eq(users.id, agent.user.id));
    try {
      const afrikaans = await textOf(agent);
      expect(afrikaans).toContain('Openingsaldo');
      expect(afrikaans).toContain('Slotsaldo');
      expect(afrikaans).toContain('Bladsy 1 van 1');
      const english = await textOf(farm);
      expect(english).toContain('Opening balance');
      expect(english).toContain('Page 1 of 1');
    } finally {
      await app.db.update(users).set({ language: 'en' }).where(eq(users.id, agent.user.id));
    }
  });
});

const statementOf = async (month: string, account = agent) =>
  (await json(account, 'GET', `/api/balance-statements?month=${month}`)).json()[0] as {
    id: number;
    closing: number;
    status: string;
  };

describe('confirm and dispute', () => {
  it('confirm: 403 farm and supplier, 404 another agent and unknown, 200 once, then 409 for both', async () => {
    const s = await statementOf(threeAgo);
    const url = `/api/balance-statements/${s.id}/confirm`;
    expect((await json(farm, 'PUT', url)).statusCode).toBe(403);
    expect((await json(supplier, 'PUT', url)).statusCode).toBe(403);
    expect((await json(other, 'PUT', url)).statusCode).toBe(404);
    expect((await json(agent, 'PUT', '/api/balance-statements/999999/confirm')).statusCode).toBe(404);
    const ok = await json(agent, 'PUT', url);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'confirmed', canConfirm: false, canDispute: false });
    expect((await json(agent, 'PUT', url)).statusCode).toBe(409);
    const late = await json(agent, 'PUT', `/api/balance-statements/${s.id}/dispute`, {
      believedClosing: 70,
      note: 'x',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(m.notWaiting);
  });

  it('dispute: 400 for the same figure or no note, 404 another agent, then the photo is kept', async () => {
    const s = await statementOf(twoAgo);
    const url = `/api/balance-statements/${s.id}/dispute`;
    expect((await json(agent, 'PUT', url, { believedClosing: s.closing, note: 'same' })).statusCode).toBe(400);
    expect((await json(agent, 'PUT', url, { believedClosing: 70, note: '  ' })).statusCode).toBe(400);
    expect((await json(other, 'PUT', url, { believedClosing: 70, note: 'x' })).statusCode).toBe(404);
    expect((await json(farm, 'PUT', url, { believedClosing: 70, note: 'x' })).statusCode).toBe(403);
    const res = await json(agent, 'PUT', url, {
      believedClosing: 70,
      note: 'Three crates were stolen at the market',
      photo: { contentType: 'image/png', data: ONE_PIXEL_PNG_BASE64 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disputed', believedClosing: 70, canResolve: false });
    expect(res.json().photoIds).toHaveLength(1);
    const photo = await farm.inject({ method: 'GET', url: `/api/evidence/${res.json().photoIds[0]}/photo` });
    expect(photo.statusCode).toBe(200);
    expect(
      (await other.inject({ method: 'GET', url: `/api/evidence/${res.json().photoIds[0]}/photo` })).statusCode,
    ).toBe(404);
    expect((await json(agent, 'PUT', url, { believedClosing: 71, note: 'again' })).statusCode).toBe(409);
    expect((await json(agent, 'PUT', `/api/balance-statements/${s.id}/confirm`)).statusCode).toBe(409);
  });

  it("the farm accepts the agent's figure: booked now, the agent is e-mailed, the statement reads the same", async () => {
    const s = await statementOf(twoAgo);
    const url = `/api/balance-statements/${s.id}/resolve`;
    expect((await json(agent, 'PUT', url, { action: 'accept' })).statusCode).toBe(403);
    const firstOpen = await statementOf(threeAgo);
    expect(
      (await json(farm, 'PUT', `/api/balance-statements/${firstOpen.id}/resolve`, { action: 'accept' })).statusCode,
    ).toBe(409);
    const before = (await json(agent, 'GET', '/api/market-agents/me')).json();
    const res = await json(farm, 'PUT', url, { action: 'accept', note: 'Police report seen' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', resolution: 'accepted', adjustment: -3, closing: 73 });
    const after = (await json(agent, 'GET', '/api/market-agents/me')).json();
    expect(after.fullCrates + after.emptyCrates).toBe(before.fullCrates + before.emptyCrates - 3);
    expect((await json(farm, 'PUT', url, { action: 'accept' })).statusCode).toBe(409);
    const mail = await app.db.execute<{ subject: string }>(
      sql`select subject from outbox where ${agent.user.email} = any(string_to_array("to", ','))`,
    );
    expect(mail.rows.some((r) => r.subject.endsWith('dispute resolved'))).toBe(true);
    // The adjustment is dated now: this month's figures carry it, the statement's month does not.
    const now = await monthWindow(app.db, thisMonth, app.config.farmTimezone);
    const figures = (await agentMonthFigures(app.db, now, [agent.marketAgentId])).get(agent.marketAgentId)!;
    expect(figures.adjustments).toBe(-3);
    expect((await json(agent, 'GET', `/api/balance-statements/${s.id}`)).json().closing).toBe(73);
    await invariant();
  });

  it('answering needs a note', async () => {
    const s = (await issue({ month: lastMonth, marketAgentIds: [agent.marketAgentId] })).json()[0];
    await json(agent, 'PUT', `/api/balance-statements/${s.id}/dispute`, {
      believedClosing: s.closing + 1,
      note: 'one more',
    });
    const url = `/api/balance-statements/${s.id}/resolve`;
    expect((await json(farm, 'PUT', url, { action: 'answer' })).statusCode).toBe(400);
    const res = await json(farm, 'PUT', url, { action: 'answer', note: 'Our count stands' });
    expect(res.json()).toMatchObject({ status: 'resolved', resolution: 'answered', adjustment: null });
  });
});

describe('closed months stay closed', () => {
  it('a late resolution of an old flag lands now and leaves the closed statement unchanged', async () => {
    const s = await statementOf(threeAgo);
    expect(s.status).toBe('confirmed');
    const before = (await json(agent, 'GET', `/api/balance-statements/${s.id}`)).json();
    const res = await json(farm, 'PUT', `/api/transmissions/${delivery.id}/resolve`, {
      note: 'Two found on the truck',
      foundQuantity: 2,
    });
    expect(res.statusCode).toBe(200);
    expect((await json(agent, 'GET', `/api/balance-statements/${s.id}`)).json()).toEqual(before);
    const now = await monthWindow(app.db, thisMonth, app.config.farmTimezone);
    expect(
      (await agentMonthFigures(app.db, now, [agent.marketAgentId])).get(agent.marketAgentId)!.countDifferences,
    ).toBe(2);
    await invariant();
  });

  it('the database refuses a movement dated inside an issued month, for that agent only', async () => {
    const backDated = (to: string) =>
      inLedgerTransaction(app.db, (tx) =>
        moveCrates(tx, {
          from: holders.farm,
          to,
          quantity: 1,
          kind: 'stock_adjustment',
          occurredAt: dayOf(threeAgo, 20),
        }),
      ).then(
        () => 'booked',
        (e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
      );
    expect(await backDated(holders.agentFull(agent.marketAgentId))).toBe('23001');
    // Written straight into the table, past every service: the database itself refuses it.
    const raw = await app.db
      .execute(sql`insert into crate_movements (from_holder, to_holder, quantity, kind, occurred_at)
        values (${holders.agentFull(agent.marketAgentId)}, ${holders.writeoff}, 1, 'stock_take', ${dayOf(threeAgo, 21).toISOString()})`)
      .then(
        () => 'booked',
        (e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code,
      );
    expect(raw).toBe('23001');
    expect(await backDated(holders.client(client.id))).toBe('23001');
    // The other agent's statement closed the same month for it too; an agent without one is not held.
    expect(await backDated(holders.agentFull(other.marketAgentId))).toBe('23001');
    const third = await registerAgent(app);
    await inLedgerTransaction(app.db, (tx) =>
      moveCrates(tx, {
        from: holders.external,
        to: holders.agentFull(third.marketAgentId),
        quantity: 1,
        kind: 'opening_balance',
        occurredAt: dayOf(threeAgo, 20),
      }),
    );
    await invariant();
  });

  it('the invariant checker sees a statement that no longer matches the ledger', async () => {
    const s = await statementOf(threeAgo);
    await app.db.execute(
      sql`update balance_statements set received = received + 1, closing = closing + 1 where id = ${s.id}`,
    );
    expect((await checkLedgerInvariant(app.db)).problems).toEqual([
      `statement ${s.id} (${threeAgo}): its received no longer matches the ledger`,
    ]);
    await app.db.execute(
      sql`update balance_statements set received = received - 1, closing = closing - 1 where id = ${s.id}`,
    );
    await invariant();
  });
});

describe('the 7-day reminder', () => {
  it('e-mails each statement unanswered for a week once, and says it is overdue', async () => {
    const s = (await issue({ month: monthAgo(5), marketAgentIds: [other.marketAgentId] })).json()[0];
    const deps = { db: app.db, mailer: app.mailer, timeZone: app.config.farmTimezone, farmName: 'Test Farm' };
    expect(await sendReminders(deps)).toBe(0);
    expect((await json(other, 'GET', `/api/balance-statements/${s.id}`)).json().overdue).toBe(false);
    await app.db.execute(sql`update balance_statements set issued_at = now() - interval '8 days' where id = ${s.id}`);
    expect((await json(other, 'GET', `/api/balance-statements/${s.id}`)).json().overdue).toBe(true);
    expect(await sendReminders(deps)).toBe(1);
    expect(await sendReminders(deps)).toBe(0);
    const mail = await app.db.execute<{ subject: string }>(
      sql`select subject from outbox where subject like 'Please confirm your crate statement%' and "to" like ${`%${other.user.email}%`}`,
    );
    expect(mail.rows).toHaveLength(1);
  });
});
