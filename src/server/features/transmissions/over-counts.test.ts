// Over-counts (docs/decisions/013): a count is bounded above the sent quantity, and the farm store's
// resolution of a flagged count corrects the booking on the ledger: crates found, or an over-count
// reversed back to the write-off account, always with the note.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { acknowledge, farmStock, json, registerAgent, send } from '../../../../tests/support/transmissions.ts';
import { transmissionMessages as m, maxCountFor } from '../../../shared/transmissions.ts';
import { billingLines, clients, transmissions } from '../../db/schema/index.ts';
import { agentBalance, totalsByKind } from '../crates/balances.ts';
import { holders, inLedgerTransaction, moveCrates } from '../crates/ledger.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const { app, farm, agents } = await testFarm({ stock: 1000, agents: [{}] });
const [agent] = agents;

const resolve = (id: number, body: object) => json(farm, 'PUT', `/api/transmissions/${id}/resolve`, body);
const expectLedgerOk = async () => expect(await checkLedgerInvariant(app.db)).toEqual({ ok: true, problems: [] });

describe('the bound on a count', () => {
  it('is the sent quantity plus 10%, at least 5 more', () => {
    expect(maxCountFor(1)).toBe(6);
    expect(maxCountFor(10)).toBe(15);
    expect(maxCountFor(50)).toBe(55);
    expect(maxCountFor(51)).toBe(57);
    expect(maxCountFor(400)).toBe(440);
  });

  it('refuses a count above it with a field message (400) and changes nothing', async () => {
    const a = await registerAgent(app);
    const t = await send(farm, a, 1);
    const writtenOff = (await totalsByKind(app.db)).writtenOff;
    for (const actualQuantity of [7, 99_999, 100_000]) {
      const res = await json(a, 'PUT', `/api/transmissions/${t.id}/acknowledge`, { actualQuantity });
      expect(res.statusCode, String(actualQuantity)).toBe(400);
      expect(res.json()).toEqual({ message: m.countTooHigh(6), errors: { actualQuantity: m.countTooHigh(6) } });
    }
    expect(await agentBalance(app.db, a.marketAgentId)).toEqual({ fullCrates: 0, emptyCrates: 0 });
    expect((await totalsByKind(app.db)).writtenOff).toBe(writtenOff);
    expect(await acknowledge(a, t.id, 6)).toMatchObject({ actualQuantity: 6, isFlagged: true, difference: 5 });
    expect((await agentBalance(app.db, a.marketAgentId)).fullCrates).toBe(6);
    await expectLedgerOk();
  });

  it('holds for the farm store counting a return too', async () => {
    await json(farm, 'POST', '/api/farm-store/opening-balances', {
      marketAgentId: agent.marketAgentId,
      emptyCrates: 100,
    });
    const back = (await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 50 })).json();
    const res = await json(farm, 'PUT', `/api/transmissions/${back.id}/acknowledge`, { actualQuantity: 56 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.countTooHigh(55));
    await acknowledge(farm, back.id, 50);
  });

  it('holds for a farm collection the agent confirms: 400, nothing moves or is billed', async () => {
    const a = await registerAgent(app);
    await json(farm, 'POST', '/api/farm-store/opening-balances', { marketAgentId: a.marketAgentId, emptyCrates: 40 });
    const res = await json(farm, 'POST', '/api/transmissions', {
      type: 'market_to_farm',
      marketAgentId: a.marketAgentId,
      toUserId: a.user.id,
      quantity: 20,
    });
    expect(res.statusCode, res.body).toBe(201);
    const collection = res.json();
    expect(collection).toMatchObject({ fromUserId: farm.user.id, toUserId: a.user.id, type: 'market_to_farm' });
    const stock = await farmStock(farm);
    const writtenOff = (await totalsByKind(app.db)).writtenOff;
    const max = maxCountFor(20); // 25
    for (const actualQuantity of [max + 1, 1000, 100_000]) {
      const over = await json(a, 'PUT', `/api/transmissions/${collection.id}/acknowledge`, { actualQuantity });
      expect(over.statusCode, String(actualQuantity)).toBe(400);
      expect(over.json()).toEqual({ message: m.countTooHigh(max), errors: { actualQuantity: m.countTooHigh(max) } });
    }
    // Nothing changed: still pending, the crates still in transit, no billing line for it.
    const [row] = await app.db.select().from(transmissions).where(eq(transmissions.id, collection.id));
    expect(row).toMatchObject({ status: 'pending', actualQuantity: null });
    expect(await agentBalance(app.db, a.marketAgentId)).toEqual({ fullCrates: 0, emptyCrates: 20 });
    expect(await farmStock(farm)).toBe(stock);
    expect((await totalsByKind(app.db)).writtenOff).toBe(writtenOff);
    expect(await app.db.select().from(billingLines).where(eq(billingLines.transmissionId, collection.id))).toEqual([]);

    // At the bound it is accepted and flagged, like a delivery's over-count, and billed as counted.
    expect(await acknowledge(a, collection.id, max)).toMatchObject({
      actualQuantity: max,
      isFlagged: true,
      difference: 5,
    });
    expect(await farmStock(farm)).toBe(stock + max);
    const lines = await app.db.select().from(billingLines).where(eq(billingLines.transmissionId, collection.id));
    expect(lines.map((l) => l.crates)).toEqual([max]);
    await expectLedgerOk();
  });
});

describe('resolving an over-count', () => {
  it('reverses the crates counted over: back from the agent to the write-off account, with the note', async () => {
    const a = await registerAgent(app);
    const t = await send(farm, a, 10);
    const writtenOff = (await totalsByKind(app.db)).writtenOff;
    await acknowledge(a, t.id, 15);
    expect((await totalsByKind(app.db)).writtenOff).toBe(writtenOff - 5);

    const tooMany = await resolve(t.id, { note: 'Miscounted', reverseQuantity: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      message: m.reverseTooMany(5),
      errors: { reverseQuantity: m.reverseTooMany(5) },
    });
    const found = await resolve(t.id, { note: 'Miscounted', foundQuantity: 1 });
    expect(found.statusCode).toBe(400);
    expect(found.json().message).toBe(m.foundOnlyForShortfall);
    const both = await resolve(t.id, { note: 'Miscounted', foundQuantity: 1, reverseQuantity: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(m.foundAndReverse);
    expect((await resolve(t.id, { reverseQuantity: 5 })).statusCode).toBe(400);
    expect(
      (await json(a, 'PUT', `/api/transmissions/${t.id}/resolve`, { note: 'x', reverseQuantity: 5 })).statusCode,
    ).toBe(403);
    expect((await agentBalance(app.db, a.marketAgentId)).fullCrates).toBe(15);

    const res = await resolve(t.id, { note: 'Agent typed 15 for 10', reverseQuantity: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resolutionNote: 'Agent typed 15 for 10', isFlagged: true });
    expect(res.json().resolvedAt).toBeTruthy();
    expect((await agentBalance(app.db, a.marketAgentId)).fullCrates).toBe(10);
    expect((await totalsByKind(app.db)).writtenOff).toBe(writtenOff);
    expect((await resolve(t.id, { note: 'again', reverseQuantity: 1 })).statusCode).toBe(409);
    await expectLedgerOk();
  });

  it('may reverse part and accept the rest, or accept it all as found crates', async () => {
    const a = await registerAgent(app);
    const t1 = await send(farm, a, 20);
    await acknowledge(a, t1.id, 24);
    await resolve(t1.id, { note: 'Two were ours, two were the neighbour’s', reverseQuantity: 2 });
    expect((await agentBalance(app.db, a.marketAgentId)).fullCrates).toBe(22);
    const t2 = await send(farm, a, 20);
    await acknowledge(a, t2.id, 21);
    expect((await resolve(t2.id, { note: 'Found one in the truck' })).statusCode).toBe(200);
    expect((await agentBalance(app.db, a.marketAgentId)).fullCrates).toBe(43);
    await expectLedgerOk();
  });

  it('reverses a return the farm store over-counted out of farm stock', async () => {
    const back = (await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 20 })).json();
    const stock = await farmStock(farm);
    await acknowledge(farm, back.id, 23);
    expect(await farmStock(farm)).toBe(stock + 23);
    await resolve(back.id, { note: 'Counted the pallet twice', reverseQuantity: 3 });
    expect(await farmStock(farm)).toBe(stock + 20);
    await expectLedgerOk();
  });

  it('cannot reverse crates the agent no longer holds (409, nothing changes)', async () => {
    const a = await registerAgent(app);
    const t = await send(farm, a, 10);
    await acknowledge(a, t.id, 14);
    // Clients issue: lent out through the API. Until then, through the ledger service.
    const [{ id: c7 }] = await app.db
      .insert(clients)
      .values({ marketAgentId: a.marketAgentId, businessName: 'Test', clientName: 'Test', contactNumber: '0820000000' })
      .returning({ id: clients.id });
    await inLedgerTransaction(app.db, (tx) =>
      moveCrates(tx, { from: holders.agentFull(a.marketAgentId), to: holders.client(c7), quantity: 12, kind: 'lend' }),
    );
    const res = await resolve(t.id, { note: 'Miscounted', reverseQuantity: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.reverseNotHeld(2));
    const open = (await json(farm, 'GET', '/api/transmissions/flagged')).json().map((r: { id: number }) => r.id);
    expect(open).toContain(t.id);
    expect((await resolve(t.id, { note: 'Two of them', reverseQuantity: 2 })).statusCode).toBe(200);
    await inLedgerTransaction(app.db, (tx) =>
      moveCrates(tx, {
        from: holders.client(c7),
        to: holders.agentEmpty(a.marketAgentId),
        quantity: 12,
        kind: 'client_return',
      }),
    );
    await expectLedgerOk();
  });

  it('refuses a reversal for a count below the sent quantity', async () => {
    const a = await registerAgent(app);
    const t = await send(farm, a, 10);
    await acknowledge(a, t.id, 8);
    const res = await resolve(t.id, { note: 'x', reverseQuantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.reverseOnlyForOverCount);
  });
});
