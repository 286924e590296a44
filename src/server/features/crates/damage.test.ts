// Damaged crates (decision 051): a client's return and the farm's count of returned empties may mark
// some damaged, with a reason; they go to the write-off account, earn nothing, and the farm's figures
// show them apart from the missing ones. The ledger invariant is checked after the file (buildTestApp).
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { acknowledge, agentCrates, json, send } from '../../../../tests/support/transmissions.ts';
import { damageMessages as dm } from '../../../shared/damage.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const { app, farm, agents } = await testFarm({
  stock: 200,
  agents: [{ fullCrates: 60, emptyCrates: 20 }, { marketLocation: 'Pretoria Market' }],
});
const [agent, other] = agents;

const metrics = async () => (await json(farm, 'GET', '/api/dashboard/farm-metrics')).json();

async function loanOf(quantityBorrowed: number) {
  const client = (
    await json(agent, 'POST', '/api/clients', {
      businessName: `Stall ${quantityBorrowed}`,
      clientName: 'Sipho Dlamini',
      contactNumber: '082 555 1234',
    })
  ).json();
  return (await json(agent, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed })).json();
}

describe('a client returns damaged crates', () => {
  it('damaged crates count as handed back but go to the write-off account, not the empties', async () => {
    const loan = await loanOf(10);
    const before = await agentCrates(agent);
    const m0 = await metrics();
    const res = await json(agent, 'PUT', `/api/client-transactions/${loan.id}`, {
      quantityReturned: 6,
      damagedQuantity: 2,
      damageReason: 'Cracked handles',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantityReturned: 6, cratesOut: 4 });
    expect((await agentCrates(agent)).emptyCrates).toBe(before.emptyCrates + 4);
    const m1 = await metrics();
    expect(m1.damagedOnReturn).toBe(m0.damagedOnReturn + 2);
    expect(m1.writtenOff).toBe(m0.writtenOff); // damaged is not missing
    expect(m1.totalCrates).toBe(m0.totalCrates - 2);
    expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);
  });

  it('400 with field messages: no reason, more damaged than returned, not a whole number', async () => {
    const loan = await loanOf(5);
    const url = `/api/client-transactions/${loan.id}/return`;
    const noReason = await json(agent, 'PUT', url, { quantityReturned: 2, damagedQuantity: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toMatchObject({ damageReason: dm.reasonRequired });
    const tooMany = await json(agent, 'PUT', url, { quantityReturned: 2, damagedQuantity: 3, damageReason: 'Wet' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toMatchObject({ damagedQuantity: dm.damagedTooMany(2) });
    const half = await json(agent, 'PUT', url, { quantityReturned: 2, damagedQuantity: 0.5, damageReason: 'Wet' });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors.damagedQuantity).toBe(dm.damagedWhole);
  });

  it('all returned crates damaged: nothing goes to the empties; 401 signed out, 403 farm, 404 another agent', async () => {
    const loan = await loanOf(3);
    const before = await agentCrates(agent);
    const body = { quantityReturned: 3, damagedQuantity: 3, damageReason: 'Crushed in a truck' };
    expect(
      (await app.inject({ method: 'PUT', url: `/api/client-transactions/${loan.id}`, payload: body })).statusCode,
    ).toBe(401);
    expect((await json(farm, 'PUT', `/api/client-transactions/${loan.id}`, body)).statusCode).toBe(403);
    expect((await json(other, 'PUT', `/api/client-transactions/${loan.id}`, body)).statusCode).toBe(404);
    const res = await json(agent, 'PUT', `/api/client-transactions/${loan.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isOpen: false });
    expect((await agentCrates(agent)).emptyCrates).toBe(before.emptyCrates);
    const again = await json(agent, 'PUT', `/api/client-transactions/${loan.id}`, body);
    expect(again.statusCode).toBe(409);
  });
});

describe('the farm counts returned empties, some damaged', () => {
  it('damaged crates leave the farm stock for the write-off account and are not billed', async () => {
    const ret = (await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 8 })).json();
    const m0 = await metrics();
    const res = await json(farm, 'PUT', `/api/transmissions/${ret.id}/acknowledge`, {
      actualQuantity: 8,
      damagedQuantity: 3,
      damageReason: 'Split sides',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ actualQuantity: 8, isFlagged: false });
    const m1 = await metrics();
    expect(m1.farm).toBe(m0.farm + 5);
    expect(m1.damagedOnReturn).toBe(m0.damagedOnReturn + 3);
    expect(m1.writtenOff).toBe(m0.writtenOff);
    // The checker's rule 7: the return's billing line holds the crates counted into the farm (8 − 3).
    expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);
  });

  it('400: more damaged than counted, no reason, or a delivery (only returned empties)', async () => {
    const ret = (await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 4 })).json();
    const url = `/api/transmissions/${ret.id}/acknowledge`;
    const tooMany = await json(farm, 'PUT', url, { actualQuantity: 2, damagedQuantity: 3, damageReason: 'Bent' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toMatchObject({ damagedQuantity: dm.damagedTooMany(2) });
    const noReason = await json(farm, 'PUT', url, { actualQuantity: 4, damagedQuantity: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toMatchObject({ damageReason: dm.reasonRequired });

    const delivery = await send(farm, agent, 5);
    const onDelivery = await json(agent, 'PUT', `/api/transmissions/${delivery.id}/acknowledge`, {
      actualQuantity: 5,
      damagedQuantity: 1,
      damageReason: 'Bent',
    });
    expect(onDelivery.statusCode).toBe(400);
    expect(onDelivery.json().errors).toMatchObject({ damagedQuantity: dm.onlyReturns });
    await acknowledge(agent, delivery.id);
    // Nothing was booked by the refusals: the return is still pending and can be counted.
    expect((await json(farm, 'PUT', url, { actualQuantity: 4 })).statusCode).toBe(200);
  });
});
