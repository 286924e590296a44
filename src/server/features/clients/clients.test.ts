import { desc, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import {
  type AgentAccount,
  agentCrates,
  enterOpeningBalance,
  json,
  registerAgent,
} from '../../../../tests/support/transmissions.ts';
import { clientMessages as m } from '../../../shared/clients.ts';
import { changeEvents } from '../../db/schema/index.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const { app, farm, agents, supplier } = await testFarm({
  config: { loanOverdueDays: 14 },
  stock: 1000,
  agents: [{ fullCrates: 100 }, { marketLocation: 'Pretoria Market', fullCrates: 10 }],
  supplier: 'registered',
});
const [agent, otherAgent] = agents;

const newClient = { businessName: 'Mama Thandi Fresh', clientName: 'Thandi Mokoena', contactNumber: '082 123 4567' };

async function addClient(who: AgentAccount, overrides: Record<string, unknown> = {}) {
  const res = await json(who, 'POST', '/api/clients', { ...newClient, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function lend(who: AgentAccount, clientId: number, quantityBorrowed: number) {
  const res = await json(who, 'POST', '/api/client-transactions', { clientId, quantityBorrowed, notes: 'Morning' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; cratesOut: number };
}

const expectLedgerOk = async () => expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);

describe('clients', () => {
  it('adds a client and lists it with zero totals', async () => {
    const res = await json(agent, 'POST', '/api/clients', { ...newClient, businessName: '  Spaced Name  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      businessName: 'Spaced Name',
      clientName: newClient.clientName,
      contactNumber: newClient.contactNumber,
      isActive: true,
      totalBorrowed: 0,
      outstandingCrates: 0,
      openLoans: 0,
      daysOut: null,
      isOverdue: false,
    });
    const list = await json(agent, 'GET', '/api/clients');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { id: number }) => c.id)).toContain(res.json().id);
  });

  it('refuses missing fields with the field messages (400)', async () => {
    const res = await json(agent, 'POST', '/api/clients', { businessName: ' ', contactNumber: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      businessName: m.businessNameRequired,
      clientName: m.clientNameRequired,
      contactNumber: m.contactNumberInvalid,
    });
  });

  it('keeps each agent to its own clients: another agent gets 404, other roles 403', async () => {
    const mine = await addClient(agent);
    const theirs = await json(otherAgent, 'GET', '/api/clients');
    expect(theirs.json().map((c: { id: number }) => c.id)).not.toContain(mine.id);
    expect((await json(otherAgent, 'GET', `/api/clients/${mine.id}`)).statusCode).toBe(404);
    expect((await json(otherAgent, 'GET', `/api/clients/${mine.id}/statement`)).statusCode).toBe(404);
    const patch = await otherAgent.inject({
      method: 'PATCH',
      url: `/api/clients/${mine.id}`,
      payload: { isActive: false },
    });
    expect(patch.statusCode).toBe(404);
    for (const who of [farm, supplier]) {
      expect((await json(who, 'GET', '/api/clients')).statusCode).toBe(403);
      expect((await json(who, 'POST', '/api/clients', newClient)).statusCode).toBe(403);
      expect((await json(who, 'GET', '/api/client-transactions')).statusCode).toBe(403);
      expect((await json(who, 'GET', '/api/client-transactions/open')).statusCode).toBe(403);
      expect(
        (await json(who, 'POST', '/api/client-transactions', { clientId: mine.id, quantityBorrowed: 1 })).statusCode,
      ).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/client-transactions', payload: {} })).statusCode).toBe(401);
  });

  it('edits details and the Active/Inactive flag (PATCH)', async () => {
    const client = await addClient(agent);
    const res = await agent.inject({
      method: 'PATCH',
      url: `/api/clients/${client.id}`,
      payload: { clientName: 'New Name', isActive: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clientName: 'New Name', isActive: false, businessName: newClient.businessName });
    const empty = await agent.inject({ method: 'PATCH', url: `/api/clients/${client.id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
    const bad = await agent.inject({
      method: 'PATCH',
      url: `/api/clients/${client.id}`,
      payload: { contactNumber: '1' },
    });
    expect(bad.json().errors).toEqual({ contactNumber: m.contactNumberInvalid });
    expect(
      (await agent.inject({ method: 'PATCH', url: '/api/clients/999999', payload: { isActive: true } })).statusCode,
    ).toBe(404);
  });
});

describe('lending and returning', () => {
  it('lend 5, return 3: crates move on the ledger, totals follow, the loan stays open; return 2 closes it', async () => {
    const client = await addClient(agent);
    const before = await agentCrates(agent);
    const loan = await lend(agent, client.id, 5);
    expect(loan).toMatchObject({
      quantityBorrowed: 5,
      quantityReturned: 0,
      cratesOut: 5,
      isOpen: true,
      notes: 'Morning',
    });
    let me = await agentCrates(agent);
    expect(me.fullCrates).toBe(before.fullCrates - 5);
    expect((await json(agent, 'GET', '/api/market-agents/me')).json().cratesWithClients).toBe(
      (before as { cratesWithClients?: number }).cratesWithClients! + 5,
    );

    const ret = await json(agent, 'PUT', `/api/client-transactions/${loan.id}`, { quantityReturned: 3 });
    expect(ret.statusCode, ret.body).toBe(200);
    expect(ret.json()).toMatchObject({ quantityReturned: 3, cratesOut: 2, isOpen: true });
    me = await agentCrates(agent);
    expect(me.emptyCrates).toBe(before.emptyCrates + 3);
    expect(me.totalCrates).toBe(before.totalCrates);
    const view = (await json(agent, 'GET', `/api/clients/${client.id}`)).json();
    expect(view).toMatchObject({ totalBorrowed: 5, outstandingCrates: 2, openLoans: 1, daysOut: 0 });
    const open = (await json(agent, 'GET', '/api/client-transactions/open')).json();
    expect(open.map((t: { id: number }) => t.id)).toContain(loan.id);

    const rest = await json(agent, 'PUT', `/api/client-transactions/${loan.id}/return`, {
      quantityReturned: 2,
      notes: 'All back',
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ quantityReturned: 5, cratesOut: 0, isOpen: false });
    expect(rest.json().closedAt).not.toBeNull();
    const openAfter = (await json(agent, 'GET', '/api/client-transactions/open')).json();
    expect(openAfter.map((t: { id: number }) => t.id)).not.toContain(loan.id);
    const all = (await json(agent, 'GET', `/api/client-transactions?clientId=${client.id}`)).json();
    expect(all).toHaveLength(1);
    await expectLedgerOk();
  });

  it('shows With Clients on the Market Agents screen from the client balances', async () => {
    const client = await addClient(agent);
    await lend(agent, client.id, 4);
    const agents = (await json(farm, 'GET', '/api/market-agents')).json() as {
      id: number;
      cratesWithClients: number;
      totalCrates: number;
      fullCrates: number;
      emptyCrates: number;
    }[];
    const row = agents.find((a) => a.id === agent.marketAgentId)!;
    const [{ sum }] = (
      await app.db.execute<{ sum: number }>(sql`
        select coalesce(sum(b.balance), 0)::int as sum from crate_balances b join clients c on c.id = b.client_id
        where c.market_agent_id = ${agent.marketAgentId}`)
    ).rows;
    expect(row.cratesWithClients).toBe(Number(sum));
    expect(row.cratesWithClients).toBeGreaterThanOrEqual(4);
    expect(row.totalCrates).toBe(row.fullCrates + row.emptyCrates + row.cratesWithClients);
  });

  it('refuses a lend above the full crates (409 with the count) and below 1 (400)', async () => {
    const client = await addClient(otherAgent);
    const full = (await agentCrates(otherAgent)).fullCrates;
    const res = await json(otherAgent, 'POST', '/api/client-transactions', {
      clientId: client.id,
      quantityBorrowed: full + 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.notEnoughFullCrates(full));
    expect(res.json().errors).toEqual({ quantityBorrowed: m.notEnoughFullCrates(full) });
    for (const quantityBorrowed of [0, -1, 1.5, '5', null]) {
      const bad = await json(otherAgent, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed });
      expect(bad.statusCode, String(quantityBorrowed)).toBe(400);
      expect(bad.json().errors.quantityBorrowed).toBeTruthy();
    }
    const noClient = await json(otherAgent, 'POST', '/api/client-transactions', { quantityBorrowed: 1 });
    expect(noClient.json().errors).toEqual({ clientId: m.clientRequired });
    expect((await agentCrates(otherAgent)).fullCrates).toBe(full);
    expect((await json(otherAgent, 'GET', `/api/client-transactions?clientId=${client.id}`)).json()).toEqual([]);
  });

  it("refuses lending to an inactive client (409) and to another agent's client (404)", async () => {
    const client = await addClient(agent);
    await agent.inject({ method: 'PATCH', url: `/api/clients/${client.id}`, payload: { isActive: false } });
    const res = await json(agent, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.clientInactive);
    const theirs = await json(otherAgent, 'POST', '/api/client-transactions', {
      clientId: client.id,
      quantityBorrowed: 1,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(m.clientNotFound);
  });

  it('refuses a return above the crates out (409), of zero (400), on a closed loan (409), by another agent (404)', async () => {
    const client = await addClient(agent);
    const loan = await lend(agent, client.id, 2);
    const tooMany = await json(agent, 'PUT', `/api/client-transactions/${loan.id}/return`, { quantityReturned: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().errors).toEqual({ quantityReturned: m.tooManyReturned(2) });
    for (const quantityReturned of [0, -2, 1.5, 'x']) {
      const bad = await json(agent, 'PUT', `/api/client-transactions/${loan.id}`, { quantityReturned });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.quantityReturned).toBeTruthy();
    }
    const theirs = await json(otherAgent, 'PUT', `/api/client-transactions/${loan.id}`, { quantityReturned: 1 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(m.transactionNotFound);
    expect((await json(farm, 'PUT', `/api/client-transactions/${loan.id}`, { quantityReturned: 1 })).statusCode).toBe(
      403,
    );
    expect((await json(agent, 'PUT', `/api/client-transactions/${loan.id}`, { quantityReturned: 2 })).statusCode).toBe(
      200,
    );
    const closed = await json(agent, 'PUT', `/api/client-transactions/${loan.id}/return`, { quantityReturned: 1 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(m.loanClosed);
    expect((await json(agent, 'PUT', '/api/client-transactions/99999999', { quantityReturned: 1 })).statusCode).toBe(
      404,
    );
    expect((await json(agent, 'PUT', '/api/client-transactions/abc', { quantityReturned: 1 })).statusCode).toBe(400);
    await expectLedgerOk();
  });

  it('concurrent lends never take the full crates below zero', async () => {
    const lender = await registerAgent(app);
    await enterOpeningBalance(farm, lender, { fullCrates: 10 });
    const client = await addClient(lender);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        json(lender, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed: 3 }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    const me = await agentCrates(lender);
    expect(me.fullCrates).toBe(1);
    expect((await json(lender, 'GET', `/api/clients/${client.id}`)).json().outstandingCrates).toBe(9);
    await expectLedgerOk();
  });

  it('concurrent returns never return more than the crates out', async () => {
    const client = await addClient(agent);
    const loan = await lend(agent, client.id, 5);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        json(agent, 'PUT', `/api/client-transactions/${loan.id}`, { quantityReturned: 2 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const view = (await json(agent, 'GET', `/api/clients/${client.id}`)).json();
    expect(view.outstandingCrates).toBe(1);
    await expectLedgerOk();
  });

  it('marks loans out longer than LOAN_OVERDUE_DAYS as overdue, with their days out', async () => {
    const client = await addClient(agent);
    const old = await lend(agent, client.id, 1);
    const fresh = await lend(agent, client.id, 1);
    await app.db.execute(
      sql`update client_transactions set created_at = now() - interval '15 days 1 hour' where id = ${old.id}`,
    );
    const open = (await json(agent, 'GET', `/api/client-transactions/open?clientId=${client.id}`)).json() as {
      id: number;
      daysOut: number;
      isOverdue: boolean;
      overdueAfterDays: number;
    }[];
    expect(open.find((t) => t.id === old.id)).toMatchObject({ daysOut: 15, isOverdue: true, overdueAfterDays: 14 });
    expect(open.find((t) => t.id === fresh.id)).toMatchObject({ daysOut: 0, isOverdue: false });
    expect((await json(agent, 'GET', `/api/clients/${client.id}`)).json()).toMatchObject({
      daysOut: 15,
      isOverdue: true,
    });
  });

  it('pages lists with ?limit= and ?before=', async () => {
    const all = (await json(agent, 'GET', '/api/clients?limit=500')).json() as { id: number }[];
    const first = (await json(agent, 'GET', '/api/clients?limit=2')).json() as { id: number }[];
    expect(first.map((c) => c.id)).toEqual(all.slice(0, 2).map((c) => c.id));
    const next = (await json(agent, 'GET', `/api/clients?limit=2&before=${first[1].id}`)).json() as { id: number }[];
    expect(next.map((c) => c.id)).toEqual(all.slice(2, 4).map((c) => c.id));
    expect((await json(agent, 'GET', '/api/clients?limit=501')).statusCode).toBe(400);
  });
});

describe('client statement', () => {
  it('lists every loan and return with a running balance', async () => {
    const client = await addClient(agent);
    const a = await lend(agent, client.id, 5);
    await json(agent, 'PUT', `/api/client-transactions/${a.id}`, { quantityReturned: 3, notes: 'Three back' });
    const b = await lend(agent, client.id, 4);
    await json(agent, 'PUT', `/api/client-transactions/${a.id}/return`, { quantityReturned: 2 });
    await json(agent, 'PUT', `/api/client-transactions/${b.id}`, { quantityReturned: 1 });
    const res = await json(agent, 'GET', `/api/clients/${client.id}/statement`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.client).toMatchObject({ id: client.id, totalBorrowed: 9, outstandingCrates: 3 });
    expect(body.agentName).toBe(agent.user.name);
    expect(
      body.entries.map((e: { kind: string; quantity: number; balance: number; clientTransactionId: number }) => [
        e.kind,
        e.quantity,
        e.balance,
        e.clientTransactionId,
      ]),
    ).toEqual([
      ['lend', 5, 5, a.id],
      ['return', 3, 2, a.id],
      ['lend', 4, 6, b.id],
      ['return', 2, 4, a.id],
      ['return', 1, 3, b.id],
    ]);
    expect(body.entries[1].notes).toBe('Three back');
    expect((await json(agent, 'GET', '/api/clients/999999/statement')).statusCode).toBe(404);
  });
});

describe('every route is guarded (401 signed out, 403 for other roles)', () => {
  it('refuses each clients route to signed-out callers, the farm store and suppliers', async () => {
    const client = await addClient(agent);
    const loan = await lend(agent, client.id, 1);
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown][] = [
      ['GET', '/api/clients'],
      ['POST', '/api/clients', newClient],
      ['GET', `/api/clients/${client.id}`],
      ['PATCH', `/api/clients/${client.id}`, { isActive: false }],
      ['GET', `/api/clients/${client.id}/statement`],
      ['GET', '/api/client-transactions'],
      ['GET', '/api/client-transactions/open'],
      ['POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed: 1 }],
      ['PUT', `/api/client-transactions/${loan.id}/return`, { quantityReturned: 1 }],
      ['PUT', `/api/client-transactions/${loan.id}`, { quantityReturned: 1 }],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await app.inject({ method, url, payload: payload as object | undefined });
      expect(anonymous.statusCode, `${method} ${url} signed out`).toBe(401);
      for (const who of [farm, supplier]) {
        const res = await who.inject({ method, url, payload: payload as object | undefined });
        expect(res.statusCode, `${method} ${url} as ${who.user.role}`).toBe(403);
      }
    }
    // Nothing moved: the loan still has its crate out and the client is still active.
    expect((await json(agent, 'GET', `/api/clients/${client.id}`)).json()).toMatchObject({
      isActive: true,
      outstandingCrates: 1,
    });
  });

  it("answers a ?clientId= of another agent's client, or of none, with 404", async () => {
    const mine = await addClient(agent);
    await lend(agent, mine.id, 1);
    for (const path of ['/api/client-transactions', '/api/client-transactions/open']) {
      const theirs = await json(otherAgent, 'GET', `${path}?clientId=${mine.id}`);
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.json().message).toBe(m.clientNotFound);
      expect((await json(agent, 'GET', `${path}?clientId=99999999`)).statusCode).toBe(404);
      expect((await json(agent, 'GET', `${path}?clientId=abc`)).statusCode).toBe(400);
      expect((await json(agent, 'GET', `${path}?clientId=${mine.id}`)).json()).toHaveLength(1);
    }
  });
});

describe('quantities and notes the server refuses (400, nothing changes)', () => {
  it('says what is wrong with a fraction, a number too large, a missing quantity and long notes', async () => {
    const client = await addClient(agent);
    const loan = await lend(agent, client.id, 2);
    const before = await agentCrates(agent);
    const lendCases: [unknown, string][] = [
      [2.5, m.quantityWhole],
      [0, m.lendQuantityRange],
      [-3, m.lendQuantityRange],
      [100_001, m.quantityTooLarge],
      [undefined, m.quantityRequired],
    ];
    for (const [quantityBorrowed, message] of lendCases) {
      const res = await json(agent, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed });
      expect(res.statusCode, String(quantityBorrowed)).toBe(400);
      expect(res.json().errors).toEqual({ quantityBorrowed: message });
    }
    const returnCases: [unknown, string][] = [
      [0.5, m.quantityWhole],
      [0, m.returnQuantityRange],
      [100_001, m.quantityTooLarge],
      [undefined, m.quantityRequired],
    ];
    for (const [quantityReturned, message] of returnCases) {
      for (const url of [`/api/client-transactions/${loan.id}`, `/api/client-transactions/${loan.id}/return`]) {
        const res = await json(agent, 'PUT', url, { quantityReturned });
        expect(res.statusCode, `${url} ${String(quantityReturned)}`).toBe(400);
        expect(res.json().errors).toEqual({ quantityReturned: message });
      }
    }
    const longNotes = await json(agent, 'POST', '/api/client-transactions', {
      clientId: client.id,
      quantityBorrowed: 1,
      notes: 'x'.repeat(501),
    });
    expect(longNotes.statusCode).toBe(400);
    expect(longNotes.json().errors).toEqual({ notes: m.notesTooLong });
    expect(await agentCrates(agent)).toEqual(before);
    expect((await json(agent, 'GET', `/api/clients/${client.id}`)).json()).toMatchObject({
      totalBorrowed: 2,
      outstandingCrates: 2,
    });
  });
});

describe('live updates', () => {
  const lastEvent = async () => (await app.db.select().from(changeEvents).orderBy(desc(changeEvents.id)).limit(1))[0];
  const eventsAfter = (id: number) => app.db.select().from(changeEvents).where(gt(changeEvents.id, id));

  it('records the clients tag for the agent on every write, with crates for the farm store when crates move', async () => {
    const me = `user:${agent.user.id}`;
    const client = await addClient(agent);
    expect(await lastEvent()).toMatchObject({ tags: ['clients'], audience: [me] });

    await agent.inject({ method: 'PATCH', url: `/api/clients/${client.id}`, payload: { clientName: 'Renamed' } });
    expect(await lastEvent()).toMatchObject({ tags: ['clients'], audience: [me] });

    const loan = await lend(agent, client.id, 3);
    let event = await lastEvent();
    expect(event.tags).toEqual(expect.arrayContaining(['clients', 'crates']));
    expect(event.audience).toEqual(expect.arrayContaining([me, 'farm_store']));

    for (const url of [`/api/client-transactions/${loan.id}`, `/api/client-transactions/${loan.id}/return`]) {
      const res = await json(agent, 'PUT', url, { quantityReturned: 1 });
      expect(res.statusCode).toBe(200);
      event = await lastEvent();
      expect(event.tags).toEqual(expect.arrayContaining(['clients', 'crates']));
      expect(event.audience).toEqual(expect.arrayContaining([me, 'farm_store']));
      // The other agent is told nothing about this agent's clients.
      expect(event.audience).not.toContain(`user:${otherAgent.user.id}`);
    }
  });

  it('records nothing for a refused write', async () => {
    const client = await addClient(agent);
    const loan = await lend(agent, client.id, 1);
    const { id } = await lastEvent();
    expect((await json(agent, 'POST', '/api/clients', { businessName: '' })).statusCode).toBe(400);
    expect(
      (await json(agent, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed: 100_000 }))
        .statusCode,
    ).toBe(409);
    expect((await json(agent, 'PUT', `/api/client-transactions/${loan.id}`, { quantityReturned: 2 })).statusCode).toBe(
      409,
    );
    expect(
      (await json(otherAgent, 'PUT', `/api/client-transactions/${loan.id}`, { quantityReturned: 1 })).statusCode,
    ).toBe(404);
    expect(await eventsAfter(id)).toEqual([]);
  });
});
