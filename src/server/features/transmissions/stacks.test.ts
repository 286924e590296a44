// Labelled stacks (decision 073): a delivery split into stacks as sent or by the farm's usual size, its
// delivery note and labels as PDFs whose QRs read back to their codes, and a count by scanned stacks
// that refuses a stack not of this delivery or scanned twice, books nothing then, and names the stacks
// not scanned in its flag.
import { describe, expect, it } from 'vitest';
import { qrTextsInPdf } from '../../../../tests/support/qr.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { agentCrates, farmStock, farmWithAgents, json } from '../../../../tests/support/transmissions.ts';
import { stackMessages } from '../../../shared/stack-labels.ts';

const app = await buildTestApp();
const { farm, agent, otherAgent, supplier } = await farmWithAgents(app, 2000);

const deliver = async (quantity: number, extra: Record<string, unknown> = {}) => {
  const res = await json(farm, 'POST', '/api/transmissions', {
    type: 'farm_to_market',
    marketAgentId: agent.marketAgentId,
    quantity,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; stackSize: number | null; stackCount: number };
};
const setUsual = (stackSize: number | null) => json(farm, 'PUT', '/api/farm-store/stack-size', { stackSize });
const count = (id: number, body: object) => json(agent, 'PUT', `/api/transmissions/${id}/acknowledge`, body);

describe('stacks when the farm sends', () => {
  it('as sent, else the usual size from Settings, else none; null sends none even with a usual size', async () => {
    expect(await deliver(50, { stackSize: 20 })).toMatchObject({ stackSize: 20, stackCount: 3 });
    expect(await deliver(50)).toMatchObject({ stackSize: null, stackCount: 0 });
    expect((await json(farm, 'GET', '/api/farm-store/stack-size')).json()).toEqual({ stackSize: null });

    expect((await setUsual(25)).json()).toEqual({ stackSize: 25 });
    expect((await json(farm, 'GET', '/api/farm-store/stack-size')).json()).toEqual({ stackSize: 25 });
    expect(await deliver(60)).toMatchObject({ stackSize: 25, stackCount: 3 });
    expect(await deliver(60, { stackSize: null })).toMatchObject({ stackSize: null, stackCount: 0 });
    const trail = (await json(farm, 'GET', '/api/audit?action=stack-size.update')).json();
    expect(trail[0].summary).toBe('usual stack size: 25 crates');
    expect((await setUsual(null)).json()).toEqual({ stackSize: null });
    expect(await deliver(60)).toMatchObject({ stackSize: null });
  });

  it('refuses a size out of range, stacks on anything but a delivery, and anyone but the farm store', async () => {
    for (const stackSize of [0, -1, 1001, 2.5, '20']) {
      const res = await json(farm, 'POST', '/api/transmissions', {
        type: 'farm_to_market',
        marketAgentId: agent.marketAgentId,
        quantity: 10,
        stackSize,
      });
      expect(res.statusCode, String(stackSize)).toBe(400);
      expect((await setUsual(stackSize as number)).statusCode).toBe(400);
    }
    const collection = await json(farm, 'POST', '/api/transmissions', {
      type: 'market_to_farm',
      marketAgentId: agent.marketAgentId,
      quantity: 1,
      stackSize: 5,
    });
    expect(collection.statusCode).toBe(400);
    expect(collection.json().message).toBe(stackMessages.stacksOnlyForDeliveries);
    for (const who of [agent, supplier]) {
      expect((await json(who, 'PUT', '/api/farm-store/stack-size', { stackSize: 5 })).statusCode).toBe(403);
      expect((await json(who, 'GET', '/api/farm-store/stack-size')).statusCode).toBe(403);
    }
  });
});

describe('delivery note and labels', () => {
  it('the farm store and the agent print them; their QRs read back to the codes', async () => {
    const t = await deliver(50, { stackSize: 20 });
    const note = await json(farm, 'GET', `/api/transmissions/${t.id}/delivery-note`);
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    expect(await qrTextsInPdf(note.rawPayload)).toEqual([[`CK1:T${t.id}`]]);

    const sheet = await json(agent, 'GET', `/api/transmissions/${t.id}/labels?layout=a4`);
    expect(sheet.statusCode).toBe(200);
    expect(await qrTextsInPdf(sheet.rawPayload)).toEqual([[1, 2, 3].map((s) => `CK1:T${t.id}:S${s}`)]);

    const roll = await json(farm, 'GET', `/api/transmissions/${t.id}/labels?layout=roll`);
    expect(roll.statusCode).toBe(200);
    expect(await qrTextsInPdf(roll.rawPayload, 150)).toEqual([1, 2, 3].map((s) => [`CK1:T${t.id}:S${s}`]));
  });

  it("another agent's, a supplier's and a signed-out request are refused; no stacks, no labels", async () => {
    const t = await deliver(10, { stackSize: 5 });
    for (const path of ['delivery-note', 'labels']) {
      expect((await json(otherAgent, 'GET', `/api/transmissions/${t.id}/${path}`)).statusCode).toBe(404);
      expect((await json(supplier, 'GET', `/api/transmissions/${t.id}/${path}`)).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/transmissions/${t.id}/${path}` })).statusCode).toBe(401);
      expect((await json(farm, 'GET', `/api/transmissions/999999/${path}`)).statusCode).toBe(404);
    }
    expect((await json(farm, 'GET', `/api/transmissions/${t.id}/labels?layout=poster`)).statusCode).toBe(400);
    const plain = await deliver(10, { stackSize: null });
    const labels = await json(farm, 'GET', `/api/transmissions/${plain.id}/labels`);
    expect(labels.statusCode).toBe(409);
    expect(labels.json().message).toBe(stackMessages.noStacks);
    expect((await json(farm, 'GET', `/api/transmissions/${plain.id}/delivery-note`)).statusCode).toBe(200);
  });
});

describe('counting by scanned stacks', () => {
  it('a stack not of this delivery, or scanned twice, is a 400 and changes nothing', async () => {
    const t = await deliver(60, { stackSize: 20 });
    const plain = await deliver(10, { stackSize: null });
    const before = { agent: await agentCrates(agent), farm: await farmStock(farm) };
    const refusals: [number, object, string][] = [
      [t.id, { actualQuantity: 40, scannedStacks: [1, 4] }, stackMessages.notAStack(4, 3)],
      [t.id, { actualQuantity: 40, scannedStacks: [2, 2] }, stackMessages.scannedTwice(2)],
      [t.id, { scannedStacks: [1, 1, 2] }, stackMessages.scannedTwice(1)],
      [plain.id, { scannedStacks: [1] }, stackMessages.noStacks],
    ];
    for (const [id, body, message] of refusals) {
      const res = await count(id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const body of [{ scannedStacks: [0] }, { scannedStacks: ['1'] }, { scannedStacks: 2 }]) {
      expect((await count(t.id, body)).statusCode).toBe(400);
    }
    expect(await agentCrates(agent)).toEqual(before.agent);
    expect(await farmStock(farm)).toBe(before.farm);
    const incoming = (await json(agent, 'GET', '/api/transmissions/incoming')).json();
    expect(incoming.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([t.id, plain.id]));
  });

  it('2 of 3 stacks: 40 counted, flagged naming stack 3; a second count books nothing', async () => {
    const t = await deliver(60, { stackSize: 20 });
    const before = await agentCrates(agent);
    const res = await count(t.id, { actualQuantity: 40, scannedStacks: [2, 1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'acknowledged',
      actualQuantity: 40,
      isFlagged: true,
      scannedStacks: [2, 1],
      unscannedStacks: [{ stack: 3, of: 3, crates: 20 }],
    });
    expect((await agentCrates(agent)).fullCrates).toBe(before.fullCrates + 40);
    const again = await count(t.id, { actualQuantity: 40, scannedStacks: [1, 2] });
    expect(again.statusCode).toBe(409);
    expect((await agentCrates(agent)).fullCrates).toBe(before.fullCrates + 40);
    const trail = (await json(farm, 'GET', `/api/audit?action=transmission.acknowledge&recordId=${t.id}`)).json();
    expect(trail.map((row: { summary: string }) => row.summary).join()).toContain(
      'Stack 3 of 3 (20 crates) not received',
    );
  });

  it('no count typed: the scanned stacks’ crates; every stack scanned and all there: not flagged', async () => {
    const short = await deliver(50, { stackSize: 20 });
    expect((await count(short.id, { scannedStacks: [3, 1] })).json()).toMatchObject({
      actualQuantity: 30,
      isFlagged: true,
      unscannedStacks: [{ stack: 2, of: 3, crates: 20 }],
    });
    const whole = await deliver(50, { stackSize: 20 });
    expect((await count(whole.id, { actualQuantity: 50, scannedStacks: [1, 2, 3] })).json()).toMatchObject({
      actualQuantity: 50,
      isFlagged: false,
      unscannedStacks: [],
    });
    // A stack whose label was lost but whose crates arrived: the count says so, the flag still names it.
    const lost = await deliver(40, { stackSize: 20 });
    expect((await count(lost.id, { actualQuantity: 40, scannedStacks: [1] })).json()).toMatchObject({
      actualQuantity: 40,
      isFlagged: true,
      difference: 0,
      unscannedStacks: [{ stack: 2, of: 2, crates: 20 }],
    });
  });
});
