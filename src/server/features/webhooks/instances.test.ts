// Two app instances on one PostgreSQL send each webhook delivery once, and each endpoint's in order
// (decision 063): they claim endpoints with SKIP LOCKED leases. PGlite is one process: skipped there.
import { afterAll, describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp, testConfig } from '../../../../tests/support/test-app.ts';
import { addStock, registerAgent, send } from '../../../../tests/support/transmissions.ts';
import { startReceiver } from '../../../../tests/support/webhook-receiver.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const twoInstances = onPostgres ? describe : describe.skip;

twoInstances('webhooks from two instances on one PostgreSQL', async () => {
  if (!onPostgres) return;
  const settings = { webhookAllowPrivateAddresses: true, webhookTimeoutMs: 2000 };
  const a = await buildTestApp(settings);
  const databaseB = await openDatabase({ url: a.database.url!, poolSize: 4 }, { migrate: false });
  const b = await buildApp({ config: testConfig(settings), database: databaseB, schedules: false });
  afterAll(async () => {
    await b.close();
    await databaseB.close();
  });
  const farm = await registerAs(a, 'farm_store');
  const agent = await registerAgent(a);
  await addStock(farm, 1000);

  it('deliver each event once, in order per endpoint', async () => {
    const receivers = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
    for (const r of receivers) {
      const res = await farm.inject({
        method: 'POST',
        url: '/api/webhooks',
        payload: { url: r.url(), events: ['transmission.created'] },
      });
      expect(res.statusCode).toBe(201);
    }
    const sent: number[] = [];
    for (let i = 1; i <= 12; i++) sent.push((await send(farm, agent, i)).id);
    // Both instances send at once, round after round, until nothing is left.
    let total = 0;
    for (let round = 0; round < 20 && total < 36; round++) {
      const [x, y] = await Promise.all([a.webhooks.sendDue(), b.webhooks.sendDue()]);
      total += x + y;
    }
    expect(total).toBe(36);
    for (const r of receivers) {
      expect(r.received.map((d) => d.body.data.transmissionId)).toEqual(sent);
      expect(new Set(r.received.map((d) => d.deliveryId)).size).toBe(12);
    }
  });
});
