// A supplier the farm store has approved, with something on every tab: an offer with a tender on it,
// an answered tender, and a crate request waiting.
import { type APIResponse, type Browser, expect } from '@playwright/test';
import { signedInPage, uniqueName } from './crates.ts';

async function ok<T = Record<string, unknown>>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

export async function approvedSupplierWithData(browser: Browser) {
  const businessName = uniqueName('Letaba Peppers');
  const supplier = await signedInPage(browser, 'supplier', { name: uniqueName('Supplier'), businessName });
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const s = supplier.page.request;
  const f = farm.page.request;
  const me = await ok<{ id: number }>(s.get('/api/suppliers/me'));
  await ok(f.post(`/api/suppliers/${me.id}/approve`));
  const offer = (produceName: string, quantityCrates: number) =>
    ok<{ id: number }>(
      s.post('/api/suppliers/offers', {
        data: {
          produceName,
          produceType: 'Sweet Bell Peppers',
          quality: 'Class 1',
          quantityCrates,
          unitWeight: '10 kg',
        },
      }),
    );
  const open = await offer('Red bell peppers', 40);
  const sold = await offer('Yellow bell peppers', 20);
  await offer('Green bell peppers', 15);
  await ok(
    f.post('/api/tenders', {
      data: { offerId: open.id, farmQuote: '1250.50', marketQuote: '1400.00', notes: 'Friday' },
    }),
  );
  const answered = await ok<{ id: number }>(
    f.post('/api/tenders', { data: { offerId: sold.id, farmQuote: '600.00' } }),
  );
  await ok(s.post(`/api/suppliers/tenders/${answered.id}/accept`));
  await ok(s.post('/api/transmissions', { data: { type: 'supplier_to_farm', quantity: 12, notes: 'Harvest' } }));
  return { supplier: supplier.page, farm: farm.page, businessName };
}
