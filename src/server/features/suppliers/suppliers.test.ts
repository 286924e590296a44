// Suppliers (decision 021): the wizard's sign-up, approval, offers, tenders, metrics and
// crate requests, with every refusal: 401 signed out, 403 wrong role / unapproved / another's, 404, 409.
import { describe, expect, it } from 'vitest';
import { type Account, registerAs, sessionCookie, uniqueEmail } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { addStock, registerAgent } from '../../../../tests/support/transmissions.ts';
import { supplierMessages as m } from '../../../shared/suppliers.ts';
import { transmissionMessages } from '../../../shared/transmissions.ts';

const app = await buildTestApp();
const farm = await registerAs(app, 'farm_store');
const agent = await registerAgent(app);
await addStock(farm, 1000);

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (who: Account | null, method: Method, url: string, payload?: unknown) => {
  const opts = { method, url, ...(payload === undefined ? {} : { payload: payload as object }) };
  return who ? who.inject(opts) : app.inject(opts);
};

const wizardBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sipho Dlamini',
  email: uniqueEmail('wizard'),
  password: 'secret123',
  role: 'supplier',
  businessName: 'Dlamini Peppers',
  contactPerson: 'Sipho Dlamini',
  contactNumber: '082 555 1234',
  farmLocation: 'Tzaneen',
  certificationType: 'globalGAP',
  bankName: 'FNB',
  accountNumber: '6200 1234 5678',
  branchCode: '250655',
  accountHolderName: 'Dlamini Peppers (Pty) Ltd',
  ...overrides,
});

/** Registers through the wizard's route, then signs in (the route itself does not). */
async function wizardSupplier(overrides: Record<string, unknown> = {}) {
  const body = wizardBody(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register-supplier', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: body.email, password: body.password },
  });
  const cookie = sessionCookie(login);
  const account: Account = {
    user: login.json().user,
    cookie,
    password: body.password,
    inject: (opts) => app.inject({ ...opts, headers: { ...opts.headers, cookie } }),
  };
  const me = (await call(account, 'GET', '/api/suppliers/me')).json();
  return { ...account, supplierId: me.id as number };
}

async function approve(supplierId: number) {
  const res = await call(farm, 'POST', `/api/suppliers/${supplierId}/approve`);
  expect(res.statusCode, res.body).toBe(200);
}

const offerBody = (overrides: Record<string, unknown> = {}) => ({
  produceName: 'Red bell peppers',
  produceType: 'Sweet Bell Peppers',
  quality: 'Class 1',
  quantityCrates: 40,
  unitWeight: '10 kg',
  description: 'Picked this week',
  ...overrides,
});

async function postOffer(who: Account, overrides: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', '/api/suppliers/offers', offerBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function openTender(offerId: number, farmQuote = '1250.50', marketQuote?: string) {
  const res = await call(farm, 'POST', '/api/tenders', { offerId, farmQuote, marketQuote, notes: 'Collect Friday' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string };
}

describe('POST /api/auth/register-supplier', () => {
  it('creates a pending supplier with every wizard field and does not sign in', async () => {
    const body = wizardBody();
    const res = await app.inject({ method: 'POST', url: '/api/auth/register-supplier', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: body.email, role: 'supplier' });
    expect(res.json().user).not.toHaveProperty('passwordHash');
    expect(res.cookies.find((c) => c.name === 'ck_session')).toBeUndefined();
    const s = await wizardSupplier();
    const me = (await call(s, 'GET', '/api/suppliers/me')).json();
    expect(me).toMatchObject({
      status: 'pending',
      isApproved: false,
      businessName: 'Dlamini Peppers',
      contactPerson: 'Sipho Dlamini',
      farmLocation: 'Tzaneen',
      certificationType: 'globalGAP',
      bankName: 'FNB',
      accountNumber: '620012345678',
      branchCode: '250655',
      totalCratesOwned: 0,
      availableCrates: 0,
      cratesInUse: 0,
    });
  });

  it('takes banking as optional', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register-supplier',
      payload: wizardBody({ bankName: '', accountNumber: '', branchCode: '', accountHolderName: '' }),
    });
    expect(res.statusCode).toBe(201);
    const without = wizardBody();
    for (const k of ['bankName', 'accountNumber', 'branchCode', 'accountHolderName', 'role'] as const)
      delete without[k];
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/register-supplier', payload: without })).statusCode,
    ).toBe(201);
  });

  it.each([
    [{ name: '' }, m.fillRequired],
    [{ email: '  ' }, m.fillRequired],
    [{ password: 'abc' }, m.passwordTooShort],
    [{ businessName: '' }, m.farmDetailsRequired],
    [{ contactPerson: ' ' }, m.farmDetailsRequired],
    [{ contactNumber: '' }, m.farmDetailsRequired],
    [{ farmLocation: '' }, m.farmDetailsRequired],
    [{ certificationType: '' }, m.farmDetailsRequired],
    [{ certificationType: 'bio' }, m.farmDetailsRequired],
    [{ role: 'farm_store' }, 'This form registers suppliers only'],
    [{ contactNumber: 'call me' }, 'Please enter a phone number, e.g. 082 123 4567 or +27 82 123 4567'],
    [{ accountNumber: '12ab' }, 'An account number has digits only'],
  ])('400 for %o', async (overrides, message) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register-supplier',
      payload: wizardBody(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('409 for an e-mail already registered', async () => {
    const body = wizardBody();
    await app.inject({ method: 'POST', url: '/api/auth/register-supplier', payload: body });
    const res = await app.inject({ method: 'POST', url: '/api/auth/register-supplier', payload: body });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists');
  });
});

describe('approval', () => {
  it('lists suppliers and pending ones for the farm store; approve and reject, each once', async () => {
    const s = await wizardSupplier();
    const pending = (await call(farm, 'GET', '/api/suppliers/pending')).json();
    expect(pending.map((p: { id: number }) => p.id)).toContain(s.supplierId);
    const all = (await call(farm, 'GET', '/api/suppliers?limit=500')).json();
    expect(all.find((p: { id: number }) => p.id === s.supplierId)).toMatchObject({ status: 'pending' });

    const res = await call(farm, 'POST', `/api/suppliers/${s.supplierId}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: s.supplierId, status: 'approved', isApproved: true });
    expect((await call(farm, 'GET', '/api/suppliers/pending')).json().map((p: { id: number }) => p.id)).not.toContain(
      s.supplierId,
    );
    const again = await call(farm, 'POST', `/api/suppliers/${s.supplierId}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyApproved);

    const rejected = await call(farm, 'POST', `/api/suppliers/${s.supplierId}/reject`);
    expect(rejected.json()).toMatchObject({ status: 'rejected', isApproved: false });
    expect((await call(farm, 'POST', `/api/suppliers/${s.supplierId}/reject`)).statusCode).toBe(409);
    expect((await call(s, 'GET', '/api/suppliers/metrics')).json().message).toBe(m.notApproved);
  });

  it('lists rejected suppliers, which the farm store may approve after all (decision 039)', async () => {
    const s = await wizardSupplier();
    const rejectedIds = async () =>
      (await call(farm, 'GET', '/api/suppliers/rejected?limit=500')).json().map((p: { id: number }) => p.id);
    expect(await rejectedIds()).not.toContain(s.supplierId);
    expect((await call(farm, 'POST', `/api/suppliers/${s.supplierId}/reject`)).statusCode).toBe(200);
    const listed = (await call(farm, 'GET', '/api/suppliers/rejected?limit=500'))
      .json()
      .find((p: { id: number }) => p.id === s.supplierId);
    expect(listed).toMatchObject({ status: 'rejected', canApprove: true, canReject: false });
    expect((await call(farm, 'GET', '/api/suppliers/pending')).json().map((p: { id: number }) => p.id)).not.toContain(
      s.supplierId,
    );

    const approved = await call(farm, 'POST', `/api/suppliers/${s.supplierId}/approve`);
    expect(approved.json()).toMatchObject({ status: 'approved', isApproved: true });
    expect(await rejectedIds()).not.toContain(s.supplierId);
    expect((await call(s, 'GET', '/api/suppliers/metrics')).statusCode).toBe(200);
  });

  it('a removed rejected supplier is not listed as rejected', async () => {
    const s = await wizardSupplier();
    await call(farm, 'POST', `/api/suppliers/${s.supplierId}/reject`);
    expect((await call(farm, 'DELETE', `/api/admin/users/${s.user.id}`)).statusCode).toBe(200);
    const ids = (await call(farm, 'GET', '/api/suppliers/rejected?limit=500')).json().map((p: { id: number }) => p.id);
    expect(ids).not.toContain(s.supplierId);
  });

  it('two approvals at once: one wins, the other gets 409', async () => {
    const s = await wizardSupplier();
    const results = await Promise.all([
      call(farm, 'POST', `/api/suppliers/${s.supplierId}/approve`),
      call(farm, 'POST', `/api/suppliers/${s.supplierId}/approve`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('404 for a supplier that does not exist, 400 for a malformed id', async () => {
    expect((await call(farm, 'POST', '/api/suppliers/999999/approve')).statusCode).toBe(404);
    expect((await call(farm, 'POST', '/api/suppliers/abc/reject')).statusCode).toBe(400);
  });

  it('401 signed out, 403 for agents and suppliers', async () => {
    const s = await wizardSupplier();
    for (const url of ['/api/suppliers', '/api/suppliers/pending', '/api/suppliers/rejected']) {
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
      expect((await call(agent, 'GET', url)).statusCode).toBe(403);
      expect((await call(s, 'GET', url)).statusCode).toBe(403);
    }
    for (const action of ['approve', 'reject']) {
      const url = `/api/suppliers/${s.supplierId}/${action}`;
      expect((await call(null, 'POST', url)).statusCode).toBe(401);
      expect((await call(agent, 'POST', url)).statusCode).toBe(403);
      expect((await call(s, 'POST', url)).statusCode).toBe(403);
    }
    expect((await call(s, 'GET', '/api/suppliers/me')).json().status).toBe('pending');
  });
});

describe('an unapproved supplier', () => {
  it.each(['pending', 'rejected'] as const)(
    '%s: 403 from metrics, offers, tenders and crate requests',
    async (state) => {
      const s = await wizardSupplier();
      if (state === 'rejected') await call(farm, 'POST', `/api/suppliers/${s.supplierId}/reject`);
      const message = state === 'rejected' ? m.notApproved : m.pendingApproval;
      const refused = [
        await call(s, 'GET', '/api/suppliers/metrics'),
        await call(s, 'GET', '/api/suppliers/offers'),
        await call(s, 'POST', '/api/suppliers/offers', offerBody()),
        await call(s, 'PATCH', '/api/suppliers/offers/1', { isActive: false }),
        await call(s, 'GET', '/api/suppliers/tenders'),
        await call(s, 'POST', '/api/suppliers/tenders/1/accept'),
        await call(s, 'POST', '/api/suppliers/tenders/1/reject'),
        await call(s, 'GET', '/api/suppliers/crate-requests'),
      ];
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe(message);
      }
      const request = await call(s, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 5 });
      expect(request.statusCode).toBe(403);
      // Its own record stays readable: the pending screen shows it.
      expect((await call(s, 'GET', '/api/suppliers/me')).statusCode).toBe(200);
    },
  );
});

describe('offers', () => {
  it('creates, lists, edits and deactivates its own offers', async () => {
    const s = await wizardSupplier();
    await approve(s.supplierId);
    const offer = await postOffer(s);
    expect(offer).toMatchObject({ produceName: 'Red bell peppers', quantityCrates: 40, isActive: true });
    const list = (await call(s, 'GET', '/api/suppliers/offers')).json();
    expect(list.map((o: { id: number }) => o.id)).toEqual([offer.id]);

    const edited = await call(s, 'PATCH', `/api/suppliers/offers/${offer.id}`, { quantityCrates: 55, unitWeight: '' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ quantityCrates: 55, unitWeight: null, produceName: 'Red bell peppers' });
    const off = await call(s, 'PATCH', `/api/suppliers/offers/${offer.id}`, { isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await call(s, 'GET', '/api/suppliers/metrics')).json()).toMatchObject({ activeOffers: 0, totalOffers: 1 });
  });

  it.each([
    [{ produceName: '' }, m.produceNameRequired],
    [{ produceType: ' ' }, m.produceTypeRequired],
    [{ quality: '' }, m.qualityRequired],
    [{ quantityCrates: 0 }, m.quantityCrates],
    [{ quantityCrates: 2.5 }, m.quantityCrates],
    [{ quantityCrates: '5' }, m.quantityCrates],
    [{ quantityCrates: 100_001 }, m.quantityCrates],
  ])('400 for %o', async (overrides, message) => {
    const s = await wizardSupplier();
    await approve(s.supplierId);
    const res = await call(s, 'POST', '/api/suppliers/offers', offerBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('400 for an empty edit, 404 for a missing offer, 403 for another supplier’s', async () => {
    const a = await wizardSupplier();
    const b = await wizardSupplier();
    await approve(a.supplierId);
    await approve(b.supplierId);
    const offer = await postOffer(a);
    const empty = await call(a, 'PATCH', `/api/suppliers/offers/${offer.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(m.nothingToUpdate);
    expect((await call(a, 'PATCH', '/api/suppliers/offers/999999', { isActive: false })).statusCode).toBe(404);
    const theirs = await call(b, 'PATCH', `/api/suppliers/offers/${offer.id}`, { isActive: false });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(m.notYourOffer);
    expect((await call(b, 'GET', '/api/suppliers/offers')).json()).toEqual([]);
  });

  it('401 signed out; 403 for the farm store and agents on a supplier’s routes', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/suppliers/metrics'],
      ['GET', '/api/suppliers/offers'],
      ['POST', '/api/suppliers/offers', offerBody()],
      ['PATCH', '/api/suppliers/offers/1', { isActive: false }],
      ['GET', '/api/suppliers/tenders'],
      ['POST', '/api/suppliers/tenders/1/accept'],
      ['POST', '/api/suppliers/tenders/1/reject'],
      ['GET', '/api/suppliers/me'],
      ['PATCH', '/api/suppliers/me', { businessName: 'x' }],
    ] as [Method, string, unknown?][]) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(farm, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(agent, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('tenders', () => {
  it('the farm sees active offers of approved suppliers, opens a tender; the supplier accepts once; metrics follow', async () => {
    const s = await wizardSupplier();
    const unapproved = await wizardSupplier();
    await approve(s.supplierId);
    const offer = await postOffer(s);
    const second = await postOffer(s, { produceName: 'Chillies', quantityCrates: 10 });

    const market = (await call(farm, 'GET', '/api/produce-offers')).json();
    expect(market.find((o: { id: number }) => o.id === offer.id)).toMatchObject({
      businessName: 'Dlamini Peppers',
      hasOpenTender: false,
    });
    expect(market.some((o: { supplierId: number }) => o.supplierId === unapproved.supplierId)).toBe(false);

    const tender = await openTender(offer.id, '1250.5', '1400');
    expect(tender).toMatchObject({
      status: 'pending',
      farmQuote: '1250.50',
      marketQuote: '1400.00',
      finalPrice: null,
      produceName: 'Red bell peppers',
    });
    const dup = await call(farm, 'POST', '/api/tenders', { offerId: offer.id, farmQuote: '1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(m.offerHasOpenTender);
    await openTender(second.id, '300');

    expect((await call(s, 'GET', '/api/suppliers/metrics')).json()).toEqual({
      activeOffers: 2,
      totalOffers: 2,
      openTenders: 2,
      averageQuote: '775.25',
      totalRevenue: '0.00',
    });
    const mine = (await call(s, 'GET', '/api/suppliers/tenders')).json();
    expect(mine.map((t: { id: number }) => t.id)).toContain(tender.id);

    const [a, b] = await Promise.all([
      call(s, 'POST', `/api/suppliers/tenders/${tender.id}/accept`),
      call(s, 'POST', `/api/suppliers/tenders/${tender.id}/reject`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a.json() : b.json();
    const loser = a.statusCode === 409 ? a.json() : b.json();
    expect(loser.message).toBe(m.tenderAnswered);
    if (winner.status === 'accepted') {
      expect(winner.finalPrice).toBe('1250.50');
      expect((await call(s, 'GET', '/api/suppliers/metrics')).json()).toMatchObject({
        activeOffers: 1,
        openTenders: 1,
        totalRevenue: '1250.50',
      });
    } else {
      expect(winner).toMatchObject({ status: 'rejected', finalPrice: null });
      expect((await call(s, 'GET', '/api/suppliers/metrics')).json()).toMatchObject({ totalRevenue: '0.00' });
    }
    const third = await call(s, 'POST', `/api/suppliers/tenders/${tender.id}/accept`);
    expect(third.statusCode).toBe(409);
    const all = (await call(farm, 'GET', '/api/tenders?status=pending')).json();
    expect(all.map((t: { id: number }) => t.id)).not.toContain(tender.id);
  });

  it('accepting fixes the final price at the farm quote and sells the offer', async () => {
    const s = await wizardSupplier();
    await approve(s.supplierId);
    const offer = await postOffer(s);
    const tender = await openTender(offer.id, '99.99');
    const res = await call(s, 'POST', `/api/suppliers/tenders/${tender.id}/accept`);
    expect(res.json()).toMatchObject({ status: 'accepted', finalPrice: '99.99' });
    expect((await call(s, 'GET', '/api/suppliers/metrics')).json()).toEqual({
      activeOffers: 0,
      totalOffers: 1,
      openTenders: 0,
      averageQuote: '99.99',
      totalRevenue: '99.99',
    });
    const inactive = await call(farm, 'POST', '/api/tenders', { offerId: offer.id, farmQuote: '5' });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(m.offerInactive);
  });

  it.each([
    [{ farmQuote: '0' }],
    [{ farmQuote: '0.00' }],
    [{ farmQuote: '-5' }],
    [{ farmQuote: '1.234' }],
    [{ farmQuote: 12 }],
    [{ farmQuote: '1e3' }],
    [{ farmQuote: '12345678901' }],
    [{ farmQuote: '10', marketQuote: 'ten' }],
  ])('400 for a quote that is not a positive amount: %o', async (overrides) => {
    const res = await call(farm, 'POST', '/api/tenders', { offerId: 1, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.amount);
  });

  it('404 for a missing offer or tender, 403 for another supplier’s tender, 403 for non-farm callers', async () => {
    const a = await wizardSupplier();
    const b = await wizardSupplier();
    await approve(a.supplierId);
    await approve(b.supplierId);
    const offer = await postOffer(a);
    const tender = await openTender(offer.id);
    expect((await call(farm, 'POST', '/api/tenders', { offerId: 999999, farmQuote: '5' })).statusCode).toBe(404);
    expect((await call(a, 'POST', '/api/suppliers/tenders/999999/accept')).statusCode).toBe(404);
    const theirs = await call(b, 'POST', `/api/suppliers/tenders/${tender.id}/accept`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(m.notYourTender);
    expect((await call(b, 'GET', '/api/suppliers/tenders')).json()).toEqual([]);
    for (const [method, url] of [
      ['GET', '/api/produce-offers'],
      ['GET', '/api/tenders'],
      ['POST', '/api/tenders'],
    ] as [Method, string][]) {
      const body = method === 'POST' ? { offerId: offer.id, farmQuote: '5' } : undefined;
      expect((await call(null, method, url, body)).statusCode).toBe(401);
      expect((await call(a, method, url, body)).statusCode).toBe(403);
      expect((await call(agent, method, url, body)).statusCode).toBe(403);
    }
  });

  it('a removed supplier: its offers leave the market, a tender on one is 409, approving it is 404', async () => {
    const s = await wizardSupplier();
    await approve(s.supplierId);
    const offer = await postOffer(s);
    expect((await call(farm, 'DELETE', `/api/users/${s.user.id}`)).statusCode).toBe(200);
    const market = (await call(farm, 'GET', '/api/produce-offers?limit=500')).json();
    expect(market.some((o: { id: number }) => o.id === offer.id)).toBe(false);
    const tender = await call(farm, 'POST', '/api/tenders', { offerId: offer.id, farmQuote: '100.00' });
    expect(tender.statusCode).toBe(409);
    expect(tender.json().message).toBe(m.supplierNotApprovedForTender);
    const rejected = await call(farm, 'POST', `/api/suppliers/${s.supplierId}/reject`);
    expect(rejected.statusCode).toBe(404);
    expect(rejected.json().message).toBe(m.supplierNotFound);
    // Restored (decision 022), it is back as it was: approved, its offer on the market again.
    expect((await call(farm, 'POST', `/api/admin/users/${s.user.id}/restore`)).statusCode).toBe(200);
    expect((await call(farm, 'POST', `/api/suppliers/${s.supplierId}/approve`)).statusCode).toBe(409);
    expect((await call(farm, 'POST', '/api/tenders', { offerId: offer.id, farmQuote: '100.00' })).statusCode).toBe(201);
  });

  it('409 for a tender on a supplier no longer approved', async () => {
    const s = await wizardSupplier();
    await approve(s.supplierId);
    const offer = await postOffer(s);
    await call(farm, 'POST', `/api/suppliers/${s.supplierId}/reject`);
    const res = await call(farm, 'POST', '/api/tenders', { offerId: offer.id, farmQuote: '5' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.supplierNotApprovedForTender);
  });
});

describe('crate requests and crate figures', () => {
  it('a request goes to the farm store; acknowledging it issues crates; figures follow', async () => {
    const s = await wizardSupplier();
    await approve(s.supplierId);
    const res = await call(s, 'POST', '/api/transmissions', {
      type: 'supplier_to_farm',
      quantity: 30,
      notes: 'Week 4',
    });
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json();
    const mine = (await call(s, 'GET', '/api/suppliers/crate-requests')).json();
    expect(mine).toEqual([
      expect.objectContaining({ id: request.id, quantity: 30, status: 'pending', businessName: 'Dlamini Peppers' }),
    ]);
    const pending = (await call(farm, 'GET', '/api/suppliers/crate-requests?status=pending')).json();
    expect(pending.map((r: { id: number }) => r.id)).toContain(request.id);

    const ack = await call(farm, 'PUT', `/api/transmissions/${request.id}/acknowledge`, { actualQuantity: 30 });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(
      (await call(farm, 'GET', '/api/suppliers/crate-requests?status=pending')).json().map((r: { id: number }) => r.id),
    ).not.toContain(request.id);
    expect((await call(s, 'GET', '/api/suppliers/crate-requests')).json()[0]).toMatchObject({
      status: 'acknowledged',
      actualQuantity: 30,
    });
    expect((await call(s, 'GET', '/api/suppliers/me')).json()).toMatchObject({
      totalCratesOwned: 30,
      cratesInUse: 0,
      availableCrates: 30,
    });
    await postOffer(s, { quantityCrates: 12 });
    expect((await call(s, 'GET', '/api/suppliers/me')).json()).toMatchObject({
      totalCratesOwned: 30,
      cratesInUse: 12,
      availableCrates: 18,
    });
    await postOffer(s, { quantityCrates: 100 });
    expect((await call(s, 'GET', '/api/suppliers/me')).json()).toMatchObject({
      totalCratesOwned: 30,
      cratesInUse: 30,
      availableCrates: 0,
    });
  });

  it("a removed supplier's pending request is withdrawn: it stops waiting and can never be fulfilled", async () => {
    const s = await wizardSupplier();
    await approve(s.supplierId);
    const request = (await call(s, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 7 })).json();
    const pendingIds = async () =>
      (await call(farm, 'GET', '/api/suppliers/crate-requests?status=pending')).json().map((r: { id: number }) => r.id);
    const waiting = async () => (await call(farm, 'GET', '/api/transmissions/pending-count')).json().count;
    const incoming = async () =>
      (await call(farm, 'GET', '/api/transmissions/incoming')).json().map((r: { id: number }) => r.id);
    const before = await waiting();
    expect(await pendingIds()).toContain(request.id);

    expect((await call(farm, 'DELETE', `/api/admin/users/${s.user.id}`)).statusCode).toBe(200);
    expect(await pendingIds()).not.toContain(request.id);
    expect(await waiting()).toBe(before - 1);
    expect(await incoming()).not.toContain(request.id);
    const stockBefore = (await call(farm, 'GET', '/api/farm-store/me')).json().stock;
    const refused = await call(farm, 'PUT', `/api/transmissions/${request.id}/acknowledge`, { actualQuantity: 7 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(transmissionMessages.withdrawn);
    expect((await call(farm, 'GET', '/api/farm-store/me')).json().stock).toBe(stockBefore);
    // Its history still shows it, withdrawn; a restored account asks again rather than reviving it.
    const all = (await call(farm, 'GET', '/api/suppliers/crate-requests')).json();
    expect(all.find((r: { id: number }) => r.id === request.id)).toMatchObject({ status: 'recalled' });
    expect((await call(farm, 'POST', `/api/admin/users/${s.user.id}/restore`)).statusCode).toBe(200);
    expect(await pendingIds()).not.toContain(request.id);
    expect((await call(farm, 'PUT', `/api/transmissions/${request.id}/acknowledge`, {})).statusCode).toBe(409);
    expect((await call(farm, 'GET', '/api/farm-store/me')).json().stock).toBe(stockBefore);
  });

  it('a supplier sees only its own requests; agents may not read them; 400 for a bad status', async () => {
    const a = await wizardSupplier();
    const b = await wizardSupplier();
    await approve(a.supplierId);
    await approve(b.supplierId);
    await call(a, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 3 });
    expect((await call(b, 'GET', '/api/suppliers/crate-requests')).json()).toEqual([]);
    expect((await call(agent, 'GET', '/api/suppliers/crate-requests')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/suppliers/crate-requests')).statusCode).toBe(401);
    expect((await call(farm, 'GET', '/api/suppliers/crate-requests?status=open')).statusCode).toBe(400);
  });
});

describe('PATCH /api/suppliers/me', () => {
  it('updates the profile and bank details; blank bank fields clear them', async () => {
    const s = await wizardSupplier();
    const res = await call(s, 'PATCH', '/api/suppliers/me', {
      businessName: 'Dlamini Fresh',
      contactPerson: 'Nomsa Dlamini',
      contactNumber: '+27 82 555 0000',
      farmLocation: 'Letsitele',
      certificationType: 'organic',
      bankName: 'Capitec',
      accountNumber: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      businessName: 'Dlamini Fresh',
      certificationType: 'organic',
      bankName: 'Capitec',
      accountNumber: null,
      branchCode: null,
      status: 'pending',
    });
    const bad = await call(s, 'PATCH', '/api/suppliers/me', { businessName: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(m.farmDetailsRequired);
  });
});
