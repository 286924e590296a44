// Evidence photos (decision 053): attach, list and read a photo through the API; who may (401/403/404),
// what is refused (400/409/413), and photo access following record access (the authorization test).
import { describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG as PNG } from '../../../../tests/support/photos.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { acknowledge, json, send } from '../../../../tests/support/transmissions.ts';
import { EVIDENCE_MAX_BYTES, evidenceMessages as m } from '../../../shared/evidence.ts';

const { app, farm, agents, supplier } = await testFarm({
  stock: 200,
  agents: [{ fullCrates: 20, emptyCrates: 5 }, { marketLocation: 'Pretoria Market' }],
  supplier: 'approved',
});
const [agentA, agentB] = agents;

// Bytes that start like a JPEG and are not one.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);

// A delivery counted short (flagged), one counted right, a stock-take line with a difference, and a
// loan on which damaged crates came back.
const flagged = await send(farm, agentA, 10);
await acknowledge(agentA, flagged.id, 8);
const matched = await send(farm, agentA, 4);
await acknowledge(agentA, matched.id);
const client = (
  await json(agentA, 'POST', '/api/clients', {
    businessName: 'Alpha Greens',
    clientName: 'Lerato',
    contactNumber: '082 555 0000',
  })
).json();
const loan = (
  await json(agentA, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed: 5 })
).json();
const returned = await json(agentA, 'PUT', `/api/client-transactions/${loan.id}/return`, {
  quantityReturned: 3,
  damagedQuantity: 1,
  damageReason: 'Split at the corner',
});
if (returned.statusCode !== 200) throw new Error(`return failed: ${returned.statusCode} ${returned.body}`);
await json(farm, 'POST', '/api/stock-takes', { marketAgentIds: [agentA.marketAgentId] });
const toCount = (await json(agentA, 'GET', '/api/stock-takes/current')).json();
const submitted = await json(agentA, 'PUT', `/api/stock-takes/counts/${toCount.count.id}/submit`, {
  fullCrates: toCount.toCount[0].expected,
  emptyCrates: toCount.toCount[1].expected,
  clients: [{ clientId: client.id, counted: 1 }],
});
if (submitted.statusCode !== 200) throw new Error(`submit failed: ${submitted.statusCode} ${submitted.body}`);
const lines = submitted.json().lines as { id: number; difference: number }[];
const differenceLine = lines.find((l) => l.difference !== 0)?.id as number;
const matchingLine = lines.find((l) => l.difference === 0)?.id as number;

const attach = (who: typeof farm, body: Record<string, unknown>) =>
  json(who, 'POST', '/api/evidence', {
    recordKind: 'transmission',
    recordId: flagged.id,
    contentType: 'image/png',
    photo: PNG.toString('base64'),
    ...body,
  });
const list = (who: typeof farm, recordKind: string, recordId: number) =>
  json(who, 'GET', `/api/evidence?recordKind=${recordKind}&recordId=${recordId}`);

describe('evidence photos', () => {
  let photoId = 0;

  it('the agent attaches a photo and a note to its flagged count; the farm store sees both', async () => {
    const res = await attach(agentA, { note: 'Two crates short on the truck' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      recordKind: 'transmission',
      recordId: flagged.id,
      contentType: 'image/png',
      byteSize: PNG.length,
      note: 'Two crates short on the truck',
      attachedBy: agentA.user.id,
    });
    photoId = res.json().id;
    const seen = await list(farm, 'transmission', flagged.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual([expect.objectContaining({ id: photoId, attachedByName: agentA.user.name })]);
    expect(seen.json()[0]).not.toHaveProperty('photo');
    const photo = await json(farm, 'GET', `/api/evidence/${photoId}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toMatch(/^private/);
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.rawPayload.equals(PNG)).toBe(true);
  });

  it('a stock-take difference and a loan with damaged crates take photos too; the farm store may attach', async () => {
    const onLine = await attach(agentA, {
      recordKind: 'stock-take-line',
      recordId: differenceLine,
      contentType: 'image/jpeg',
      photo: JPEG.toString('base64'),
    });
    expect(onLine.statusCode).toBe(201);
    const jpeg = await json(farm, 'GET', `/api/evidence/${onLine.json().id}/photo`);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await attach(farm, { recordKind: 'client-transaction', recordId: loan.id })).statusCode).toBe(201);
    expect((await list(agentA, 'client-transaction', loan.id)).json()).toHaveLength(1);
    expect((await list(agentA, 'stock-take-line', differenceLine)).json()).toHaveLength(1);
  });

  it('401 signed out, 403 for a supplier', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/evidence', payload: {} })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: `/api/evidence?recordKind=transmission&recordId=${flagged.id}` }))
        .statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/evidence/${photoId}/photo` })).statusCode).toBe(401);
    expect((await attach(supplier, {})).statusCode).toBe(403);
    expect((await list(supplier, 'transmission', flagged.id)).statusCode).toBe(403);
    expect((await json(supplier, 'GET', `/api/evidence/${photoId}/photo`)).statusCode).toBe(403);
  });

  it('400: not an image, not the type it says, a bad field, a long note, an unknown field', async () => {
    const notImage = await attach(agentA, { photo: Buffer.from('<svg onload="alert(1)"></svg>').toString('base64') });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().errors).toMatchObject({ photo: m.photoUnreadable });
    const mismatch = await attach(agentA, { contentType: 'image/jpeg' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toMatchObject({ photo: m.photoTypeMismatch });
    const svg = await attach(agentA, { contentType: 'image/svg+xml' });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().errors).toMatchObject({ contentType: m.contentType });
    expect((await attach(agentA, { photo: 'not base64!' })).json().errors).toMatchObject({ photo: m.photoUnreadable });
    expect((await attach(agentA, { photo: '' })).json().errors).toMatchObject({ photo: m.photoRequired });
    expect((await attach(agentA, { recordKind: 'user' })).json().errors).toMatchObject({ recordKind: m.recordKind });
    expect((await attach(agentA, { note: 'x'.repeat(301) })).json().errors).toMatchObject({ note: m.noteTooLong });
    const extra = await attach(agentA, { fileName: 'a.png' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toHaveProperty('fileName');
    expect((await list(agentA, 'transmission', 0)).statusCode).toBe(400);
    expect((await json(farm, 'GET', '/api/evidence/abc/photo')).statusCode).toBe(400);
  });

  it('413: a photo over 300 KB, whether the body is small enough or not', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(EVIDENCE_MAX_BYTES + 1 - PNG.length)]);
    const res = await attach(agentA, { photo: big.toString('base64') });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: m.photoTooLarge });
    const huge = await attach(agentA, { photo: Buffer.alloc(EVIDENCE_MAX_BYTES * 2).toString('base64') });
    expect(huge.statusCode).toBe(413);
  });

  it('404: no such record, or another agent’s; 409: a record without a difference or damage', async () => {
    expect((await attach(agentA, { recordId: 999_999 })).statusCode).toBe(404);
    expect((await attach(agentB, {})).statusCode).toBe(404);
    expect((await attach(agentB, { recordKind: 'stock-take-line', recordId: differenceLine })).statusCode).toBe(404);
    const counted = await attach(agentA, { recordId: matched.id });
    expect(counted.statusCode).toBe(409);
    expect(counted.json()).toMatchObject({ message: m.nothingDisputed });
    expect((await attach(agentA, { recordKind: 'stock-take-line', recordId: matchingLine })).statusCode).toBe(409);
    expect((await json(farm, 'GET', '/api/evidence/999999/photo')).statusCode).toBe(404);
  });

  it('409 once a record has ten photos', async () => {
    const have = (await list(agentA, 'transmission', flagged.id)).json().length;
    for (let i = have; i < 10; i++) expect((await attach(agentA, {})).statusCode).toBe(201);
    const more = await attach(agentA, {});
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ message: m.tooMany });
  });

  it('40 photos at once to one record leave exactly ten; the rest are refused with 409', async () => {
    const fresh = await send(farm, agentA, 6);
    await acknowledge(agentA, fresh.id, 5);
    const answers = await Promise.all(Array.from({ length: 40 }, () => attach(agentA, { recordId: fresh.id })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(30);
    expect((await list(agentA, 'transmission', fresh.id)).json()).toHaveLength(10);
  });

  it('photo access follows record access: not another agent, not a supplier; the farm store; signed out 401', async () => {
    const photoUrl = `/api/evidence/${photoId}/photo`;
    expect((await json(agentA, 'GET', photoUrl)).statusCode).toBe(200);
    expect((await json(farm, 'GET', photoUrl)).statusCode).toBe(200);
    const foreign = await json(agentB, 'GET', photoUrl);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.rawPayload.includes(PNG)).toBe(false);
    expect((await list(agentB, 'transmission', flagged.id)).statusCode).toBe(404);
    expect((await list(agentB, 'client-transaction', loan.id)).statusCode).toBe(404);
    expect((await json(supplier, 'GET', photoUrl)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(401);
  });

  it('the attach is in the audit trail', async () => {
    const res = await json(farm, 'GET', '/api/audit?action=evidence.attach');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { action: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.action === 'evidence.attach')).toBe(true);
  });
});
