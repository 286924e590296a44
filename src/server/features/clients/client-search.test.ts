// GET /api/clients finds clients by name and phone and lists overdue ones first (decision 041).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { type AgentAccount, json } from '../../../../tests/support/transmissions.ts';
import { clientMessages, matchesClientSearch } from '../../../shared/clients.ts';

const { app, farm, agents, supplier } = await testFarm({
  config: { loanOverdueDays: 14 },
  stock: 100,
  agents: [{ fullCrates: 50 }, { marketLocation: 'Pretoria Market' }],
  supplier: 'registered',
});
const [agent, otherAgent] = agents;

async function addClient(who: AgentAccount, businessName: string, clientName: string, contactNumber: string) {
  const res = await json(who, 'POST', '/api/clients', { businessName, clientName, contactNumber });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

// Added in this order; the list's order is overdue first, then business name.
const zulu = await addClient(agent, 'Zulu Greens', 'Sipho Zulu', '082 555 0101');
const apple = await addClient(agent, 'Apple Tree Stall', 'Anna Botha', '+27 71 234 5678');
const mango = await addClient(agent, 'mango Corner', 'Peter Naidoo', '060 999 1111');
await addClient(otherAgent, 'Zulu Greens Pretoria', 'Other Agent Client', '082 555 0199');
const loan = await json(agent, 'POST', '/api/client-transactions', { clientId: zulu.id, quantityBorrowed: 5 });
expect(loan.statusCode, loan.body).toBe(201);
await app.db.execute(
  sql`update client_transactions set created_at = now() - interval '20 days' where id = ${loan.json().id}`,
);

const names = async (url: string) => {
  const res = await json(agent, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { businessName: string }[]).map((c) => c.businessName);
};

describe('GET /api/clients', () => {
  it('lists overdue clients first, then by business name whatever its case', async () => {
    expect(await names('/api/clients')).toEqual(['Zulu Greens', 'Apple Tree Stall', 'mango Corner']);
  });

  it('pages in that order: before is the client the page goes on after', async () => {
    expect(await names('/api/clients?limit=2')).toEqual(['Zulu Greens', 'Apple Tree Stall']);
    expect(await names(`/api/clients?limit=2&before=${apple.id}`)).toEqual(['mango Corner']);
    expect(await names(`/api/clients?limit=2&before=${mango.id}`)).toEqual([]);
  });

  it('finds clients by business or client name (any case) and by phone digits, only the caller’s own', async () => {
    expect(await names('/api/clients?q=zulu')).toEqual(['Zulu Greens']);
    expect(await names('/api/clients?q=ANNA')).toEqual(['Apple Tree Stall']);
    expect(await names('/api/clients?q=555%2001')).toEqual(['Zulu Greens']);
    expect(await names('/api/clients?q=234-5678')).toEqual(['Apple Tree Stall']);
    expect(await names('/api/clients?q=%20%20')).toEqual(['Zulu Greens', 'Apple Tree Stall', 'mango Corner']);
    expect(await names('/api/clients?q=nobody')).toEqual([]);
    // A search with paging keeps to the matches.
    expect(await names(`/api/clients?q=o&limit=1&before=${zulu.id}`)).toEqual(['Apple Tree Stall']);
  });

  it('the client-side twin agrees with the server', () => {
    const client = { businessName: 'Zulu Greens', clientName: 'Sipho Zulu', contactNumber: '082 555 0101' };
    expect(matchesClientSearch(client, 'GREENS')).toBe(true);
    expect(matchesClientSearch(client, '555 01')).toBe(true);
    expect(matchesClientSearch(client, 'sipho')).toBe(true);
    expect(matchesClientSearch(client, '')).toBe(true);
    expect(matchesClientSearch(client, 'apple')).toBe(false);
    expect(matchesClientSearch(client, '999')).toBe(false);
  });

  it('refuses a search too long or over two lines (400), signed out (401) and other roles (403)', async () => {
    const long = await json(agent, 'GET', `/api/clients?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(clientMessages.searchTooLong);
    expect((await json(agent, 'GET', '/api/clients?q=a%0Ab')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/clients?q=zulu' })).statusCode).toBe(401);
    expect((await json(supplier, 'GET', '/api/clients?q=zulu')).statusCode).toBe(403);
    expect((await json(farm, 'GET', '/api/clients?q=zulu')).statusCode).toBe(403);
  });
});
