// Property: any sequence of valid and invalid crate operations, by any role, keeps the ledger
// invariant (DESIGN §4) and never produces a 500.

import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { Account } from '../../../../tests/support/accounts.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import {
  acknowledge,
  addStock,
  json,
  registerAgent,
  registerApprovedSupplier,
  send,
} from '../../../../tests/support/transmissions.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const { app, farm } = await testFarm();
const agents = [await registerAgent(app), await registerAgent(app, { marketLocation: 'Pretoria Market' })];
const supplier = await registerApprovedSupplier(app);
const everyone: Account[] = [farm, ...agents, supplier];
const transmissionIds: number[] = [];
// Clients issue: each agent has two clients (one of them inactive) to lend to; loans remembered by agent.
const clientIds: number[][] = [];
for (const agent of agents) {
  const ids: number[] = [];
  for (const businessName of ['Active Fresh', 'Closed Down']) {
    const res = await json(agent, 'POST', '/api/clients', {
      businessName,
      clientName: 'C',
      contactNumber: '082 123 4567',
    });
    ids.push(res.json().id);
  }
  await agent.inject({ method: 'PATCH', url: `/api/clients/${ids[1]}`, payload: { isActive: false } });
  clientIds.push(ids);
}
const loanIds: number[][] = [[], []];
// Full crates to lend from the first operation on (an agent's own deliveries come later, if at all).
await addStock(farm, 400);
for (const agent of agents) await acknowledge(agent, (await send(farm, agent, 150)).id);

const op = fc.oneof(
  fc.record({ kind: fc.constant('adjust' as const), quantity: fc.integer({ min: -400, max: 600 }) }),
  fc.record({
    kind: fc.constant('send' as const),
    agent: fc.nat(1),
    quantity: fc.integer({ min: -2, max: 1100 }),
    type: fc.constantFrom('farm_to_market', 'market_to_farm', 'supplier_to_farm'),
  }),
  fc.record({
    kind: fc.constant('acknowledge' as const),
    pick: fc.nat(),
    by: fc.option(fc.nat(3), { freq: 4 }), // null: the addressed recipient
    actual: fc.option(fc.integer({ min: -3, max: 700 })),
    // Returned empties counted with damaged crates (decision 051); refused on anything else.
    damaged: fc.option(fc.integer({ min: -1, max: 30 }), { freq: 2 }),
  }),
  fc.record({
    kind: fc.constant('returnEmpties' as const),
    agent: fc.nat(1),
    quantity: fc.integer({ min: 0, max: 150 }),
  }),
  fc.record({
    kind: fc.constant('resolve' as const),
    pick: fc.nat(),
    found: fc.option(fc.integer({ min: 0, max: 60 })),
  }),
  fc.record({ kind: fc.constant('request' as const), quantity: fc.integer({ min: 0, max: 600 }) }),
  fc.record({
    kind: fc.constant('lend' as const),
    agent: fc.nat(1),
    client: fc.nat(2), // 2: the other agent's client
    quantity: fc.integer({ min: -1, max: 40 }),
  }),
  fc.record({
    kind: fc.constant('clientReturn' as const),
    agent: fc.nat(1),
    pick: fc.nat(),
    quantity: fc.integer({ min: -1, max: 40 }),
    dashboard: fc.boolean(),
    damaged: fc.option(fc.integer({ min: -1, max: 10 }), { freq: 2 }),
  }),
  // Stock takes (decision 051): start, count (each figure off the expected by a little), resolve.
  fc.record({ kind: fc.constant('stockTake' as const), agent: fc.option(fc.nat(1)) }),
  fc.record({
    kind: fc.constant('stockCount' as const),
    agent: fc.nat(1),
    deltas: fc.array(fc.integer({ min: -6, max: 4 }), { minLength: 5, maxLength: 5 }),
  }),
  fc.record({ kind: fc.constant('stockResolve' as const), pick: fc.nat(), accept: fc.boolean() }),
  fc.record({
    kind: fc.constant('opening' as const),
    agent: fc.nat(1),
    full: fc.integer({ min: 0, max: 40 }),
    empty: fc.integer({ min: 0, max: 40 }),
  }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const remember = (res: LightMyRequestResponse) => {
  if (res.statusCode === 201) transmissionIds.push(res.json().id);
  return res;
};

async function run(o: Op) {
  switch (o.kind) {
    case 'adjust':
      return json(farm, 'POST', '/api/farm-store/stock-adjustments', { quantity: o.quantity, reason: 'property' });
    case 'send':
      return remember(
        await json(farm, 'POST', '/api/transmissions', {
          type: o.type,
          marketAgentId: agents[o.agent].marketAgentId,
          quantity: o.quantity,
        }),
      );
    case 'acknowledge': {
      const id = transmissionIds.length ? transmissionIds[o.pick % transmissionIds.length] : 1;
      const row = (await app.database.db.query.transmissions.findFirst({ where: (t, { eq }) => eq(t.id, id) })) ?? null;
      const actor = o.by === null ? (everyone.find((a) => a.user.id === row?.toUserId) ?? farm) : everyone[o.by];
      const damage = o.damaged === null ? {} : { damagedQuantity: o.damaged, damageReason: 'broken' };
      return json(
        actor,
        'PUT',
        `/api/transmissions/${id}/acknowledge`,
        o.actual === null && o.damaged === null ? undefined : { actualQuantity: o.actual, ...damage },
      );
    }
    case 'returnEmpties':
      return remember(
        await json(agents[o.agent], 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: o.quantity }),
      );
    case 'resolve': {
      const id = transmissionIds.length ? transmissionIds[o.pick % transmissionIds.length] : 1;
      return json(farm, 'PUT', `/api/transmissions/${id}/resolve`, {
        note: 'checked',
        ...(o.found === null ? {} : { foundQuantity: o.found }),
      });
    }
    case 'request':
      return remember(
        await json(supplier, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: o.quantity }),
      );
    case 'lend': {
      const clientId = o.client === 2 ? clientIds[1 - o.agent][0] : clientIds[o.agent][o.client];
      const res = await json(agents[o.agent], 'POST', '/api/client-transactions', {
        clientId,
        quantityBorrowed: o.quantity,
      });
      if (res.statusCode === 201) loanIds[o.agent].push(res.json().id);
      return res;
    }
    case 'clientReturn': {
      // Mostly the agent's own loans; sometimes the other agent's (404).
      const own = loanIds[o.agent];
      const pool = own.length && o.pick % 5 !== 0 ? own : loanIds[1 - o.agent];
      const id = pool.length ? pool[o.pick % pool.length] : 1;
      const url = `/api/client-transactions/${id}${o.dashboard ? '/return' : ''}`;
      const damage = o.damaged === null ? {} : { damagedQuantity: o.damaged, damageReason: 'split' };
      return json(agents[o.agent], 'PUT', url, { quantityReturned: o.quantity, ...damage });
    }
    case 'stockTake':
      return json(
        farm,
        'POST',
        '/api/stock-takes',
        o.agent === null ? {} : { marketAgentIds: [agents[o.agent].marketAgentId] },
      );
    case 'stockCount': {
      const agent = agents[o.agent];
      const { count, toCount } = (await json(agent, 'GET', '/api/stock-takes/current')).json();
      if (!count)
        return json(agent, 'PUT', '/api/stock-takes/counts/999999/submit', {
          fullCrates: 0,
          emptyCrates: 0,
          clients: [],
        });
      const figure = (i: number) => toCount[i].expected + o.deltas[i % o.deltas.length];
      return json(agent, 'PUT', `/api/stock-takes/counts/${count.id}/submit`, {
        fullCrates: figure(0),
        emptyCrates: figure(1),
        clients: toCount
          .slice(2)
          .map((l: { clientId: number }, i: number) => ({ clientId: l.clientId, counted: figure(i + 2) })),
      });
    }
    case 'stockResolve': {
      const lines = (await json(farm, 'GET', '/api/stock-takes/counts?state=all'))
        .json()
        .flatMap((c: { lines: { id: number }[] }) => c.lines);
      const id = lines.length ? lines[o.pick % lines.length].id : 1;
      return json(farm, 'PUT', `/api/stock-takes/lines/${id}/resolve`, { action: o.accept ? 'accept' : 'recount' });
    }
    case 'opening':
      return json(farm, 'POST', '/api/farm-store/opening-balances', {
        marketAgentId: agents[o.agent].marketAgentId,
        fullCrates: o.full,
        emptyCrates: o.empty,
      });
  }
}

it('random sequences of crate operations keep the ledger invariant and never fail with a 500', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
      for (const o of ops) {
        const res = await run(o);
        expect([200, 201, 400, 403, 404, 409], `${JSON.stringify(o)} → ${res.statusCode} ${res.body}`).toContain(
          res.statusCode,
        );
      }
      const report = await checkLedgerInvariant(app.db);
      expect(report.problems).toEqual([]);
    }),
    {
      numRuns: 50,
      // One sequence known to lend and take returns both ways, so the checks below never rest on luck.
      examples: [
        [
          [
            { kind: 'lend', agent: 0, client: 0, quantity: 6 },
            { kind: 'clientReturn', agent: 0, pick: 1, quantity: 2, dashboard: false, damaged: null },
            { kind: 'clientReturn', agent: 0, pick: 1, quantity: 1, dashboard: true, damaged: 1 },
            { kind: 'stockTake', agent: 0 },
            { kind: 'stockCount', agent: 0, deltas: [-2, 0, 1, -1, 0] },
            { kind: 'stockResolve', pick: 0, accept: true },
            { kind: 'stockResolve', pick: 2, accept: true },
          ],
        ],
      ],
    },
  );
  // The runs did real work, not only refusals.
  const [{ count }] = (await app.database.db.execute('select count(*)::int as count from crate_movements')).rows as {
    count: number;
  }[];
  expect(Number(count)).toBeGreaterThan(20);
  const acknowledged = await app.database.db.query.transmissions.findMany({
    where: (t, { eq }) => eq(t.status, 'acknowledged'),
  });
  expect(acknowledged.length).toBeGreaterThan(0);
  // Lends and returns happened too.
  const [{ lends, returns }] = (
    await app.database.db.execute(
      "select count(*) filter (where kind = 'lend')::int as lends, count(*) filter (where kind = 'client_return')::int as returns from crate_movements",
    )
  ).rows as { lends: number; returns: number }[];
  expect(Number(lends)).toBeGreaterThan(0);
  expect(Number(returns)).toBeGreaterThan(0);
}, 120_000);

it('the same holds when the operations arrive all at once', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 20 }), async (ops) => {
      const results = await Promise.all(ops.map(run));
      for (const res of results) expect([200, 201, 400, 403, 404, 409], res.body).toContain(res.statusCode);
      expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);
    }),
    { numRuns: 15 },
  );
}, 120_000);
