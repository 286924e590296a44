// Stock takes (decision 051): start, count, flag, accept (booked on the ledger) or recount; who may do
// what (401/403/404), what is refused (400/409), and the ledger invariant after each booking.
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { agentCrates, json } from '../../../../tests/support/transmissions.ts';
import { stockTakeMessages as m } from '../../../shared/stock-takes.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const { app, farm, agents } = await testFarm({
  stock: 200,
  agents: [{ fullCrates: 40, emptyCrates: 10 }, { marketLocation: 'Pretoria Market' }],
});
const [agent, other] = agents;

async function clientWithLoan(name: string, quantityBorrowed: number) {
  const c = (
    await json(agent, 'POST', '/api/clients', {
      businessName: name,
      clientName: 'Lerato',
      contactNumber: '082 555 0000',
    })
  ).json();
  await json(agent, 'POST', '/api/client-transactions', { clientId: c.id, quantityBorrowed });
  return c.id as number;
}
const a = await clientWithLoan('Alpha Greens', 5);
const b = await clientWithLoan('Bravo Veg', 4);
const c = await clientWithLoan('Charlie Fruit', 3);
const invariant = async () => expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);

describe('stock takes', () => {
  let countId = 0;

  it('only the farm store starts one; 400 unknown agent; 409 while one is open', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/stock-takes', payload: {} })).statusCode).toBe(401);
    expect((await json(agent, 'POST', '/api/stock-takes', {})).statusCode).toBe(403);
    const unknown = await json(farm, 'POST', '/api/stock-takes', { marketAgentIds: [999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toMatchObject({ marketAgentIds: m.agentUnknown });
    const started = await json(farm, 'POST', '/api/stock-takes', { marketAgentIds: [agent.marketAgentId] });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toHaveLength(1);
    countId = started.json()[0].id;
    expect(started.json()[0]).toMatchObject({ status: 'open', marketAgentId: agent.marketAgentId });
    expect((await json(farm, 'POST', '/api/stock-takes', { marketAgentIds: [agent.marketAgentId] })).statusCode).toBe(
      409,
    );
  });

  it('the agent sees what to count, prefilled from the ledger; another agent sees nothing', async () => {
    const current = (await json(agent, 'GET', '/api/stock-takes/current')).json();
    expect(current.count.id).toBe(countId);
    expect(current.toCount.map((l: { label: string; expected: number }) => [l.label, l.expected])).toEqual([
      ['Full crates', 28],
      ['Empty crates', 10],
      ['Alpha Greens', 5],
      ['Bravo Veg', 4],
      ['Charlie Fruit', 3],
    ]);
    expect((await json(other, 'GET', '/api/stock-takes/current')).json()).toEqual({ count: null, toCount: [] });
    expect((await json(farm, 'GET', '/api/stock-takes/current')).statusCode).toBe(403);
  });

  it('a count: 404 for another agent, 400 for a missing or foreign client or a bad figure', async () => {
    const url = `/api/stock-takes/counts/${countId}/submit`;
    const ok = {
      fullCrates: 26,
      emptyCrates: 10,
      clients: [
        { clientId: a, counted: 5 },
        { clientId: b, counted: 3 },
        { clientId: c, counted: 4 },
      ],
    };
    expect((await json(other, 'PUT', url, ok)).statusCode).toBe(404);
    expect((await json(agent, 'PUT', '/api/stock-takes/counts/999999/submit', ok)).statusCode).toBe(404);
    const missing = await json(agent, 'PUT', url, { ...ok, clients: ok.clients.slice(1) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ clients: m.clientMissing });
    const negative = await json(agent, 'PUT', url, { ...ok, fullCrates: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toMatchObject({ fullCrates: m.countWhole });
    const res = await json(agent, 'PUT', url, ok);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'submitted', openDifferences: 3 });
    expect((await json(agent, 'PUT', url, ok)).statusCode).toBe(409);
  });

  it('the farm store accepts a shortfall and a find (booked), asks a recount of another', async () => {
    const [count] = (await json(farm, 'GET', '/api/stock-takes/counts')).json();
    const line = (label: string) => count.lines.find((l: { label: string }) => l.label === label);
    const resolve = (id: number, body: unknown, who = farm) =>
      json(who, 'PUT', `/api/stock-takes/lines/${id}/resolve`, body);
    expect((await resolve(line('Full crates').id, { action: 'accept' }, agent)).statusCode).toBe(403);
    expect((await resolve(999999, { action: 'accept' })).statusCode).toBe(404);
    expect((await resolve(line('Empty crates').id, { action: 'accept' })).statusCode).toBe(409); // matches
    expect((await resolve(line('Full crates').id, { action: 'maybe' })).statusCode).toBe(400);

    expect((await resolve(line('Full crates').id, { action: 'accept', note: 'Lost at the market' })).statusCode).toBe(
      200,
    );
    expect((await agentCrates(agent)).fullCrates).toBe(26);
    expect((await resolve(line('Full crates').id, { action: 'accept' })).statusCode).toBe(409);
    expect((await resolve(line('Charlie Fruit').id, { action: 'accept' })).statusCode).toBe(200);
    expect((await json(agent, 'GET', `/api/clients/${c}`)).json().outstandingCrates).toBe(4);
    await invariant();

    const recount = await resolve(line('Bravo Veg').id, { action: 'recount', note: 'Count Bravo again' });
    expect(recount.statusCode).toBe(200);
    expect(recount.json()).toMatchObject({ status: 'open' });
    const current = (await json(agent, 'GET', '/api/stock-takes/current')).json();
    expect(current.toCount.find((l: { label: string }) => l.label === 'Bravo Veg')).toMatchObject({
      expected: 4,
      previouslyCounted: 3,
    });
    const again = await json(agent, 'PUT', `/api/stock-takes/counts/${count.id}/submit`, {
      fullCrates: 26,
      emptyCrates: 10,
      clients: [
        { clientId: a, counted: 5 },
        { clientId: b, counted: 4 },
        { clientId: c, counted: 4 },
      ],
    });
    expect(again.statusCode).toBe(200);
    // Bravo now matches; the accepted lines keep their figures: nothing left open.
    expect(again.json()).toMatchObject({ status: 'resolved', openDifferences: 0 });
    await invariant();
  });

  it("the agent's history and loss rate: written off per crate handled", async () => {
    const history = await json(farm, 'GET', `/api/stock-takes/agents/${agent.marketAgentId}`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ cratesWrittenOff: 1, counts: [{ status: 'resolved' }] });
    expect((await json(agent, 'GET', `/api/stock-takes/agents/${agent.marketAgentId}`)).statusCode).toBe(403);
    expect((await json(farm, 'GET', '/api/stock-takes/agents/999999')).statusCode).toBe(404);
  });
});
