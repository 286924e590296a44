import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { addStock, agentCrates, farmStock, json, registerAgent } from '../../../../tests/support/transmissions.ts';
import { stockMessages } from '../../../shared/transmissions.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import { holders, inLedgerTransaction, moveCrates } from './ledger.ts';

const { app, farm, agents, supplier } = await testFarm({ agents: [{}], supplier: 'registered' });
const [agent] = agents;

const expectLedgerOk = async () => expect(await checkLedgerInvariant(app.db)).toEqual({ ok: true, problems: [] });

describe('POST /api/farm-store/stock-adjustments', () => {
  it('buys crates and writes damaged ones off, with a reason, and lists them newest first', async () => {
    const bought = await json(farm, 'POST', '/api/farm-store/stock-adjustments', {
      quantity: 500,
      reason: ' Opening stock ',
    });
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toMatchObject({
      stock: 500,
      entry: {
        kind: 'stock_adjustment',
        quantity: 500,
        holder: 'farm',
        reason: 'Opening stock',
        createdByName: farm.user.name,
      },
    });
    const off = await json(farm, 'POST', '/api/farm-store/stock-adjustments', {
      quantity: -20,
      reason: 'Cracked in the sun',
    });
    expect(off.statusCode).toBe(201);
    expect(off.json().stock).toBe(480);
    expect(off.json().entry.quantity).toBe(-20);
    const list = await json(farm, 'GET', '/api/farm-store/stock-adjustments');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { quantity: number }) => e.quantity)).toEqual([-20, 500]);
    const page = await json(farm, 'GET', `/api/farm-store/stock-adjustments?limit=1&before=${list.json()[0].id}`);
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].quantity).toBe(500);
    await expectLedgerOk();
  });

  it('never goes below zero (409) and changes nothing', async () => {
    const stock = await farmStock(farm);
    const res = await json(farm, 'POST', '/api/farm-store/stock-adjustments', {
      quantity: -(stock + 1),
      reason: 'Too many',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(stockMessages.belowZero(stock));
    expect(await farmStock(farm)).toBe(stock);
  });

  it('validates quantity and reason (400)', async () => {
    const cases: [unknown, string][] = [
      [{ quantity: 0, reason: 'x' }, stockMessages.quantityNonZero],
      [{ quantity: 1.5, reason: 'x' }, stockMessages.quantityNonZero],
      [{ reason: 'x' }, stockMessages.quantityRequired],
      [{ quantity: 5 }, stockMessages.reasonRequired],
      [{ quantity: 5, reason: '   ' }, stockMessages.reasonRequired],
      [{ quantity: 5_000_000, reason: 'x' }, stockMessages.quantityNonZero],
    ];
    for (const [payload, message] of cases) {
      const res = await json(farm, 'POST', '/api/farm-store/stock-adjustments', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('is the farm store’s alone (401, 403)', async () => {
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/farm-store/stock-adjustments',
          payload: { quantity: 1, reason: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await json(agent, 'POST', '/api/farm-store/stock-adjustments', { quantity: 1, reason: 'x' })).statusCode,
    ).toBe(403);
    expect((await json(supplier, 'GET', '/api/farm-store/stock-adjustments')).statusCode).toBe(403);
  });
});

describe('POST /api/farm-store/opening-balances', () => {
  it('enters an agent’s full and empty crates once', async () => {
    const a = await registerAgent(app);
    const res = await json(farm, 'POST', '/api/farm-store/opening-balances', {
      marketAgentId: a.marketAgentId,
      fullCrates: 30,
      emptyCrates: 12,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ marketAgentId: a.marketAgentId, fullCrates: 30, emptyCrates: 12 });
    expect(res.json().entries).toHaveLength(2);
    expect(res.json().entries[0]).toMatchObject({
      kind: 'opening_balance',
      marketAgentId: a.marketAgentId,
      agentName: a.user.name,
    });
    expect(await agentCrates(a)).toMatchObject({ fullCrates: 30, emptyCrates: 12, totalCrates: 42 });
    const twice = await json(farm, 'POST', '/api/farm-store/opening-balances', {
      marketAgentId: a.marketAgentId,
      fullCrates: 1,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(stockMessages.openingBalanceTwice);
    await expectLedgerOk();
  });

  it('validates (400), needs a known agent (404) and the farm store (403)', async () => {
    const empty = await json(farm, 'POST', '/api/farm-store/opening-balances', { marketAgentId: agent.marketAgentId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(stockMessages.openingBalanceEmpty);
    expect(
      (
        await json(farm, 'POST', '/api/farm-store/opening-balances', {
          marketAgentId: agent.marketAgentId,
          fullCrates: -1,
        })
      ).statusCode,
    ).toBe(400);
    expect((await json(farm, 'POST', '/api/farm-store/opening-balances', { fullCrates: 1 })).statusCode).toBe(400);
    const unknown = await json(farm, 'POST', '/api/farm-store/opening-balances', {
      marketAgentId: 999999,
      fullCrates: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (
        await json(agent, 'POST', '/api/farm-store/opening-balances', {
          marketAgentId: agent.marketAgentId,
          fullCrates: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/farm-store/me', () => {
  it('gives the farm store user, stock, flagged and pending counts', async () => {
    const res = await json(farm, 'GET', '/api/farm-store/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: farm.user.id, email: farm.user.email, role: 'farm_store' },
      stock: await farmStock(farm),
      flaggedCount: 0,
      pendingCount: 0,
    });
    expect(res.body.replaceAll('"mustChangePassword"', '')).not.toMatch(/password|hash/i);
    expect((await json(agent, 'GET', '/api/farm-store/me')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/farm-store/me' })).statusCode).toBe(401);
  });
});

describe('the ledger service', () => {
  it('moves crates between holders and refuses to take a holder below zero', async () => {
    await addStock(farm, 10);
    const stock = await farmStock(farm);
    await expect(
      inLedgerTransaction(app.db, (tx) =>
        moveCrates(tx, { from: holders.farm, to: holders.transit, quantity: stock + 1, kind: 'dispatch' }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await farmStock(farm)).toBe(stock);
    await expect(
      inLedgerTransaction(app.db, (tx) =>
        moveCrates(tx, { from: holders.farm, to: holders.farm, quantity: 1, kind: 'dispatch' }),
      ),
    ).rejects.toThrow(/same holder/);
    await expect(
      inLedgerTransaction(app.db, (tx) =>
        moveCrates(tx, { from: holders.farm, to: holders.writeoff, quantity: 0, kind: 'dispatch' }),
      ),
    ).rejects.toThrow(/positive integer/);
    await expectLedgerOk();
  });

  it('the invariant check notices a balance that disagrees with the movements', async () => {
    await app.db
      .transaction(async (tx) => {
        // Balances are not append-only: a bug could still drift one away from its movements.
        await tx.execute(sql`update crate_balances set balance = balance + 1 where holder = ${holders.farm}`);
        const report = await checkLedgerInvariant(tx);
        expect(report.ok).toBe(false);
        expect(report.problems.join('\n')).toMatch(/farm: balance/);
        tx.rollback();
      })
      .catch((err) => {
        if (!String(err?.message ?? err).includes('Rollback')) throw err;
      });
    await expectLedgerOk();
  });
});
