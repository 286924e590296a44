import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import {
  acknowledge,
  addStock,
  agentCrates,
  enterOpeningBalance,
  farmStock,
  farmWithAgents,
  json,
  registerAgent,
  registerApprovedSupplier,
  send,
} from '../../../../tests/support/transmissions.ts';
import { messages } from '../../../shared/auth.ts';
import { transmissionMessages as m } from '../../../shared/transmissions.ts';
import { clients } from '../../db/schema/index.ts';
import { holders, inLedgerTransaction, moveCrates } from '../crates/ledger.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const app = await buildTestApp();

const lonelyAgent = await registerAgent(app);

const { farm, farm2, agent, otherAgent, supplier } = await farmWithAgents(app, 2000, 'Opening stock');

/** The farm store's delivery to an agent; the cases below vary only the rest of the body. */
const deliverFromFarm = (body: Record<string, unknown>) =>
  json(farm, 'POST', '/api/transmissions', { type: 'farm_to_market', ...body });

const expectLedgerOk = async () => expect(await checkLedgerInvariant(app.db)).toEqual({ ok: true, problems: [] });

describe('POST /api/transmissions (farm store)', () => {
  it('sends crates to an agent: farm stock into transit, the agent sees it pending', async () => {
    const before = await farmStock(farm);
    // The whole body written out once; the cases below go through deliverFromFarm.
    const res = await json(farm, 'POST', '/api/transmissions', {
      type: 'farm_to_market',
      toUserId: agent.user.id,
      marketAgentId: agent.marketAgentId,
      quantity: 30,
      notes: '  Morning truck ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'farm_to_market',
      fromUserId: farm.user.id,
      toUserId: agent.user.id,
      marketAgentId: agent.marketAgentId,
      quantity: 30,
      actualQuantity: null,
      notes: 'Morning truck',
      status: 'pending',
      isFlagged: false,
      difference: null,
      fromName: farm.user.name,
      toName: agent.user.name,
    });
    expect(await farmStock(farm)).toBe(before - 30);
    const pending = await json(agent, 'GET', '/api/transmissions/pending-count');
    expect(pending.json().count).toBeGreaterThanOrEqual(1);
    await expectLedgerOk();
  });

  it('finds the agent from toUserId alone, and from marketAgentId alone', async () => {
    expect((await deliverFromFarm({ toUserId: agent.user.id, quantity: 1 })).statusCode).toBe(201);
    expect((await deliverFromFarm({ marketAgentId: agent.marketAgentId, quantity: 1 })).statusCode).toBe(201);
  });

  it('never sends more than the farm stock (409 with the stock figure)', async () => {
    // Drain the farm to exactly 5, then ask for 6.
    const left = await farmStock(farm);
    await json(farm, 'POST', '/api/farm-store/stock-adjustments', { quantity: -(left - 5), reason: 'Damaged' });
    const res = await deliverFromFarm({ marketAgentId: agent.marketAgentId, quantity: 6 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.notEnoughFarmStock(5));
    expect(await farmStock(farm)).toBe(5);
    await addStock(farm, 1995);
    await expectLedgerOk();
  });

  it('accepts 1–1000 only, as a whole number, with the spec messages', async () => {
    const post = (quantity: unknown) => deliverFromFarm({ marketAgentId: agent.marketAgentId, quantity });
    for (const q of [0, -1, 1001, 2.5]) {
      const res = await post(q);
      expect(res.statusCode, `quantity ${q}`).toBe(400);
      expect(res.json().message).toBe(m.farmQuantityRange);
    }
    const missing = await deliverFromFarm({ marketAgentId: agent.marketAgentId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(m.quantityRequired);
    expect((await post('12')).statusCode).toBe(400);
  });

  it('requires an agent (400), an existing one (404) and a matching user (400)', async () => {
    const none = await deliverFromFarm({ quantity: 5 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(m.selectAgent);
    const unknown = await deliverFromFarm({ marketAgentId: 99999, quantity: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.agentNotFound);
    const notAgent = await deliverFromFarm({ toUserId: supplier.user.id, quantity: 5 });
    expect(notAgent.statusCode).toBe(404);
    const mismatch = await deliverFromFarm({
      marketAgentId: agent.marketAgentId,
      toUserId: otherAgent.user.id,
      quantity: 5,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(m.agentMismatch);
    const huge = await deliverFromFarm({ marketAgentId: 99999999999, quantity: 5 });
    expect(huge.statusCode).toBe(400);
  });

  it('refuses supplier_to_farm and unknown types', async () => {
    const res = await json(farm, 'POST', '/api/transmissions', {
      type: 'supplier_to_farm',
      marketAgentId: agent.marketAgentId,
      quantity: 5,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(m.farmTypesOnly);
    const bad = await json(farm, 'POST', '/api/transmissions', {
      type: 'teleport',
      marketAgentId: agent.marketAgentId,
      quantity: 5,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('collects an agent’s empties (market_to_farm to the agent): at most its empties; the agent confirms', async () => {
    const a = await registerAgent(app);
    const t = await send(farm, a, 40);
    await acknowledge(a, t.id);
    // No empties yet.
    const none = await json(farm, 'POST', '/api/transmissions', {
      type: 'market_to_farm',
      marketAgentId: a.marketAgentId,
      quantity: 1,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(m.notEnoughAgentEmpties(0));
    // Clients issue: a loan and its return through the API. Until then, through the ledger service.
    const [{ id: c1 }] = await app.db
      .insert(clients)
      .values({ marketAgentId: a.marketAgentId, businessName: 'Test', clientName: 'Test', contactNumber: '0820000000' })
      .returning({ id: clients.id });
    await inLedgerTransaction(app.db, async (tx) => {
      await moveCrates(tx, {
        from: holders.agentFull(a.marketAgentId),
        to: holders.client(c1),
        quantity: 15,
        kind: 'lend',
      });
      await moveCrates(tx, {
        from: holders.client(c1),
        to: holders.agentEmpty(a.marketAgentId),
        quantity: 15,
        kind: 'client_return',
      });
    });
    const collection = await json(farm, 'POST', '/api/transmissions', {
      type: 'market_to_farm',
      marketAgentId: a.marketAgentId,
      quantity: 15,
    });
    expect(collection.statusCode).toBe(201);
    expect(collection.json()).toMatchObject({ fromUserId: farm.user.id, toUserId: a.user.id, type: 'market_to_farm' });
    expect(await agentCrates(a)).toMatchObject({ fullCrates: 25, emptyCrates: 0 });
    // The farm store may not confirm its own collection; the agent does.
    expect((await json(farm, 'PUT', `/api/transmissions/${collection.json().id}/acknowledge`)).statusCode).toBe(403);
    const stock = await farmStock(farm);
    await acknowledge(a, collection.json().id, 15);
    expect(await farmStock(farm)).toBe(stock + 15);
    await expectLedgerOk();
  });
});

describe('POST /api/transmissions (market agent returns empties)', () => {
  it('returns at most its empty crates to the farm store', async () => {
    const a = await registerAgent(app);
    const none = await json(a, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(m.noEmptyCrates);
    // Give it 10 empties through an opening balance, then return 11 (too many) and 10.
    await enterOpeningBalance(farm, a, { emptyCrates: 10 });
    const tooMany = await json(a, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 11, notes: 'x' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      message: m.noEmptyCrates,
      errors: { quantity: 'You have 10 empty crates' },
    });
    const res = await json(a, 'POST', '/api/transmissions', {
      type: 'market_to_farm',
      quantity: 10,
      notes: 'Empties',
      toUserId: otherAgent.user.id, // ignored: returns always go to the farm store
      fromUserId: 1,
      status: 'acknowledged',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      fromUserId: a.user.id,
      toUserId: null,
      toName: 'Farm Store',
      marketAgentId: a.marketAgentId,
      status: 'pending',
      quantity: 10,
    });
    expect(await agentCrates(a)).toMatchObject({ emptyCrates: 0 });
    // The farm counts 9: farm stock +9, one crate on the write-off account, flagged for both.
    const stock = await farmStock(farm);
    const acked = await acknowledge(farm, res.json().id, 9);
    expect(acked).toMatchObject({ status: 'acknowledged', actualQuantity: 9, isFlagged: true, difference: -1 });
    expect(await farmStock(farm)).toBe(stock + 9);
    const seenByAgent = (await json(a, 'GET', '/api/transmissions')).json();
    expect(seenByAgent.find((t: { id: number }) => t.id === res.json().id)).toMatchObject({
      isFlagged: true,
      actualQuantity: 9,
    });
    await expectLedgerOk();
  });

  it('goes to the farm store role: every farm store user sees it and counts it, either may acknowledge', async () => {
    const a = await registerAgent(app);
    await addStock(farm2, 20);
    const sent = await send(farm2, a, 20);
    await acknowledge(a, sent.id, 20);
    await enterOpeningBalance(farm, a, { emptyCrates: 8 });
    const pendingOf = async (who: typeof farm) => (await json(who, 'GET', '/api/transmissions/pending-count')).json();
    const incomingIds = async (who: typeof farm) =>
      (await json(who, 'GET', '/api/transmissions/incoming')).json().map((t: { id: number }) => t.id);
    const before = [(await pendingOf(farm)).count, (await pendingOf(farm2)).count];
    expect(before[0]).toBe(before[1]);

    const first = (await json(a, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 4 })).json();
    const second = (await json(a, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 4 })).json();
    expect(first).toMatchObject({ toUserId: null, toName: 'Farm Store', status: 'pending' });
    for (const who of [farm, farm2]) {
      expect((await pendingOf(who)).count).toBe(before[0] + 2);
      expect(await incomingIds(who)).toEqual(expect.arrayContaining([first.id, second.id]));
      expect((await json(who, 'GET', '/api/farm-store/me')).json().pendingCount).toBe(before[0] + 2);
      expect((await json(who, 'GET', '/api/dashboard')).json().pendingCount).toBe(before[0] + 2);
    }
    // Not for an agent or a supplier to acknowledge, not even the one who sent it.
    expect((await json(a, 'PUT', `/api/transmissions/${first.id}/acknowledge`)).statusCode).toBe(403);
    expect((await json(otherAgent, 'PUT', `/api/transmissions/${first.id}/acknowledge`)).statusCode).toBe(403);
    expect((await json(supplier, 'PUT', `/api/transmissions/${first.id}/acknowledge`)).statusCode).toBe(403);

    // Either farm store user may acknowledge; the other then gets 409 and nothing is booked twice.
    const stock = await farmStock(farm);
    expect((await acknowledge(farm, first.id, 4)).acknowledgedAt).toBeTruthy();
    expect((await json(farm2, 'PUT', `/api/transmissions/${first.id}/acknowledge`)).statusCode).toBe(409);
    await acknowledge(farm2, second.id, 4);
    expect(await farmStock(farm)).toBe(stock + 8);
    for (const who of [farm, farm2]) {
      expect((await pendingOf(who)).count).toBe(before[0]);
      expect(await incomingIds(who)).not.toContain(first.id);
    }
    await expectLedgerOk();
  });

  it('may only create market_to_farm (403 otherwise)', async () => {
    for (const type of ['farm_to_market', 'supplier_to_farm']) {
      const res = await json(agent, 'POST', '/api/transmissions', { type, quantity: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(m.agentsReturnOnly);
    }
  });

  it('needs an active farm store user', async () => {
    await app.database.db.execute(`update users set is_active = false where role = 'farm_store'`);
    try {
      const res = await json(lonelyAgent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(m.noFarmStore);
    } finally {
      await app.database.db.execute(`update users set is_active = true where role = 'farm_store'`);
    }
  });
});

describe('POST /api/transmissions (supplier crate request)', () => {
  it('requests 1–500 crates from the farm store; acknowledging issues them from farm stock', async () => {
    const res = await json(supplier, 'POST', '/api/transmissions', {
      type: 'supplier_to_farm',
      quantity: 20,
      fromUserId: 1,
      status: 'pending',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'supplier_to_farm',
      fromUserId: supplier.user.id,
      toUserId: null,
      toName: 'Farm Store',
      marketAgentId: null,
    });
    expect((await json(agent, 'PUT', `/api/transmissions/${res.json().id}/acknowledge`)).statusCode).toBe(403);
    expect((await json(supplier, 'PUT', `/api/transmissions/${res.json().id}/acknowledge`)).statusCode).toBe(403);
    // Any farm store user fulfils it, not only the first one.
    const stock = await farmStock(farm);
    const acked = await acknowledge(farm2, res.json().id, 15);
    expect(acked).toMatchObject({ actualQuantity: 15, isFlagged: false });
    expect(await farmStock(farm)).toBe(stock - 15);
    const dash = (await json(supplier, 'GET', '/api/dashboard')).json();
    expect(dash).toMatchObject({ role: 'supplier', crates: 15, pendingRequests: 0 });
    await expectLedgerOk();
  });

  it('rejects more than 500, other types, and unapproved suppliers', async () => {
    const big = await json(supplier, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 501 });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(m.supplierQuantityRange);
    const type = await json(supplier, 'POST', '/api/transmissions', { type: 'farm_to_market', quantity: 5 });
    expect(type.statusCode).toBe(403);
    const pendingSupplier = await registerAs(app, 'supplier');
    const res = await json(pendingSupplier, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(m.supplierNotApproved);
  });

  it('cannot issue more than the farm stock (409) nor more than requested (400); nothing changes', async () => {
    const res = await json(supplier, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 500 });
    const more = await json(farm, 'PUT', `/api/transmissions/${res.json().id}/acknowledge`, { actualQuantity: 501 });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({
      message: m.countTooHigh(500),
      errors: { actualQuantity: m.countTooHigh(500) },
    });
    const full = await farmStock(farm);
    await addStock(farm, -(full - 100), 'Lent to the neighbours');
    const over = await json(farm, 'PUT', `/api/transmissions/${res.json().id}/acknowledge`, { actualQuantity: 101 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(m.notEnoughFarmStock(100));
    expect(await farmStock(farm)).toBe(100);
    await addStock(farm, full - 100, 'Back from the neighbours');
    const row = (await json(farm, 'GET', '/api/transmissions'))
      .json()
      .find((t: { id: number }) => t.id === res.json().id);
    expect(row.status).toBe('pending');
    await acknowledge(farm, res.json().id, 0);
    await expectLedgerOk();
  });
});

describe('PUT /api/transmissions/{id}/acknowledge', () => {
  it('no body means the sent quantity; the agent’s full crates grow', async () => {
    const a = await registerAgent(app);
    const t = await send(farm, a, 25);
    const res = await json(a, 'PUT', `/api/transmissions/${t.id}/acknowledge`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'acknowledged', actualQuantity: 25, isFlagged: false, difference: 0 });
    expect(await agentCrates(a)).toMatchObject({ fullCrates: 25 });
    const again = await json(a, 'PUT', `/api/transmissions/${t.id}/acknowledge`, { actualQuantity: 25 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyAcknowledged);
  });

  it('keeps and flags a count above the sent quantity (found crates: negative write-off)', async () => {
    const a = await registerAgent(app);
    const t = await send(farm, a, 10);
    const res = await acknowledge(a, t.id, 12);
    expect(res).toMatchObject({ actualQuantity: 12, isFlagged: true, difference: 2 });
    expect(await agentCrates(a)).toMatchObject({ fullCrates: 12 });
    await expectLedgerOk();
  });

  it('accepts {actualQuantity: null} as the sent quantity, refuses a numeric string', async () => {
    const t1 = await send(farm, agent, 3);
    expect(
      (await json(agent, 'PUT', `/api/transmissions/${t1.id}/acknowledge`, { actualQuantity: null })).json()
        .actualQuantity,
    ).toBe(3);
    const t2 = await send(farm, agent, 3);
    expect(
      (await json(agent, 'PUT', `/api/transmissions/${t2.id}/acknowledge`, { actualQuantity: '2' })).statusCode,
    ).toBe(400);
  });

  it('rejects an invalid count with the spec message and changes nothing', async () => {
    const t = await send(farm, agent, 5);
    for (const actualQuantity of [-1, 1.5, 'abc', true, 100_001, {}]) {
      const res = await json(agent, 'PUT', `/api/transmissions/${t.id}/acknowledge`, { actualQuantity });
      expect(res.statusCode, JSON.stringify(actualQuantity)).toBe(400);
      expect(res.json().message).toBe(m.invalidQuantity);
    }
    const arr = await json(agent, 'PUT', `/api/transmissions/${t.id}/acknowledge`, [1]);
    expect(arr.statusCode).toBe(400);
    await acknowledge(agent, t.id, 5);
  });

  it('only the addressed recipient (403), unknown ids (404), bad ids (400), signed out (401)', async () => {
    const t = await send(farm, agent, 2);
    const other = await json(otherAgent, 'PUT', `/api/transmissions/${t.id}/acknowledge`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(m.notRecipient);
    expect((await json(farm, 'PUT', `/api/transmissions/${t.id}/acknowledge`)).statusCode).toBe(403);
    const missing = await json(agent, 'PUT', '/api/transmissions/999999/acknowledge');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(m.transmissionNotFound);
    expect((await json(agent, 'PUT', '/api/transmissions/abc/acknowledge')).statusCode).toBe(400);
    expect((await json(agent, 'PUT', '/api/transmissions/99999999999/acknowledge')).statusCode).toBe(400);
    const anon = await app.inject({ method: 'PUT', url: `/api/transmissions/${t.id}/acknowledge` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe(messages.notSignedIn);
  });

  it('20 simultaneous acknowledgements: exactly one 200, the rest 409, crates booked once', async () => {
    const a = await registerAgent(app);
    const t = await send(farm, a, 40);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        json(a, 'PUT', `/api/transmissions/${t.id}/acknowledge`, { actualQuantity: 30 + (i % 16) }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect((await agentCrates(a)).fullCrates).toBe(winner.actualQuantity);
    await expectLedgerOk();
  });
});

describe('flagged differences', () => {
  it('lists open flags for the farm store and resolves one as an accepted loss', async () => {
    const t = await send(farm, agent, 20);
    await acknowledge(agent, t.id, 18);
    const flagged = await json(farm, 'GET', '/api/transmissions/flagged');
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json().map((x: { id: number }) => x.id)).toContain(t.id);
    const res = await json(farm, 'PUT', `/api/transmissions/${t.id}/resolve`, {
      note: 'Two crates broke on the truck',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isFlagged: true, resolutionNote: 'Two crates broke on the truck' });
    expect(res.json().resolvedAt).toBeTruthy();
    const open = (await json(farm, 'GET', '/api/transmissions/flagged')).json();
    expect(open.map((x: { id: number }) => x.id)).not.toContain(t.id);
    const all = (await json(farm, 'GET', '/api/transmissions/flagged?state=all')).json();
    expect(all.map((x: { id: number }) => x.id)).toContain(t.id);
    const again = await json(farm, 'PUT', `/api/transmissions/${t.id}/resolve`, { note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyResolved);
  });

  it('books crates found from the write-off account to where they should have arrived', async () => {
    const a = await registerAgent(app);
    const t = await send(farm, a, 20);
    await acknowledge(a, t.id, 15);
    const tooMany = await json(farm, 'PUT', `/api/transmissions/${t.id}/resolve`, { note: 'found', foundQuantity: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(m.foundTooMany(5));
    const res = await json(farm, 'PUT', `/api/transmissions/${t.id}/resolve`, {
      note: 'Found 3 behind the stall',
      foundQuantity: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(await agentCrates(a)).toMatchObject({ fullCrates: 18 });
    await expectLedgerOk();
  });

  it('refuses found crates for an over-count, unflagged and unknown transmissions, missing notes, other roles', async () => {
    const over = await send(farm, agent, 5);
    await acknowledge(agent, over.id, 6);
    const found = await json(farm, 'PUT', `/api/transmissions/${over.id}/resolve`, { note: 'x', foundQuantity: 1 });
    expect(found.statusCode).toBe(400);
    expect(found.json().message).toBe(m.foundOnlyForShortfall);
    const exact = await send(farm, agent, 5);
    await acknowledge(agent, exact.id);
    const notFlagged = await json(farm, 'PUT', `/api/transmissions/${exact.id}/resolve`, { note: 'x' });
    expect(notFlagged.statusCode).toBe(409);
    expect(notFlagged.json().message).toBe(m.notFlagged);
    expect((await json(farm, 'PUT', '/api/transmissions/999999/resolve', { note: 'x' })).statusCode).toBe(404);
    const noNote = await json(farm, 'PUT', `/api/transmissions/${over.id}/resolve`, { note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(m.noteRequired);
    expect((await json(agent, 'PUT', `/api/transmissions/${over.id}/resolve`, { note: 'x' })).statusCode).toBe(403);
    expect((await json(agent, 'GET', '/api/transmissions/flagged')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/transmissions/flagged' })).statusCode).toBe(401);
  });
});

describe('GET /api/transmissions, /recent, /pending-count', () => {
  it('farm store sees all newest first; agents only their own; paging with limit and before', async () => {
    const all = (await json(farm, 'GET', '/api/transmissions?limit=500')).json() as {
      id: number;
      fromUserId: number;
      toUserId: number;
    }[];
    expect(all.length).toBeGreaterThan(5);
    expect(all.map((t) => t.id)).toEqual([...all.map((t) => t.id)].sort((x, y) => y - x));
    const mine = (await json(otherAgent, 'GET', '/api/transmissions')).json() as typeof all;
    expect(mine.every((t) => t.fromUserId === otherAgent.user.id || t.toUserId === otherAgent.user.id)).toBe(true);
    const page1 = (await json(farm, 'GET', '/api/transmissions?limit=2')).json() as typeof all;
    expect(page1).toHaveLength(2);
    const page2 = (await json(farm, 'GET', `/api/transmissions?limit=2&before=${page1[1].id}`)).json() as typeof all;
    expect(page2[0].id).toBeLessThan(page1[1].id);
    const supplierView = (await json(supplier, 'GET', '/api/transmissions')).json() as typeof all;
    expect(supplierView.every((t) => t.fromUserId === supplier.user.id || t.toUserId === supplier.user.id)).toBe(true);
  });

  it("an agent's pages hold exactly its deliveries and returns, interleaved newest first", async () => {
    const a = await registerAgent(app);
    await enterOpeningBalance(farm, a, { fullCrates: 0, emptyCrates: 20 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await send(farm, a, 1)).id);
      await send(farm, otherAgent, 1);
      const back = await json(a, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 1 });
      expect(back.statusCode).toBe(201);
      ids.push(back.json().id);
    }
    const expected = ids.sort((x, y) => y - x);
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const url = `/api/transmissions?limit=2${before ? `&before=${before}` : ''}`;
      const page = (await json(a, 'GET', url)).json() as { id: number }[];
      if (page.length === 0) break;
      seen.push(...page.map((t) => t.id));
      before = page[page.length - 1].id;
    }
    expect(seen).toEqual(expected);
  });

  it('bounds the list: limit 1–500 (400 otherwise), recent defaults to 50', async () => {
    for (const q of ['limit=0', 'limit=501', 'limit=abc', 'before=-1', 'before=99999999999']) {
      expect((await json(farm, 'GET', `/api/transmissions?${q}`)).statusCode, q).toBe(400);
    }
    const recent = await json(farm, 'GET', '/api/transmissions/recent?limit=3');
    expect(recent.statusCode).toBe(200);
    expect(recent.json()).toHaveLength(3);
    expect((await json(farm, 'GET', '/api/transmissions/recent')).json().length).toBeLessThanOrEqual(50);
  });

  it('counts pending transmissions addressed to the caller', async () => {
    const a = await registerAgent(app);
    expect((await json(a, 'GET', '/api/transmissions/pending-count')).json()).toEqual({ count: 0 });
    const t = await send(farm, a, 1);
    await send(farm, a, 1);
    expect((await json(a, 'GET', '/api/transmissions/pending-count')).json()).toEqual({ count: 2 });
    await acknowledge(a, t.id);
    expect((await json(a, 'GET', '/api/transmissions/pending-count')).json()).toEqual({ count: 1 });
  });

  it("/action-counts splits what waits for the caller: deliveries, crate requests, flagged counts (farm store's)", async () => {
    const counts = async (who: typeof farm) => (await json(who, 'GET', '/api/transmissions/action-counts')).json();
    const pending = async (who: typeof farm) =>
      (await json(who, 'GET', '/api/transmissions/pending-count')).json().count;
    const a = await registerAgent(app);
    const s = await registerApprovedSupplier(app);
    expect(await counts(a)).toEqual({ deliveries: 0, crateRequests: 0, flaggedCounts: 0 });
    const before = await counts(farm);
    // Two deliveries to the agent, one counted short (a flag for the farm store); a return and a crate
    // request for the farm store.
    const short = await send(farm, a, 10);
    await send(farm, a, 5);
    expect(await counts(a)).toEqual({ deliveries: 2, crateRequests: 0, flaggedCounts: 0 });
    await acknowledge(a, short.id, 8);
    await enterOpeningBalance(farm, a, { emptyCrates: 3 });
    expect((await json(a, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 3 })).statusCode).toBe(201);
    const request = await json(s, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 4 });
    expect(request.statusCode).toBe(201);
    // The agent resolves nothing: its flagged figure stays 0; its deliveries are its pending-count.
    expect(await counts(a)).toEqual({ deliveries: 1, crateRequests: 0, flaggedCounts: 0 });
    expect(await pending(a)).toBe(1);
    const now = await counts(farm);
    expect(now).toEqual({
      deliveries: before.deliveries + 1,
      crateRequests: before.crateRequests + 1,
      flaggedCounts: before.flaggedCounts + 1,
    });
    // Both farm store users see the same; the spec's pending-count stays deliveries + crate requests.
    expect(await counts(farm2)).toEqual(now);
    expect(await pending(farm)).toBe(now.deliveries + now.crateRequests);
    expect(await counts(s)).toEqual({ deliveries: 0, crateRequests: 0, flaggedCounts: 0 });
    // Resolving the flag and fulfilling the request take them off.
    const resolved = await json(farm, 'PUT', `/api/transmissions/${short.id}/resolve`, {
      note: 'Two left at the gate',
    });
    expect(resolved.statusCode).toBe(200);
    await acknowledge(farm, request.json().id, 4);
    expect(await counts(farm)).toEqual({
      ...now,
      crateRequests: now.crateRequests - 1,
      flaggedCounts: now.flaggedCounts - 1,
    });
    expect((await app.inject({ method: 'GET', url: '/api/transmissions/action-counts' })).statusCode).toBe(401);
  });

  it('lists the pending transmissions addressed to the caller, however old, oldest beyond the page via before', async () => {
    const a = await registerAgent(app);
    const first = await send(farm, a, 2);
    const second = await send(farm, a, 3);
    await send(farm, otherAgent, 1);
    const done = await send(farm, a, 4);
    await acknowledge(a, done.id);
    const incoming = await json(a, 'GET', '/api/transmissions/incoming');
    expect(incoming.statusCode).toBe(200);
    expect(incoming.json().map((t: { id: number }) => t.id)).toEqual([second.id, first.id]);
    const page = await json(a, 'GET', `/api/transmissions/incoming?limit=1&before=${second.id}`);
    expect(page.json().map((t: { id: number }) => t.id)).toEqual([first.id]);
    // The farm store's incoming list holds only what is addressed to the farm store role.
    const farmIncoming = (await json(farm, 'GET', '/api/transmissions/incoming')).json() as {
      toUserId: number | null;
    }[];
    expect(farmIncoming.length).toBeGreaterThan(0);
    expect(farmIncoming.every((t) => t.toUserId === null)).toBe(true);
    expect((await json(a, 'GET', '/api/transmissions/incoming?limit=0')).statusCode).toBe(400);
  });

  it('401 when signed out', async () => {
    for (const url of [
      '/api/transmissions',
      '/api/transmissions/recent',
      '/api/transmissions/pending-count',
      '/api/transmissions/incoming',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const post = await app.inject({ method: 'POST', url: '/api/transmissions', payload: { type: 'x' } });
    expect(post.statusCode).toBe(401);
  });

  it('leaves the ledger consistent after everything above', expectLedgerOk);
});

describe('acknowledge with an empty JSON body', () => {
  it('treats Content-Type: application/json with no body as the sent quantity', async () => {
    const t = await send(farm, agent, 4);
    const res = await agent.inject({
      method: 'PUT',
      url: `/api/transmissions/${t.id}/acknowledge`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().actualQuantity).toBe(4);
  });
});
