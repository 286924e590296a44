// Each webhook event's payload (decision 063, docs/api.md › Webhooks): every event docs/api.md lists is
// driven through the API and arrives signed, named and carrying exactly the `data` fields the docs list;
// a change the API refuses (400/409) sends nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { bankDetails, billingFixtures, farmDay, today } from '../../../../tests/support/billing.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import {
  type AgentAccount,
  addStock,
  enterOpeningBalance,
  json,
  registerAgent,
  send,
} from '../../../../tests/support/transmissions.ts';
import { startReceiver, verifySignature } from '../../../../tests/support/webhook-receiver.ts';
import { TEST_EVENT, webhookEvents } from '../../../shared/integrations.ts';

const app = await buildTestApp({ webhookAllowPrivateAddresses: true, webhookTimeoutMs: 500 });
const farm = await registerAs(app, 'farm_store');
await addStock(farm, 1000);
const agent = await registerAgent(app);
await enterOpeningBalance(farm, agent, { fullCrates: 50, emptyCrates: 10 });
const { agentWithEmpties, returnCountedOn, newCycle } = billingFixtures(app, farm);

const receiver = await startReceiver();
let secret = '';
let endpointId = 0;
beforeAll(async () => {
  const res = await json(farm, 'POST', '/api/webhooks', { url: receiver.url(), events: [...webhookEvents] });
  expect(res.statusCode, res.body).toBe(201);
  ({ secret, id: endpointId } = res.json());
});

let seen = 0;
/** Sends what is due; the deliveries the receiver accepted since the last call, each checked as signed. */
async function deliveredNow() {
  await app.webhooks.sendDue();
  const fresh = receiver.accepted().slice(seen);
  seen += fresh.length;
  for (const r of fresh) {
    expect(verifySignature(secret, r.timestamp, r.raw, r.signature), r.event).toBe(true);
    expect(verifySignature('whsec_wrong', r.timestamp, r.raw, r.signature)).toBe(false);
    expect(Object.keys(r.body).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    expect(r.body.id).toBe(r.deliveryId);
    expect(r.body.type).toBe(r.event);
    expect(new Date(r.body.createdAt).toISOString()).toBe(r.body.createdAt);
  }
  return fresh.map((r) => ({ event: r.event, data: r.body.data }));
}

/** A client of the agent's (its loans are the agent's). */
async function clientOf(who: AgentAccount, businessName: string) {
  const res = await json(who, 'POST', '/api/clients', {
    businessName,
    clientName: 'Lerato',
    contactNumber: '082 555 0000',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('the payload of', () => {
  it('transmission.created, .acknowledged and .flagged; nothing for a refused send or acknowledgement', async () => {
    const refusedSend = await json(farm, 'POST', '/api/transmissions', {
      type: 'farm_to_market',
      marketAgentId: agent.marketAgentId,
      toUserId: agent.user.id,
      quantity: 1_000_000,
    });
    expect([400, 409]).toContain(refusedSend.statusCode);
    const sent = await send(farm, agent, 5);
    const ack = (actualQuantity: number) =>
      json(agent, 'PUT', `/api/transmissions/${sent.id}/acknowledge`, { actualQuantity });
    expect((await ack(4)).statusCode).toBe(200);
    expect((await ack(4)).statusCode).toBe(409); // already acknowledged

    const base = {
      transmissionId: sent.id,
      type: 'farm_to_market',
      quantity: 5,
      marketAgentId: agent.marketAgentId,
    };
    const counted = { ...base, status: 'acknowledged', actualQuantity: 4, flagged: true };
    expect(await deliveredNow()).toEqual([
      { event: 'transmission.created', data: { ...base, status: 'pending', actualQuantity: null, flagged: false } },
      { event: 'transmission.acknowledged', data: counted },
      { event: 'transmission.flagged', data: counted },
    ]);
  });

  it('loan.created and loan.returned; nothing for a refused loan or return', async () => {
    const clientId = await clientOf(agent, 'Alpha Greens');
    const lend = (quantityBorrowed: number) =>
      json(agent, 'POST', '/api/client-transactions', { clientId, quantityBorrowed });
    expect((await lend(10_000)).statusCode).toBe(409); // more than the agent holds
    expect((await lend(0)).statusCode).toBe(400);
    const loan = await lend(6);
    expect(loan.statusCode).toBe(201);
    const loanId = loan.json().id;
    const hand = (body: Record<string, unknown>) =>
      json(agent, 'PUT', `/api/client-transactions/${loanId}/return`, body);
    expect((await hand({ quantityReturned: 7 })).statusCode).toBe(409); // more than are out
    expect((await hand({ quantityReturned: 0 })).statusCode).toBe(400);
    expect((await hand({ quantityReturned: 4, damagedQuantity: 1, damageReason: 'Cracked' })).statusCode).toBe(200);
    expect((await hand({ quantityReturned: 2 })).statusCode).toBe(200);

    const ids = { loanId, clientId, marketAgentId: agent.marketAgentId };
    expect(await deliveredNow()).toEqual([
      { event: 'loan.created', data: { ...ids, quantityBorrowed: 6 } },
      {
        event: 'loan.returned',
        data: { ...ids, quantityReturned: 4, damagedQuantity: 1, cratesOut: 2, closed: false },
      },
      {
        event: 'loan.returned',
        data: { ...ids, quantityReturned: 2, damagedQuantity: 0, cratesOut: 0, closed: true },
      },
    ]);
  });

  it('stock_take.completed: when a count matches, or its last difference is accepted; not before', async () => {
    const counter = await registerAgent(app, { marketLocation: 'Pretoria Market' });
    await enterOpeningBalance(farm, counter, { fullCrates: 20, emptyCrates: 5 });
    const start = async () => {
      const res = await json(farm, 'POST', '/api/stock-takes', { marketAgentIds: [counter.marketAgentId] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()[0] as { id: number; stockTakeId: number };
    };
    const submit = (countId: number, fullCrates: number) =>
      json(counter, 'PUT', `/api/stock-takes/counts/${countId}/submit`, { fullCrates, emptyCrates: 5, clients: [] });
    const completed = (count: { id: number; stockTakeId: number }) => ({
      event: 'stock_take.completed',
      data: { stockTakeId: count.stockTakeId, stockTakeCountId: count.id, marketAgentId: counter.marketAgentId },
    });

    // Every figure matches: settled as it is submitted.
    const matching = await start();
    expect((await json(counter, 'PUT', `/api/stock-takes/counts/${matching.id}/submit`, {})).statusCode).toBe(400);
    expect((await submit(matching.id, 20)).statusCode).toBe(200);
    expect((await submit(matching.id, 20)).statusCode).toBe(409); // already submitted
    expect(await deliveredNow()).toEqual([completed(matching)]);

    // Two crates short: nothing until the farm store accepts the difference.
    const short = await start();
    const submitted = await submit(short.id, 18);
    expect(submitted.json()).toMatchObject({ status: 'submitted', openDifferences: 1 });
    const line = (label: string) => submitted.json().lines.find((l: { label: string }) => l.label === label).id;
    const resolve = (id: number, action: string) =>
      json(farm, 'PUT', `/api/stock-takes/lines/${id}/resolve`, { action });
    expect((await resolve(line('Empty crates'), 'accept')).statusCode).toBe(409); // no difference
    expect((await resolve(line('Full crates'), 'maybe')).statusCode).toBe(400);
    expect(await deliveredNow()).toEqual([]);
    expect((await resolve(line('Full crates'), 'accept')).statusCode).toBe(200);
    expect((await resolve(line('Full crates'), 'accept')).statusCode).toBe(409); // already accepted
    expect(await deliveredNow()).toEqual([completed(short)]);
  });

  it('billing.cycle.created; nothing for an overlapping or invalid cycle', async () => {
    const cycle = await newCycle('2099-01-01', '2099-01-31', '0.75');
    const create = (body: Record<string, unknown>) => json(farm, 'POST', '/api/billing/create-cycle', body);
    expect((await create({ startDate: '2099-01-15', endDate: '2099-02-15', ratePerCrate: '0.75' })).statusCode).toBe(
      409,
    );
    expect((await create({ startDate: '2099-03-01', endDate: '2099-03-31', ratePerCrate: 'free' })).statusCode).toBe(
      400,
    );
    expect(await deliveredNow()).toEqual([
      {
        event: 'billing.cycle.created',
        data: { cycleId: cycle.id, startDate: '2099-01-01', endDate: '2099-01-31', ratePerCrate: '0.75' },
      },
    ]);
  });

  it('billing.payment.recorded: one per agent paid; nothing for a refused payment', async () => {
    const jozi = await agentWithEmpties(20, { bank: bankDetails, marketLocation: 'Johannesburg Market' });
    const pta = await agentWithEmpties(20, { bank: bankDetails, marketLocation: 'Pretoria Market' });
    await returnCountedOn(jozi, 10, -25);
    await returnCountedOn(pta, 6, -24);
    const ended = await newCycle(farmDay(-30), farmDay(-20), '0.50');
    const running = await newCycle(farmDay(-5), farmDay(5), '0.50');
    await deliveredNow(); // the cycles' own events
    const pay = (cycleId: number, body: Record<string, unknown>) =>
      json(farm, 'POST', `/api/billing/cycles/${cycleId}/payments`, { paidOn: today, reference: 'EFT 42', ...body });

    expect((await pay(running.id, {})).statusCode).toBe(409); // not ended yet
    expect((await pay(ended.id, { reference: '' })).statusCode).toBe(400);
    const one = await pay(ended.id, { marketAgentId: jozi.marketAgentId });
    expect(one.statusCode, one.body).toBe(201);
    expect((await pay(ended.id, { marketAgentId: jozi.marketAgentId })).statusCode).toBe(409); // paid once
    const rest = await pay(ended.id, { reference: 'EFT 43' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect((await pay(ended.id, {})).statusCode).toBe(409); // nothing owed

    const paid = (
      payment: { id: number; marketAgentId: number; crates: number; amount: string },
      reference: string,
    ) => ({
      event: 'billing.payment.recorded',
      data: {
        paymentId: payment.id,
        cycleId: ended.id,
        marketAgentId: payment.marketAgentId,
        crates: payment.crates,
        amount: payment.amount,
        paidOn: today,
        reference,
      },
    });
    const [joziPaid] = one.json().payments;
    const [ptaPaid] = rest.json().payments;
    expect(rest.json().payments).toHaveLength(1);
    expect(joziPaid).toMatchObject({ marketAgentId: jozi.marketAgentId, crates: 10, amount: '5.00' });
    expect(ptaPaid).toMatchObject({ marketAgentId: pta.marketAgentId, crates: 6, amount: '3.00' });
    expect(await deliveredNow()).toEqual([paid(joziPaid, 'EFT 42'), paid(ptaPaid, 'EFT 43')]);
  });

  it('webhook.test: to the one endpoint, when asked', async () => {
    expect((await json(farm, 'POST', `/api/webhooks/${endpointId}/test`)).statusCode).toBe(202);
    expect(await deliveredNow()).toEqual([
      { event: TEST_EVENT, data: { message: 'A test delivery from Cratekeeper' } },
    ]);
  });
});
