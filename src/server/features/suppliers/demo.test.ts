import { expect, it } from 'vitest';
import { sessionCookie } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const app = await buildTestApp({ demo: true });

const signIn = async (email: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  const cookie = sessionCookie(res);
  return async (url: string) => {
    const answer = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    return answer.json();
  };
};

it('DEMO=1 gives the approved demo supplier offers, an open, an accepted and a rejected tender, and crates', async () => {
  expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);
  const supplier = await signIn('supplier@demo.cratekeeper');
  expect(await supplier('/api/suppliers/me')).toMatchObject({
    businessName: 'Van Wyk Boerdery',
    isApproved: true,
    totalCratesOwned: 120,
    // Red (40), chillies (15) and minis (12) are still on offer; the yellow lot was sold.
    cratesInUse: 67,
    availableCrates: 53,
  });
  expect(await supplier('/api/suppliers/metrics')).toEqual({
    activeOffers: 3,
    totalOffers: 4,
    openTenders: 1,
    averageQuote: '2413.33',
    totalRevenue: '2100.00',
  });
  const offers = (await supplier('/api/suppliers/offers')) as { produceName: string; isActive: boolean }[];
  expect(offers.map((o) => [o.produceName, o.isActive])).toEqual([
    ['Mixed mini peppers', true],
    ['Bird’s eye chillies', true],
    ['Yellow bell peppers', false],
    ['Red bell peppers', true],
  ]);
  const tenders = (await supplier('/api/suppliers/tenders')) as { produceName: string; status: string }[];
  expect(tenders.map((t) => [t.produceName, t.status])).toEqual([
    ['Red bell peppers', 'pending'],
    ['Mixed mini peppers', 'rejected'],
    ['Yellow bell peppers', 'accepted'],
  ]);
  const requests = (await supplier('/api/suppliers/crate-requests')) as { quantity: number; status: string }[];
  expect(requests.map((r) => [r.quantity, r.status])).toEqual([[120, 'acknowledged']]);

  // The farm store's tender card: the active offers, the one with an open tender marked.
  const farm = await signIn('farm@demo.cratekeeper');
  const market = (await farm('/api/produce-offers')) as { produceName: string; hasOpenTender: boolean }[];
  expect(market.map((o) => [o.produceName, o.hasOpenTender])).toEqual([
    ['Mixed mini peppers', false],
    ['Bird’s eye chillies', false],
    ['Red bell peppers', true],
  ]);
  expect(await farm('/api/tenders')).toHaveLength(3);
});
