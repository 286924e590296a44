// What every answer says a caller may do with a transmission is what the server then does:
// canAcknowledge, canRecall and canResolve are true exactly when the action succeeds.
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { acknowledge, farmWithAgents, json, registerAgent, send } from '../../../../tests/support/transmissions.ts';

const app = await buildTestApp();
const { farm, farm2, agent, otherAgent, supplier } = await farmWithAgents(app, 500);
await json(farm, 'POST', '/api/farm-store/opening-balances', { marketAgentId: agent.marketAgentId, emptyCrates: 40 });

type Action = 'acknowledge' | 'recall' | 'resolve';
const field = { acknowledge: 'canAcknowledge', recall: 'canRecall', resolve: 'canResolve' } as const;

/** The transmission as this caller's history lists it (undefined when it isn't theirs to see). */
async function listed(who: Account, id: number): Promise<Record<string, unknown> | undefined> {
  const res = await json(who, 'GET', '/api/transmissions?limit=500');
  expect(res.statusCode).toBe(200);
  return res.json().find((t: { id: number }) => t.id === id);
}

/** What the caller is told about one action. */
async function stated(who: Account, id: number, action: Action): Promise<boolean> {
  return ((await listed(who, id))?.[field[action]] as boolean | undefined) ?? false;
}

const attempt = (who: Account, id: number, action: Action) =>
  json(who, 'PUT', `/api/transmissions/${id}/${action}`, action === 'resolve' ? { note: 'Checked' } : undefined);

/** Asserts the stated capability, then that the server agrees by trying it. */
async function expectAgreement(who: Account, id: number, action: Action, expected: boolean) {
  expect(await stated(who, id, action)).toBe(expected);
  const res = await attempt(who, id, action);
  if (expected) expect(res.statusCode).toBe(200);
  else expect([403, 404, 409]).toContain(res.statusCode);
}

describe('canAcknowledge / canRecall / canResolve on transmissions', () => {
  it('a pending delivery: the agent may acknowledge, the farm store (any of its users) may recall', async () => {
    const t = await send(farm, agent, 10);
    const row = await listed(agent, t.id);
    expect(row).toMatchObject({ canAcknowledge: true, canRecall: false, canResolve: false });
    expect(await listed(otherAgent, t.id)).toBeUndefined();
    await expectAgreement(agent, t.id, 'recall', false);
    await expectAgreement(farm, t.id, 'acknowledge', false);
    await expectAgreement(supplier, t.id, 'recall', false);
    await expectAgreement(farm2, t.id, 'recall', true);
    // Recalled: nobody may do anything with it any more.
    for (const who of [farm, farm2, agent]) {
      expect(await listed(who, t.id)).toMatchObject({ canAcknowledge: false, canRecall: false, canResolve: false });
    }
    await expectAgreement(agent, t.id, 'acknowledge', false);
    await expectAgreement(farm, t.id, 'recall', false);
  });

  it('after acknowledgement: no recall; a flagged count is the farm store’s to resolve, once', async () => {
    const t = await send(farm, agent, 10);
    await expectAgreement(agent, t.id, 'acknowledge', true);
    expect(await listed(farm, t.id)).toMatchObject({ canAcknowledge: false, canRecall: false, canResolve: false });
    await expectAgreement(farm, t.id, 'recall', false);
    await expectAgreement(farm, t.id, 'resolve', false); // counted right: nothing to resolve

    const short = await send(farm, agent, 10);
    await acknowledge(agent, short.id, 8);
    await expectAgreement(agent, short.id, 'resolve', false);
    await expectAgreement(farm, short.id, 'resolve', true);
    await expectAgreement(farm2, short.id, 'resolve', false);
  });

  it('an agent’s return: the agent may recall it, the farm store acknowledges it', async () => {
    const res = await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 5 });
    expect(res.statusCode).toBe(201);
    // The answer to the action states it too.
    expect(res.json()).toMatchObject({ canRecall: true, canAcknowledge: false });
    const id = res.json().id;
    await expectAgreement(farm, id, 'recall', false);
    expect(await stated(farm, id, 'acknowledge')).toBe(true);
    expect((await json(farm, 'GET', '/api/transmissions/incoming')).json()).toContainEqual(
      expect.objectContaining({ id, canAcknowledge: true }),
    );
    await expectAgreement(agent, id, 'acknowledge', false);
    await expectAgreement(farm, id, 'acknowledge', true);
    await expectAgreement(agent, id, 'recall', false);
  });

  it('a supplier’s crate request: the supplier may withdraw it, the farm store fulfils it', async () => {
    const res = await json(supplier, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 4 });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    await expectAgreement(supplier, id, 'acknowledge', false);
    await expectAgreement(farm, id, 'recall', false);
    const requests = (await json(farm, 'GET', '/api/suppliers/crate-requests?status=pending')).json();
    expect(requests).toContainEqual(expect.objectContaining({ id, canFulfil: true }));
    const own = (await json(supplier, 'GET', '/api/suppliers/crate-requests')).json();
    expect(own).toContainEqual(expect.objectContaining({ id, canFulfil: false }));
    await expectAgreement(farm, id, 'acknowledge', true);

    const second = (
      await json(supplier, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 2 })
    ).json();
    await expectAgreement(supplier, second.id, 'recall', true);
  });

  it('to a removed agent: the farm store may still recall it, the flagged list states canResolve', async () => {
    const leaving = await registerAgent(app, { marketLocation: 'Other' });
    const t = await send(farm, leaving, 3);
    const removed = await farm.inject({ method: 'DELETE', url: `/api/admin/users/${leaving.user.id}` });
    expect(removed.statusCode).toBe(200);
    await expectAgreement(farm, t.id, 'recall', true);

    const short = await send(farm, agent, 6);
    await acknowledge(agent, short.id, 5);
    const flagged = (await json(farm, 'GET', '/api/transmissions/flagged')).json();
    expect(flagged).toContainEqual(expect.objectContaining({ id: short.id, canResolve: true }));
  });
});
