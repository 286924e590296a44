// An agent's damaged-crate entries ("both sides see it", decision 056): the farm store lists any
// agent's (its clients' returns and its returned empties, newest first, paged), an agent its own; each
// entry names the record whose photos show the crates, and both sides read those photos. Who may:
// 401 signed out, 403 a supplier, 404 another agent's or an unknown agent, 400 a bad query.
import { describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG as PNG } from '../../../../tests/support/photos.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { type AgentAccount, json } from '../../../../tests/support/transmissions.ts';
import type { DamagedCratesPage } from '../../../shared/evidence.ts';

const { app, farm, agents, supplier } = await testFarm({
  stock: 200,
  agents: [
    { fullCrates: 20, emptyCrates: 10 },
    { marketLocation: 'Pretoria Market', fullCrates: 10 },
  ],
  supplier: 'approved',
});
const [agentA, agentB] = agents;

async function ok(res: Awaited<ReturnType<typeof json>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

async function loanOf(agent: AgentAccount, businessName: string, quantityBorrowed: number) {
  const client = await ok(
    await json(agent, 'POST', '/api/clients', { businessName, clientName: 'Lerato', contactNumber: '082 555 0000' }),
    201,
  );
  const loan = await ok(
    await json(agent, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed }),
    201,
  );
  return { clientId: client.id as number, loanId: loan.id as number };
}

const giveBack = async (
  agent: AgentAccount,
  loanId: number,
  quantityReturned: number,
  damagedQuantity: number,
  damageReason: string,
) =>
  ok(
    await json(agent, 'PUT', `/api/client-transactions/${loanId}/return`, {
      quantityReturned,
      damagedQuantity,
      damageReason,
    }),
  );

// A: two returns with damage on one loan, a return with none, then returned empties counted with damage.
const alpha = await loanOf(agentA, 'Alpha Greens', 10);
await giveBack(agentA, alpha.loanId, 3, 1, 'Cracked handle');
await ok(await json(agentA, 'PUT', `/api/client-transactions/${alpha.loanId}/return`, { quantityReturned: 1 }));
await giveBack(agentA, alpha.loanId, 2, 2, 'Crushed');
const empties = await ok(
  await json(agentA, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 5 }),
  201,
);
await ok(
  await json(farm, 'PUT', `/api/transmissions/${empties.id}/acknowledge`, {
    actualQuantity: 5,
    damagedQuantity: 2,
    damageReason: 'Split bases',
  }),
);
// B: one damaged crate on a client's return, which must not show on A's list.
const bravo = await loanOf(agentB, 'Bravo Veg', 3);
await giveBack(agentB, bravo.loanId, 1, 1, 'Wet through');

const list = (who: typeof farm, query: string) => json(who, 'GET', `/api/evidence/damaged-crates?${query}`);
const ofA = `marketAgentId=${agentA.marketAgentId}`;

describe('GET /api/evidence/damaged-crates', () => {
  it("lists the agent's damaged crates newest first, with the client and the record of their photos", async () => {
    const page: DamagedCratesPage = await ok(await list(farm, ofA));
    expect(page.nextBefore).toBeNull();
    expect(
      page.entries.map((e) => [e.recordKind, e.recordId, e.quantity, e.reason, e.client?.businessName ?? null]),
    ).toEqual([
      ['transmission', empties.id, 2, 'Split bases', null],
      ['client-transaction', alpha.loanId, 2, 'Crushed', 'Alpha Greens'],
      ['client-transaction', alpha.loanId, 1, 'Cracked handle', 'Alpha Greens'],
    ]);
    expect(page.entries[1].client).toEqual({ id: alpha.clientId, businessName: 'Alpha Greens', clientName: 'Lerato' });
    expect(new Date(page.entries[0].occurredAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The agent sees the same list of its own.
    expect(await ok(await list(agentA, ofA))).toEqual(page);
    const hers: DamagedCratesPage = await ok(await list(farm, `marketAgentId=${agentB.marketAgentId}`));
    expect(hers.entries.map((e) => [e.quantity, e.reason])).toEqual([[1, 'Wet through']]);
  });

  it('pages with limit and before, each entry once', async () => {
    const first: DamagedCratesPage = await ok(await list(farm, `${ofA}&limit=2`));
    expect(first.entries.map((e) => e.reason)).toEqual(['Split bases', 'Crushed']);
    expect(first.nextBefore).toBe(first.entries[1].id);
    const second: DamagedCratesPage = await ok(await list(farm, `${ofA}&limit=2&before=${first.nextBefore}`));
    expect(second.entries.map((e) => e.reason)).toEqual(['Cracked handle']);
    expect(second.nextBefore).toBeNull();
  });

  it('401 signed out, 403 a supplier, 404 another agent or an unknown agent, 400 a bad query', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/evidence/damaged-crates?${ofA}` })).statusCode).toBe(401);
    expect((await list(supplier, ofA)).statusCode).toBe(403);
    const other = await list(agentB, ofA);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Market agent not found');
    expect((await list(farm, 'marketAgentId=999999')).statusCode).toBe(404);
    const noAgent = await list(farm, '');
    expect(noAgent.statusCode).toBe(400);
    expect(noAgent.json().errors).toMatchObject({ marketAgentId: 'Choose a market agent' });
    expect((await list(farm, `${ofA}&limit=0`)).statusCode).toBe(400);
    expect((await list(farm, `${ofA}&before=-1`)).statusCode).toBe(400);
  });

  it("an entry's photo, attached by the farm store, is seen by the agent and not by another agent", async () => {
    const [, crushed] = ((await ok(await list(farm, ofA))) as DamagedCratesPage).entries;
    const photo = await ok(
      await json(farm, 'POST', '/api/evidence', {
        recordKind: crushed.recordKind,
        recordId: crushed.recordId,
        contentType: 'image/png',
        photo: PNG.toString('base64'),
        note: 'Seen at the farm',
      }),
      201,
    );
    const records = `/api/evidence?recordKind=${crushed.recordKind}&recordId=${crushed.recordId}`;
    expect((await ok(await json(agentA, 'GET', records))).map((e: { note: string }) => e.note)).toEqual([
      'Seen at the farm',
    ]);
    const bytes = await agentA.inject({ method: 'GET', url: `/api/evidence/${photo.id}/photo` });
    expect(bytes.statusCode).toBe(200);
    expect(Buffer.compare(bytes.rawPayload, PNG)).toBe(0);
    expect((await json(agentB, 'GET', records)).statusCode).toBe(404);
  });
});
