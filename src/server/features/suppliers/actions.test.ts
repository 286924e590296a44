// What the answers say a caller may do with suppliers, offers and tenders is what the
// server then does: canApprove/canReject, canOpenTender and canAnswer are true exactly when it works.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { suppliers } from '../../db/schema/index.ts';

const app = await buildTestApp();
const farm = await registerAs(app, 'farm_store');

type Method = 'GET' | 'POST';
const call = (who: Account, method: Method, url: string, payload?: unknown) =>
  who.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

async function newSupplier() {
  const account = await registerAs(app, 'supplier');
  const [row] = await app.db.select().from(suppliers).where(eq(suppliers.userId, account.user.id));
  return { ...account, supplierId: row.id };
}

const find = async (who: Account, url: string, id: number) =>
  (await call(who, 'GET', url)).json().find((r: { id: number }) => r.id === id);

describe('canApprove / canReject on suppliers', () => {
  it('a pending supplier may be approved or rejected; then only the other decision', async () => {
    const s = await newSupplier();
    expect(await find(farm, '/api/suppliers/pending', s.supplierId)).toMatchObject({
      canApprove: true,
      canReject: true,
    });
    const approved = await call(farm, 'POST', `/api/suppliers/${s.supplierId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ canApprove: false, canReject: true });
    expect((await call(farm, 'POST', `/api/suppliers/${s.supplierId}/approve`)).statusCode).toBe(409);
    // The supplier reads its own record: it approves nothing.
    expect((await call(s, 'GET', '/api/suppliers/me')).json()).toMatchObject({ canApprove: false, canReject: false });
    const rejected = await call(farm, 'POST', `/api/suppliers/${s.supplierId}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ canApprove: true, canReject: false });
    expect((await call(farm, 'POST', `/api/suppliers/${s.supplierId}/reject`)).statusCode).toBe(409);
  });
});

describe('canOpenTender on offers and canAnswer on tenders', () => {
  it('a tender opens where stated, and is answered by its supplier, once', async () => {
    const s = await newSupplier();
    const other = await newSupplier();
    for (const who of [s, other]) await call(farm, 'POST', `/api/suppliers/${who.supplierId}/approve`);
    const offer = (
      await call(s, 'POST', '/api/suppliers/offers', {
        produceName: 'Red bell peppers',
        produceType: 'Sweet Bell Peppers',
        quality: 'Class 1',
        quantityCrates: 40,
      })
    ).json();

    expect(await find(farm, '/api/produce-offers', offer.id)).toMatchObject({ canOpenTender: true });
    const opened = await call(farm, 'POST', '/api/tenders', { offerId: offer.id, farmQuote: '100' });
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({ canAnswer: false }); // the farm store doesn't answer its own
    expect(await find(farm, '/api/produce-offers', offer.id)).toMatchObject({
      hasOpenTender: true,
      canOpenTender: false,
    });
    expect((await call(farm, 'POST', '/api/tenders', { offerId: offer.id, farmQuote: '1' })).statusCode).toBe(409);

    const tender = opened.json().id;
    expect(await find(farm, '/api/tenders', tender)).toMatchObject({ canAnswer: false });
    expect(await find(s, '/api/suppliers/tenders', tender)).toMatchObject({ canAnswer: true });
    expect(await find(other, '/api/suppliers/tenders', tender)).toBeUndefined();
    expect((await call(other, 'POST', `/api/suppliers/tenders/${tender}/accept`)).statusCode).toBe(403);
    const rejected = await call(s, 'POST', `/api/suppliers/tenders/${tender}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', canAnswer: false });
    expect(await find(s, '/api/suppliers/tenders', tender)).toMatchObject({ canAnswer: false });
    expect((await call(s, 'POST', `/api/suppliers/tenders/${tender}/accept`)).statusCode).toBe(409);
    // Answered: the offer may be tendered on again.
    expect(await find(farm, '/api/produce-offers', offer.id)).toMatchObject({ canOpenTender: true });
  });
});
