import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { availabilities, pricingMessages, rangeStart, varieties } from '../../../shared/pricing.ts';
import { pepperPricing, pricingHistory } from '../../db/schema/index.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { ensureBuiltInPrices } from './service.ts';

const { app, farm } = await testFarm();
const agent = await registerAs(app, 'market_agent');
const supplier = await registerAs(app, 'supplier');
const today = farmToday(app.config.farmTimezone);

type Row = { id: number; variety: string; pricePerCrate: number; availability: string; updatedAt: string };
const list = async () => (await app.inject({ method: 'GET', url: '/api/pepper-pricing' })).json() as Row[];
const idOf = async (variety: string) => (await list()).find((r) => r.variety === variety)!.id;
const patch = (id: number | string, payload: unknown, account = farm) =>
  account.inject({ method: 'PATCH', url: `/api/pepper-pricing/${id}`, payload: payload as object });
const history = (query = '') => app.inject({ method: 'GET', url: `/api/pepper-pricing/history${query}` });

describe('GET /api/pepper-pricing', () => {
  it('lists the four varieties with a description, a price in cents and an availability, to anyone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pepper-pricing' });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as (Row & { description: string })[];
    expect(rows.map((r) => r.variety).sort()).toEqual([...varieties].sort());
    for (const r of rows) {
      expect(Number.isInteger(r.pricePerCrate)).toBe(true);
      expect(r.pricePerCrate).toBeGreaterThan(0);
      expect(availabilities).toContain(r.availability);
      expect(r.description.length).toBeGreaterThan(20);
      expect(new Date(r.updatedAt).getTime()).not.toBeNaN();
    }
  });

  it('gives each variety its current price as a first history point, effective today, once', async () => {
    await ensureBuiltInPrices(app.db, today); // a second start changes nothing
    const rows = await app.db.select().from(pricingHistory);
    const prices = await list();
    for (const p of prices) {
      const points = rows.filter((h) => h.variety === p.variety);
      expect(points).toEqual([expect.objectContaining({ effectiveDate: today, pricePerCrate: p.pricePerCrate })]);
    }
  });
});

describe('PATCH /api/pepper-pricing/{id}', () => {
  it('lets the farm store change a price and availability, and writes a history row with it', async () => {
    const id = await idOf('Hot Chili Peppers');
    const before = (await list()).find((r) => r.id === id)!;
    const res = await patch(id, { pricePerCrate: 23_450, availability: 'Limited' });
    expect(res.statusCode).toBe(200);
    const row = res.json();
    expect(row).toMatchObject({ id, variety: 'Hot Chili Peppers', pricePerCrate: 23_450, availability: 'Limited' });
    expect(new Date(row.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(before.updatedAt).getTime());
    expect((await list()).find((r) => r.id === id)).toMatchObject({ pricePerCrate: 23_450, availability: 'Limited' });

    const rows = (await app.db.select().from(pricingHistory)).filter((h) => h.variety === 'Hot Chili Peppers');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ effectiveDate: today, pricePerCrate: 23_450 });
  });

  it('writes no history row when only the availability changes', async () => {
    const id = await idOf('Hot Chili Peppers');
    const count = async () =>
      (await app.db.select().from(pricingHistory)).filter((h) => h.variety === 'Hot Chili Peppers').length;
    const before = await count();
    const res = await patch(id, { pricePerCrate: 23_450, availability: 'Out of Season' });
    expect(res.statusCode).toBe(200);
    expect(res.json().availability).toBe('Out of Season');
    expect(await count()).toBe(before);
  });

  it('records both of two simultaneous price changes in history, the final price being one of them', async () => {
    const id = await idOf('Sweet Mini Peppers');
    const [a, b] = await Promise.all([
      patch(id, { pricePerCrate: 20_100, availability: 'Limited' }),
      patch(id, { pricePerCrate: 20_200, availability: 'Limited' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = (await app.db.select().from(pricingHistory)).filter((h) => h.variety === 'Sweet Mini Peppers');
    expect(
      rows
        .map((r) => r.pricePerCrate)
        .slice(-2)
        .sort(),
    ).toEqual([20_100, 20_200]);
    const current = (await list()).find((r) => r.id === id)!.pricePerCrate;
    expect(current).toBe(rows[rows.length - 1].pricePerCrate);
  });

  it('answers 401 signed out and 403 for agents and suppliers, changing nothing', async () => {
    const id = await idOf('Eggfruit');
    const body = { pricePerCrate: 1, availability: 'Limited' };
    const signedOut = await app.inject({ method: 'PATCH', url: `/api/pepper-pricing/${id}`, payload: body });
    expect(signedOut.statusCode).toBe(401);
    expect((await patch(id, body, agent)).statusCode).toBe(403);
    expect((await patch(id, body, supplier)).statusCode).toBe(403);
    expect((await list()).find((r) => r.id === id)!.pricePerCrate).not.toBe(1);
  });

  it('refuses prices that are not whole positive cents within the bound, with clear messages', async () => {
    const id = await idOf('Eggfruit');
    const cases: [unknown, string][] = [
      [0, pricingMessages.pricePositive],
      [-500, pricingMessages.pricePositive],
      [123.45, pricingMessages.priceWhole],
      [10_000_001, pricingMessages.priceTooHigh],
      ['12000', pricingMessages.priceRequired],
      [undefined, pricingMessages.priceRequired],
    ];
    for (const [pricePerCrate, message] of cases) {
      const res = await patch(id, { pricePerCrate, availability: 'In Season' });
      expect(res.statusCode, String(pricePerCrate)).toBe(400);
      expect(res.json().errors.pricePerCrate).toBe(message);
    }
    const bad = await patch(id, { pricePerCrate: 12_000, availability: 'Sold out' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.availability).toBe(pricingMessages.availability);
    expect((await patch(id, {})).statusCode).toBe(400);
    const rows = (await app.db.select().from(pricingHistory)).filter((h) => h.variety === 'Eggfruit');
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    const missing = await patch(99_999, { pricePerCrate: 10_000, availability: 'In Season' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(pricingMessages.notFound);
    expect((await patch('abc', { pricePerCrate: 10_000, availability: 'In Season' })).statusCode).toBe(400);
    expect((await patch('99999999999', { pricePerCrate: 10_000, availability: 'In Season' })).statusCode).toBe(400);
  });

  it('accepts only JSON bodies', async () => {
    const id = await idOf('Eggfruit');
    const res = await farm.inject({
      method: 'PATCH',
      url: `/api/pepper-pricing/${id}`,
      headers: { 'content-type': 'text/plain' },
      payload: 'pricePerCrate=1',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('GET /api/pepper-pricing/history', () => {
  it('answers every variety by default and one with ?variety=, oldest first', async () => {
    const all = await history();
    expect(all.statusCode).toBe(200);
    const points = all.json() as { variety: string; effectiveDate: string; pricePerCrate: number }[];
    expect(new Set(points.map((p) => p.variety))).toEqual(new Set(varieties));
    for (const p of points) expect(Object.keys(p).sort()).toEqual(['effectiveDate', 'pricePerCrate', 'variety']);
    const dates = points.map((p) => p.effectiveDate);
    expect(dates).toEqual([...dates].sort());

    const one = await history('?variety=Sweet%20Mini%20Peppers&months=3');
    expect(one.statusCode).toBe(200);
    expect(one.json().every((p: { variety: string }) => p.variety === 'Sweet Mini Peppers')).toBe(true);
    expect(one.json().length).toBeGreaterThan(0);
  });

  it('keeps the last change of a day as that day’s point', async () => {
    const id = await idOf('Sweet Bell Peppers');
    await patch(id, { pricePerCrate: 17_000, availability: 'In Season' });
    await patch(id, { pricePerCrate: 17_500, availability: 'In Season' });
    const points = (await history('?variety=Sweet%20Bell%20Peppers')).json();
    expect(points).toEqual([{ variety: 'Sweet Bell Peppers', effectiveDate: today, pricePerCrate: 17_500 }]);
  });

  it('limits the range to the months asked, starting with the price then in effect', async () => {
    const old = (months: number, days = 0) => {
      const d = new Date(`${rangeStart(today, months)}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    await app.db.insert(pricingHistory).values([
      { variety: 'Eggfruit', effectiveDate: old(24, -10), pricePerCrate: 9_000 },
      { variety: 'Eggfruit', effectiveDate: old(12, -5), pricePerCrate: 10_000 },
      { variety: 'Eggfruit', effectiveDate: old(6, 3), pricePerCrate: 11_000 },
    ]);
    const six = (await history('?variety=Eggfruit&months=6')).json();
    expect(six[0]).toEqual({ variety: 'Eggfruit', effectiveDate: rangeStart(today, 6), pricePerCrate: 10_000 });
    expect(six.map((p: { pricePerCrate: number }) => p.pricePerCrate)).toEqual([10_000, 11_000, 12_000]);
    const twelve = (await history('?variety=Eggfruit')).json();
    expect(twelve[0]).toEqual({ variety: 'Eggfruit', effectiveDate: rangeStart(today, 12), pricePerCrate: 10_000 });
    const all = (await history('?variety=Eggfruit&months=24')).json();
    expect(all.map((p: { pricePerCrate: number }) => p.pricePerCrate)).toEqual([9_000, 10_000, 11_000, 12_000]);
  });

  it('refuses a range other than 3, 6, 12 or 24 months and an unknown variety', async () => {
    for (const q of ['?months=5', '?months=abc', '?months=36', '?variety=Tomatoes']) {
      const res = await history(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(/months|variety/);
    }
  });
});

describe('GET /api/pepper-pricing/export', () => {
  it('downloads a printable HTML report with a table and a chart per variety, to anyone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pepper-pricing/export?months=24' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pepper-price-history-24-months-${today}.html"`,
    );
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const page = res.body;
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('Pepper price history: last 24 months');
    for (const v of varieties) expect(page).toContain(`<h2>${v}</h2>`);
    expect(page.match(/<svg /g)).toHaveLength(4);
    expect(page).toContain('R\u00a0120.00');
    expect(page).not.toMatch(/<script|<link|<img|src=|url\(|@import/i);
    expect(page).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it('defaults to 12 months and refuses other ranges', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pepper-pricing/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('pepper-price-history-12-months-');
    expect((await app.inject({ method: 'GET', url: '/api/pepper-pricing/export?months=6' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/pepper-pricing/export?months=x' })).statusCode).toBe(400);
  });

  it('escapes every value it prints', async () => {
    const evil = '<script>alert("x")</script> & Co';
    await app.db
      .insert(pepperPricing)
      .values({ variety: evil, description: 'x', pricePerCrate: 5_000, availability: 'Limited' });
    await app.db.insert(pricingHistory).values({ variety: evil, effectiveDate: today, pricePerCrate: 5_000 });
    const res = await app.inject({ method: 'GET', url: '/api/pepper-pricing/export' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
  });

  it('limits exports per address with 429', async () => {
    const remoteAddress = '10.20.30.40';
    const get = () => app.inject({ method: 'GET', url: '/api/pepper-pricing/export', remoteAddress });
    for (let i = 0; i < 30; i++) expect((await get()).statusCode).toBe(200);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(pricingMessages.tooManyExports);
  });
});
