// The audit trail through the API (decision 027): what a few representative changes
// write (who, what, which record, summary, address), that refusals write nothing but security events,
// that the database refuses to edit the trail, and the farm store's list, filters, paging and CSV.
import { count, desc, gt, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Account, registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { addStock, registerAgent, send } from '../../../../tests/support/transmissions.ts';
import { AUDIT_CSV_COLUMNS, type AuditEntry } from '../../../shared/audit.ts';
import { auditLog } from '../../db/schema/index.ts';
import { farmToday } from '../../lib/farm-date.ts';

const app = await buildTestApp();
const farm = await registerAs(app, 'farm_store', { name: 'Nomsa Farm' });
const agent = await registerAgent(app, { name: 'Sipho Agent' });
const supplier = await registerAs(app, 'supplier', { name: 'Lerato Supplier' });

type Row = typeof auditLog.$inferSelect;
const lastId = async () =>
  (await app.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
const rowsSince = (id: number): Promise<Row[]> =>
  app.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);

/** The rows a call appended. */
async function appended(call: () => Promise<LightMyRequestResponse>, status = 200) {
  const before = await lastId();
  const res = await call();
  expect(res.statusCode).toBe(status);
  return { res, rows: await rowsSince(before) };
}

const FARM_IP = '198.51.100.7';
const asFarm = (opts: Parameters<Account['inject']>[0]) => farm.inject({ ...opts, remoteAddress: FARM_IP });

describe('what a change writes', () => {
  it('a registration: the new account is who and which record', async () => {
    const before = await lastId();
    const account = await registerAs(app, 'market_agent');
    const [row] = await rowsSince(before);
    expect(row).toMatchObject({
      action: 'user.register',
      userId: account.user.id,
      role: 'market_agent',
      recordType: 'user',
      recordId: account.user.id,
      route: 'POST /api/auth/register',
    });
  });

  it('a price change: the farm store, the price record, and the price before → after', async () => {
    const [price] = (await app.inject({ method: 'GET', url: '/api/pepper-pricing' })).json();
    const { rows } = await appended(() =>
      asFarm({
        method: 'PATCH',
        url: `/api/pepper-pricing/${price.id}`,
        payload: { pricePerCrate: price.pricePerCrate + 2000, availability: 'Limited' },
      }),
    );
    const rand = (cents: number) => `R ${(cents / 100).toFixed(2)}`;
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'pricing.update',
        userId: farm.user.id,
        role: 'farm_store',
        recordType: 'pepper-pricing',
        recordId: price.id,
        address: FARM_IP,
        route: 'PATCH /api/pepper-pricing/:id',
        summary: `${price.variety}: pricePerCrate ${rand(price.pricePerCrate)} → ${rand(price.pricePerCrate + 2000)}${
          price.availability === 'Limited' ? '' : `; availability ${price.availability} → Limited`
        }`,
      }),
    ]);
    expect(rows[0].createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("an acknowledgement: the agent, the transmission and 'counted 8 of 10'", async () => {
    await addStock(farm, 100);
    const sent = await send(farm, agent, 10);
    const { rows } = await appended(() =>
      agent.inject({ method: 'PUT', url: `/api/transmissions/${sent.id}/acknowledge`, payload: { actualQuantity: 8 } }),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'transmission.acknowledge',
        userId: agent.user.id,
        role: 'market_agent',
        recordType: 'transmission',
        recordId: sent.id,
        summary: 'counted 8 of 10; status pending → acknowledged',
      }),
    ]);
  });

  it('a stock adjustment names the ledger entry and the stock before → after', async () => {
    const stock = (await asFarm({ method: 'GET', url: '/api/farm-store/me' })).json().stock;
    const { res, rows } = await appended(
      () =>
        asFarm({
          method: 'POST',
          url: '/api/farm-store/stock-adjustments',
          payload: { quantity: -5, reason: 'Damaged' },
        }),
      201,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'stock.adjust',
        recordType: 'crate-movement',
        recordId: res.json().entry.id,
        summary: `farm stock ${stock} → ${stock - 5} (-5: Damaged)`,
      }),
    ]);
  });

  it("a supplier's approval: 'status pending → approved'", async () => {
    const pending = (await asFarm({ method: 'GET', url: '/api/suppliers/pending' })).json();
    const record = pending.find((p: { userId: number }) => p.userId === supplier.user.id);
    const { rows } = await appended(() => asFarm({ method: 'POST', url: `/api/suppliers/${record.id}/approve` }));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'supplier.approve',
        recordType: 'supplier',
        recordId: record.id,
        summary: 'status pending → approved',
      }),
    ]);
  });

  it('a password reset and bank details: no password, no full account number', async () => {
    const managed = await registerAgent(app);
    const reset = await appended(() => asFarm({ method: 'POST', url: `/api/users/${managed.user.id}/reset-password` }));
    const generated = reset.res.json().generatedPassword as string;
    expect(reset.rows).toEqual([
      expect.objectContaining({ action: 'user.reset-password', recordType: 'user', recordId: managed.user.id }),
    ]);
    const bank = { bankName: 'FNB', accountNumber: '62001234567', branchCode: '250655', accountHolderName: 'S Agent' };
    const saved = await appended(() =>
      agent.inject({ method: 'PUT', url: '/api/market-agents/me/bank-details', payload: bank }),
    );
    expect(saved.rows).toEqual([
      expect.objectContaining({
        action: 'bank-details.update',
        userId: agent.user.id,
        recordType: 'user',
        recordId: agent.user.id,
        summary: 'bank details → FNB, account ****4567, current',
      }),
    ]);
    const everything = JSON.stringify(await app.db.select().from(auditLog));
    expect(everything).not.toContain(generated);
    expect(everything).not.toContain('62001234567');
    expect(everything).not.toContain('secret123');
  });

  it('a refused change writes nothing: its transaction rolled back', async () => {
    const { rows } = await appended(
      () =>
        asFarm({
          method: 'POST',
          url: '/api/farm-store/stock-adjustments',
          payload: { quantity: -1_000_000, reason: 'x' },
        }),
      409,
    );
    expect(rows).toEqual([]);
  });

  it('sign-in and sign-out: the account, the address', async () => {
    const signIn = await appended(() =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: agent.user.email, password: agent.password },
        remoteAddress: '192.0.2.10',
      }),
    );
    expect(signIn.rows).toEqual([
      expect.objectContaining({
        action: 'auth.sign-in',
        userId: agent.user.id,
        recordId: agent.user.id,
        address: '192.0.2.10',
      }),
    ]);
    const cookie = `ck_session=${signIn.res.cookies.find((c) => c.name === 'ck_session')!.value}`;
    const signOut = await appended(() => app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } }));
    expect(signOut.rows).toEqual([
      expect.objectContaining({ action: 'auth.sign-out', userId: agent.user.id, role: 'market_agent' }),
    ]);
  });
});

describe('security events', () => {
  const login = (email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('a failed sign-in: anonymous, about the account, never the password typed', async () => {
    const { rows } = await appended(() => login(agent.user.email, 'wrong-password-1', '192.0.2.20'), 401);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'sign-in.failed',
        userId: null,
        role: null,
        recordType: 'user',
        recordId: agent.user.id,
        address: '192.0.2.20',
        route: 'POST /api/auth/login',
      }),
    ]);
    expect(rows[0].summary).toContain(`for ${agent.user.email}`);
    expect(rows[0].summary).not.toContain('wrong-password-1');
    // What was typed into the e-mail field is kept only when it is an e-mail address.
    const typo = await appended(() => login('my secret pass', 'x', '192.0.2.20'), 401);
    expect(typo.rows[0]).toMatchObject({ action: 'sign-in.failed', recordId: null });
    expect(typo.rows[0].summary).not.toContain('my secret pass');
  });

  it('a limit tripped: recorded once per address in 15 minutes, however many refusals', async () => {
    const ip = '192.0.2.30';
    const contact = () =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'V', email: 'v@example.com', subject: 'Hi', message: 'Hello' },
        remoteAddress: ip,
      });
    let status = 200;
    for (let i = 0; i < 10 && status !== 429; i++) status = (await contact()).statusCode;
    expect(status).toBe(429);
    const before = await lastId();
    expect((await contact()).statusCode).toBe(429);
    const tripped = await app.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'rate-limit.tripped' and ${auditLog.address} = ${ip}`);
    expect(tripped).toEqual([
      expect.objectContaining({
        route: 'POST /api/contact',
        userId: null,
        summary: expect.stringContaining('refused'),
      }),
    ]);
    expect(await rowsSince(before)).toEqual([]);
    // The messages that were accepted are audited as received, with the e-mails they queued.
    const received = await app.db.select().from(auditLog).where(sql`${auditLog.address} = ${ip}`);
    expect(received.filter((r) => r.action === 'contact.send').length).toBeGreaterThan(0);
    expect(received.filter((r) => r.action === 'email.queue').length).toBeGreaterThan(0);
  });
});

describe('the database keeps the trail as written', () => {
  const refusal = async (statement: ReturnType<typeof sql>) => {
    try {
      await app.db.execute(statement);
      return 'accepted';
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      return e.code ?? e.cause?.code;
    }
  };

  it('refuses UPDATE, DELETE and TRUNCATE, and nothing changes', async () => {
    const [{ n }] = await app.db.select({ n: count() }).from(auditLog);
    const first = (await app.db.select().from(auditLog).orderBy(auditLog.id).limit(1))[0];
    expect(await refusal(sql`update audit_log set summary = 'edited' where id = ${first.id}`)).toBe('23001');
    expect(await refusal(sql`update audit_log set user_id = null`)).toBe('23001');
    expect(await refusal(sql`delete from audit_log where id = ${first.id}`)).toBe('23001');
    expect(await refusal(sql`delete from audit_log`)).toBe('23001');
    expect(await refusal(sql`truncate audit_log`)).toBe('23001');
    expect((await app.db.select({ n: count() }).from(auditLog))[0].n).toBe(n);
    expect((await app.db.select().from(auditLog).orderBy(auditLog.id).limit(1))[0]).toEqual(first);
  });
});

describe('GET /api/audit', () => {
  const list = async (query = '') => {
    const res = await farm.inject({ method: 'GET', url: `/api/audit${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as AuditEntry[];
  };

  it('is newest first, with who acted', async () => {
    const entries = await list();
    expect(entries.length).toBeGreaterThan(5);
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const priced = entries.find((e) => e.action === 'pricing.update')!;
    expect(priced).toMatchObject({
      user: { id: farm.user.id, name: 'Nomsa Farm', email: farm.user.email },
      role: 'farm_store',
      address: FARM_IP,
    });
  });

  it('filters by person, action and farm days, and pages with ?limit=&before=', async () => {
    const mine = await list(`?userId=${agent.user.id}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.user?.id === agent.user.id)).toBe(true);
    const acks = await list('?action=transmission.acknowledge');
    expect(acks.map((e) => e.action)).toEqual(['transmission.acknowledge']);
    const both = await list(`?action=transmission.acknowledge&userId=${farm.user.id}`);
    expect(both).toEqual([]);

    const today = farmToday(app.config.farmTimezone);
    const all = await list();
    expect(await list(`?from=${today}&to=${today}`)).toEqual(all);
    expect(await list('?to=2000-01-02')).toEqual([]);
    expect(await list('?from=2100-01-01')).toEqual([]);

    const first = await list('?limit=2');
    expect(first.map((e) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    const next = await list(`?limit=2&before=${first[1].id}`);
    expect(next.map((e) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
  });

  it('refuses filters it does not know (400)', async () => {
    for (const query of [
      '?action=nope',
      '?from=2026-02-30',
      '?from=2026-11-02&to=2026-11-01',
      '?userId=x',
      '?limit=0',
    ]) {
      const res = await farm.inject({ method: 'GET', url: `/api/audit${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('lists every account for the person filter', async () => {
    const res = await farm.inject({ method: 'GET', url: '/api/audit/people' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([farm.user.id, agent.user.id, supplier.user.id]));
  });

  it("is the farm store's only: 401 signed out, 403 for an agent or a supplier", async () => {
    for (const url of ['/api/audit', '/api/audit/people', '/api/audit.csv']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await agent.inject({ method: 'GET', url })).statusCode, url).toBe(403);
      expect((await supplier.inject({ method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});

describe('GET /api/audit.csv', () => {
  it('is UTF-8 RFC 4180 CSV with a header, formulas neutralised, no full account number', async () => {
    const quirky = await registerAgent(app, { name: 'Zoë Agent' });
    await farm.inject({
      method: 'POST',
      url: '/api/farm-store/opening-balances',
      payload: { marketAgentId: quirky.marketAgentId, fullCrates: 5, reason: '=HYPERLINK("http://evil","x")' },
    });
    const res = await farm.inject({ method: 'GET', url: '/api/audit.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="cratekeeper-activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\ufeff')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(body).toContain('Zoë Agent');
    // The summary starts with '+5 full', a formula to a spreadsheet: it gets a leading apostrophe.
    const opening = lines.find((l) => l.includes('stock.opening-balance'))!;
    expect(opening).toContain(`"'+5 full, +0 empty crates (=HYPERLINK(""http://evil"",""x""))"`);
    expect(body).not.toContain('62001234567');
    expect(body).toContain('****4567');
    expect(lines.filter((l) => l !== '').length - 1).toBe((await app.db.select({ n: count() }).from(auditLog))[0].n);
  });

  it('streams the filtered trail', async () => {
    const res = await farm.inject({ method: 'GET', url: '/api/audit.csv?action=transmission.acknowledge' });
    const lines = res.body.split('\r\n').filter((l) => l !== '');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('counted 8 of 10');
  });
});
