// Signed webhooks (decision 063): a receiver verifies each delivery's signature and gets each event
// once; down, then up again, it gets the backlog once and in order; redirects are not followed, a slow
// receiver is given up on, a resend is the same delivery, 24 hours of failures end in 'failed'; the
// secret is answered once and never again; private addresses are refused at registration and delivery.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { addStock, enterOpeningBalance, registerAgent, send } from '../../../../tests/support/transmissions.ts';
import { startReceiver, verifySignature } from '../../../../tests/support/webhook-receiver.ts';
import { integrationMessages as m, webhookEvents } from '../../../shared/integrations.ts';
import { auditLog, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

const app = await buildTestApp({ webhookAllowPrivateAddresses: true, webhookTimeoutMs: 500 });
const farm = await registerAs(app, 'farm_store');
const agent = await registerAgent(app);
await addStock(farm, 1000);

async function register(url: string, events: string[]) {
  const res = await farm.inject({ method: 'POST', url: '/api/webhooks', payload: { url, events } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; url: string };
}
const deliveries = async (id: number) =>
  (await farm.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries` })).json() as {
    id: number;
    deliveryId: string;
    status: string;
    attempts: number;
    lastStatusCode: number | null;
    lastError: string | null;
  }[];
/** Makes every waiting delivery of the endpoint due now, as if its back-off had run out. */
const timePasses = (endpointId: number) =>
  app.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.endpointId, endpointId));

describe('a receiver', () => {
  // Each test's endpoint alone: an earlier test's would get the same events (and count in sendDue).
  beforeEach(async () => {
    await app.db.delete(webhookEndpoints);
  });

  it('verifies each signature and gets each event once; the secret is answered once only', async () => {
    const receiver = await startReceiver();
    const hook = await register(receiver.url(), ['transmission.created', 'transmission.acknowledged']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const sent = await send(farm, agent, 4);
    await agent.inject({
      method: 'PUT',
      url: `/api/transmissions/${sent.id}/acknowledge`,
      payload: { actualQuantity: 4 },
    });
    expect(await app.webhooks.sendDue()).toBe(2);
    expect(await app.webhooks.sendDue()).toBe(0);

    expect(receiver.received.map((r) => r.event)).toEqual(['transmission.created', 'transmission.acknowledged']);
    for (const r of receiver.received) {
      expect(verifySignature(hook.secret, r.timestamp, r.raw, r.signature)).toBe(true);
      expect(verifySignature('whsec_wrong', r.timestamp, r.raw, r.signature)).toBe(false);
      expect(r.body.id).toBe(r.deliveryId);
      expect(r.body.type).toBe(r.event);
      expect(Math.abs(Number(r.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    }
    expect(receiver.received[0]!.body.data).toMatchObject({ transmissionId: sent.id, quantity: 4, status: 'pending' });
    expect(new Set(receiver.received.map((r) => r.deliveryId)).size).toBe(2);

    const list = await farm.inject({ method: 'GET', url: '/api/webhooks' });
    expect(list.body).not.toContain(hook.secret);
    expect(JSON.stringify(await deliveries(hook.id))).not.toContain(hook.secret);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'webhook.create'));
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(hook.secret.slice(6));
    expect((await deliveries(hook.id)).map((d) => [d.status, d.lastStatusCode, d.attempts])).toEqual([
      ['delivered', 200, 1],
      ['delivered', 200, 1],
    ]);
  });

  it('down, then up again, gets the backlog once and in order', async () => {
    const receiver = await startReceiver();
    const hook = await register(receiver.url(), ['transmission.created']);
    receiver.state.answer = 503;
    const ids = [];
    for (const q of [1, 2, 3]) ids.push((await send(farm, agent, q)).id);
    expect(await app.webhooks.sendDue()).toBe(0);
    // The first was tried and failed; the others wait behind it (order per endpoint).
    expect(receiver.received.length).toBe(1);
    expect((await deliveries(hook.id)).map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
    expect(await app.webhooks.sendDue()).toBe(0); // its back-off has not run out
    expect(receiver.received.length).toBe(1);

    await timePasses(hook.id);
    expect(await app.webhooks.sendDue()).toBe(0);
    expect(receiver.received.length).toBe(2);

    receiver.state.answer = 200;
    await timePasses(hook.id);
    expect(await app.webhooks.sendDue()).toBe(3);
    const accepted = receiver.accepted();
    expect(accepted.map((r) => r.body.data.transmissionId)).toEqual(ids);
    expect(new Set(accepted.map((r) => r.deliveryId)).size).toBe(3);
    expect(await app.webhooks.sendDue()).toBe(0);
    expect(receiver.accepted().length).toBe(3);
    const [first] = (await deliveries(hook.id)).slice(-1);
    expect(first).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
  });

  it('after 24 hours of failures marks a delivery failed and the next ones go on', async () => {
    const receiver = await startReceiver();
    const hook = await register(receiver.url(), ['transmission.created']);
    receiver.state.answer = 500;
    await send(farm, agent, 1);
    await send(farm, agent, 2);
    await app.webhooks.sendDue();
    await app.db
      .update(webhookDeliveries)
      .set({ giveUpAt: sql`now() - interval '1 second'`, nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.endpointId, hook.id));
    receiver.state.answer = 200;
    // The head is past its 24 hours: failed without another try; the second goes (its own 24 hours also
    // ran out here, so it is failed too: the receiver hears nothing more).
    await app.webhooks.sendDue();
    expect((await deliveries(hook.id)).map((d) => d.status)).toEqual(['failed', 'failed']);
    expect(receiver.accepted()).toEqual([]);

    await send(farm, agent, 3);
    expect(await app.webhooks.sendDue()).toBe(1);
    expect(receiver.accepted().map((r) => r.body.data.quantity)).toEqual([3]);
  });

  it('is not followed to where it redirects, is given up on when slow, and a huge answer is cut off', async () => {
    const receiver = await startReceiver();
    const hook = await register(receiver.url(), ['loan.created']);
    receiver.state.answer = 'redirect';
    const test = await farm.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test` });
    expect(test.statusCode).toBe(202);
    await app.webhooks.sendDue();
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'pending', lastStatusCode: 302 });

    receiver.state.answer = 'hang';
    await timePasses(hook.id);
    await app.webhooks.sendDue();
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'pending', lastStatusCode: null });
    expect((await deliveries(hook.id))[0]!.lastError).toMatch(/No answer within/);

    receiver.state.answer = 'huge';
    await timePasses(hook.id);
    expect(await app.webhooks.sendDue()).toBe(1);
    expect(receiver.received.at(-1)!.body.type).toBe('webhook.test');
  });

  it('gets a resent delivery again with the same delivery id', async () => {
    const receiver = await startReceiver();
    const hook = await register(receiver.url(), ['transmission.created']);
    await send(farm, agent, 1);
    await app.webhooks.sendDue();
    const [delivered] = await deliveries(hook.id);
    const resend = await farm.inject({
      method: 'POST',
      url: `/api/webhooks/${hook.id}/deliveries/${delivered!.id}/resend`,
    });
    expect(resend.statusCode).toBe(202);
    expect(await app.webhooks.sendDue()).toBe(1);
    expect(receiver.accepted().map((r) => r.deliveryId)).toEqual([delivered!.deliveryId, delivered!.deliveryId]);
  });

  it('hears nothing more once its endpoint is deleted', async () => {
    const receiver = await startReceiver();
    const hook = await register(receiver.url(), ['transmission.created']);
    expect((await farm.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}` })).statusCode).toBe(200);
    await send(farm, agent, 1);
    await app.webhooks.sendDue();
    expect(receiver.received).toEqual([]);
    expect((await farm.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}` })).statusCode).toBe(404);
  });
});

describe('the events', () => {
  beforeEach(async () => {
    await app.db.delete(webhookEndpoints);
  });

  it('are written with the change they tell of, and not at all when it is refused', async () => {
    const receiver = await startReceiver();
    await register(receiver.url(), [...webhookEvents]);
    const stocked = await registerAgent(app);
    await enterOpeningBalance(farm, stocked, { fullCrates: 50, emptyCrates: 10 });
    const flaggedOne = await send(farm, stocked, 5);
    await stocked.inject({
      method: 'PUT',
      url: `/api/transmissions/${flaggedOne.id}/acknowledge`,
      payload: { actualQuantity: 4 },
    });
    const client = await stocked.inject({
      method: 'POST',
      url: '/api/clients',
      payload: { businessName: 'Fresh', clientName: 'Buyer', contactNumber: '082 123 4567' },
    });
    const loan = await stocked.inject({
      method: 'POST',
      url: '/api/client-transactions',
      payload: { clientId: client.json().id, quantityBorrowed: 3 },
    });
    expect(loan.statusCode).toBe(201);
    await stocked.inject({
      method: 'PUT',
      url: `/api/client-transactions/${loan.json().id}/return`,
      payload: { quantityReturned: 3 },
    });
    const today = new Date().toISOString().slice(0, 10);
    const cycle = await farm.inject({
      method: 'POST',
      url: '/api/billing/create-cycle',
      payload: { startDate: '2099-01-01', endDate: '2099-01-31', ratePerCrate: '0.50' },
    });
    expect(cycle.statusCode, `${today} ${cycle.body}`).toBe(201);
    // Refused (more crates than the agent holds): no change, no event.
    const refused = await stocked.inject({
      method: 'POST',
      url: '/api/client-transactions',
      payload: { clientId: client.json().id, quantityBorrowed: 10_000 },
    });
    expect(refused.statusCode).toBe(409);

    await app.webhooks.sendDue();
    expect(receiver.accepted().map((r) => r.event)).toEqual([
      'transmission.created',
      'transmission.acknowledged',
      'transmission.flagged',
      'loan.created',
      'loan.returned',
      'billing.cycle.created',
    ]);
    expect(receiver.accepted()[3]!.body.data).toMatchObject({ loanId: loan.json().id, quantityBorrowed: 3 });
    expect(receiver.accepted()[4]!.body.data).toMatchObject({ quantityReturned: 3, cratesOut: 0, closed: true });
    expect(receiver.accepted()[5]!.body.data).toMatchObject({ cycleId: cycle.json().id, ratePerCrate: '0.50' });
  });
});

describe('private addresses, by default', async () => {
  const guarded = await buildTestApp();
  const owner = await registerAs(guarded, 'farm_store');
  const agentB = await registerAgent(guarded);
  await addStock(owner, 100);

  it('refuses a webhook to a loopback, private, link-local or metadata address, and plain http', async () => {
    const refused = async (url: string, message: string) => {
      const res = await owner.inject({
        method: 'POST',
        url: '/api/webhooks',
        payload: { url, events: ['loan.created'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.url, url).toBe(message);
    };
    await refused('http://1.1.1.1/hook', m.webhookHttps);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.10/hook',
      'https://172.20.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://0.0.0.0/hook',
    ]) {
      await refused(url, m.privateAddress);
    }
    await refused('https://user:pass@1.1.1.1/hook', m.webhookCredentials);
    const ok = await owner.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://1.1.1.1/hook', events: ['loan.created'] },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('checks again at each delivery: an endpoint that now points at a private address gets nothing', async () => {
    const receiver = await startReceiver();
    // As if its name had been re-pointed after registration: the row names the receiver on loopback.
    const [endpoint] = await guarded.db
      .insert(webhookEndpoints)
      .values({
        url: `https://127.0.0.1:${receiver.port}/hook`,
        events: ['transmission.created'],
        secret: 'whsec_x',
        createdBy: owner.user.id,
      })
      .returning();
    await send(owner, agentB, 1);
    expect(await guarded.webhooks.sendDue()).toBe(0);
    expect(receiver.received).toEqual([]);
    const [row] = await guarded.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: m.privateAddress });
  });
});
