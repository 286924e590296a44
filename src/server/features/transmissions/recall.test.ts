// Recall (docs/decisions/012): the sender takes back a still-pending transmission and its crates go
// back where they came from; the farm store recalls for the farm, and anything addressed to a user
// who has since been removed, so no crates are stranded in transit.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import {
  acknowledge,
  farmStock,
  farmWithAgents,
  json,
  registerAgent,
  send,
} from '../../../../tests/support/transmissions.ts';
import { transmissionMessages as m } from '../../../shared/transmissions.ts';
import { agentBalance, totalsByKind } from '../crates/balances.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const app = await buildTestApp();
const { farm, farm2, agent, otherAgent, supplier } = await farmWithAgents(app, 500);
await json(farm, 'POST', '/api/farm-store/opening-balances', { marketAgentId: agent.marketAgentId, emptyCrates: 40 });

const recall = (who: Account, id: number) => json(who, 'PUT', `/api/transmissions/${id}/recall`);
const pendingCount = async (who: Account) => (await json(who, 'GET', '/api/transmissions/pending-count')).json().count;
const incomingIds = async (who: Account) =>
  (await json(who, 'GET', '/api/transmissions/incoming')).json().map((t: { id: number }) => t.id);
const expectLedgerOk = async () => expect(await checkLedgerInvariant(app.db)).toEqual({ ok: true, problems: [] });

describe('PUT /api/transmissions/{id}/recall', () => {
  it('a delivery: crates go from transit back to farm stock, the agent no longer has it waiting', async () => {
    const stock = await farmStock(farm);
    const t = await send(farm, agent, 30);
    expect(await farmStock(farm)).toBe(stock - 30);
    expect(await pendingCount(agent)).toBe(1);
    const inTransit = (await totalsByKind(app.db)).inTransit;

    const res = await recall(farm, t.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: t.id, status: 'recalled', actualQuantity: null, difference: null });
    expect(res.json().recalledAt).toBeTruthy();
    expect(await farmStock(farm)).toBe(stock);
    expect((await totalsByKind(app.db)).inTransit).toBe(inTransit - 30);
    expect(await pendingCount(agent)).toBe(0);
    expect(await incomingIds(agent)).not.toContain(t.id);
    // Gone for good: neither acknowledged nor recalled again.
    const late = await json(agent, 'PUT', `/api/transmissions/${t.id}/acknowledge`);
    expect(late.statusCode).toBe(409);
    expect((await recall(farm, t.id)).statusCode).toBe(409);
    expect((await recall(farm, t.id)).json().message).toBe(m.notPending);
    // The history keeps it, marked recalled.
    const listed = (await json(agent, 'GET', '/api/transmissions')).json().find((r: { id: number }) => r.id === t.id);
    expect(listed.status).toBe('recalled');
    await expectLedgerOk();
  });

  it('what one farm store user sent, another may recall; an agent may not', async () => {
    const t = await send(farm, agent, 5);
    const byAgent = await recall(agent, t.id);
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json().message).toBe(m.notSender);
    expect((await recall(supplier, t.id)).statusCode).toBe(403);
    expect((await recall(farm2, t.id)).json()).toMatchObject({ status: 'recalled' });
    await expectLedgerOk();
  });

  it('an agent’s return: its empties come back, and the badge drops for every farm store user', async () => {
    const before = [await pendingCount(farm), await pendingCount(farm2)];
    const empties = (await agentBalance(app.db, agent.marketAgentId)).emptyCrates;
    const back = await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 12 });
    expect(back.statusCode).toBe(201);
    const id = back.json().id;
    expect(await pendingCount(farm)).toBe(before[0] + 1);
    expect(await pendingCount(farm2)).toBe(before[1] + 1);
    expect((await json(farm2, 'GET', '/api/farm-store/me')).json().pendingCount).toBe(before[1] + 1);
    expect((await agentBalance(app.db, agent.marketAgentId)).emptyCrates).toBe(empties - 12);

    // The farm store acknowledges an agent's return rather than recalling it; another agent can't either.
    expect((await recall(farm, id)).statusCode).toBe(403);
    expect((await recall(otherAgent, id)).statusCode).toBe(403);
    const res = await recall(agent, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('recalled');
    expect((await agentBalance(app.db, agent.marketAgentId)).emptyCrates).toBe(empties);
    for (const [i, who] of [farm, farm2].entries()) {
      expect(await pendingCount(who)).toBe(before[i]);
      expect(await incomingIds(who)).not.toContain(id);
      expect((await json(who, 'GET', '/api/dashboard')).json().pendingCount).toBe(before[i]);
    }
    expect((await json(farm, 'PUT', `/api/transmissions/${id}/acknowledge`)).statusCode).toBe(409);
    await expectLedgerOk();
  });

  it('a supplier withdraws its crate request (no crates had moved)', async () => {
    const stock = await farmStock(farm);
    const req = (await json(supplier, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 7 })).json();
    const before = await pendingCount(farm2);
    expect((await recall(farm, req.id)).statusCode).toBe(403);
    expect((await recall(supplier, req.id)).json()).toMatchObject({ status: 'recalled' });
    expect(await pendingCount(farm2)).toBe(before - 1);
    expect(await farmStock(farm)).toBe(stock);
    const dash = (await json(supplier, 'GET', '/api/dashboard')).json();
    expect(dash).toMatchObject({ crates: 0, pendingRequests: 0 });
    await expectLedgerOk();
  });

  it('crates sent to a user who is later removed are never stranded: the farm store recalls them', async () => {
    const leaving = await registerAgent(app);
    const stock = await farmStock(farm);
    const t = await send(farm, leaving, 9);
    // Removing a user deactivates it (DESIGN §7); the user-management issue adds the screen.
    await app.db.execute(sql`update users set is_active = false where id = ${leaving.user.id}`);
    const res = await recall(farm2, t.id);
    expect(res.statusCode).toBe(200);
    expect(await farmStock(farm)).toBe(stock);
    await expectLedgerOk();
  });

  it('a recall and an acknowledgement at once: exactly one wins, crates are booked once', async () => {
    const stock = await farmStock(farm);
    const t = await send(farm, otherAgent, 6);
    const [r, a] = await Promise.all([
      recall(farm, t.id),
      json(otherAgent, 'PUT', `/api/transmissions/${t.id}/acknowledge`),
    ]);
    expect([r.statusCode, a.statusCode].sort()).toEqual([200, 409]);
    const full = (await agentBalance(app.db, otherAgent.marketAgentId)).fullCrates;
    if (r.statusCode === 200) expect(await farmStock(farm)).toBe(stock);
    else expect(full).toBeGreaterThanOrEqual(6);
    await expectLedgerOk();
  });

  it('refuses an acknowledged transmission (409), unknown (404) and bad ids (400), signed out (401)', async () => {
    const t = await send(farm, agent, 2);
    await acknowledge(agent, t.id);
    const done = await recall(farm, t.id);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(m.notPending);
    expect((await recall(farm, 999_999)).statusCode).toBe(404);
    expect((await recall(farm, 'abc' as unknown as number)).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: `/api/transmissions/${t.id}/recall` })).statusCode).toBe(401);
  });
});
