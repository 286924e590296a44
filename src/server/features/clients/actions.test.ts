// What the answers say an agent may do with a client or a loan is what the server then
// does: canLend and canReturn are true exactly when the lend or the return works.
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { json } from '../../../../tests/support/transmissions.ts';

const { agents } = await testFarm({ stock: 100, agents: [{ fullCrates: 50 }] });
const [agent] = agents;

const client = async () =>
  (
    await json(agent, 'POST', '/api/clients', {
      businessName: 'Mama Thandi Fresh',
      clientName: 'Thandi Mokoena',
      contactNumber: '082 123 4567',
    })
  ).json();
const lend = (clientId: number, quantityBorrowed = 5) =>
  json(agent, 'POST', '/api/client-transactions', { clientId, quantityBorrowed });

describe('canLend / canReturn', () => {
  it('a client: lend while active, return while crates are out', async () => {
    const c = await client();
    expect(c).toMatchObject({ canLend: true, canReturn: false });
    const loan = await lend(c.id);
    expect(loan.statusCode).toBe(201);
    expect(loan.json()).toMatchObject({ isOpen: true, canReturn: true });
    expect((await json(agent, 'GET', `/api/clients/${c.id}`)).json()).toMatchObject({ canLend: true, canReturn: true });

    const inactive = await agent.inject({ method: 'PATCH', url: `/api/clients/${c.id}`, payload: { isActive: false } });
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json()).toMatchObject({ canLend: false, canReturn: true });
    expect((await lend(c.id)).statusCode).toBe(409);

    const back = await json(agent, 'PUT', `/api/client-transactions/${loan.json().id}/return`, { quantityReturned: 5 });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ isOpen: false, canReturn: false });
    const again = await json(agent, 'PUT', `/api/client-transactions/${loan.json().id}/return`, {
      quantityReturned: 1,
    });
    expect(again.statusCode).toBe(409);
    expect((await json(agent, 'GET', `/api/clients/${c.id}`)).json()).toMatchObject({ canReturn: false });
  });
});
