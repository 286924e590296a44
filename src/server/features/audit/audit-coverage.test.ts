// Every mutation route is audited, in its own transaction (decision 027). Walks the route table: each
// mutation has a successful call here (a new route without one fails the first test), and after each
// call (1) at least one audit row was appended, naming that route; (2) every transaction that wrote a
// row anywhere also appended an audit row; (3) every audit row shares its transaction with the change
// it describes. Transactions are told apart by the xmin system column of the rows they wrote.
import { sql } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import {
  type Account,
  registerAs,
  registrationFor,
  sessionCookie,
  uniqueEmail,
} from '../../../../tests/support/accounts.ts';
import { ONE_PIXEL_PNG_BASE64 } from '../../../../tests/support/photos.ts';
import { askEveryCachedRoute, staleCachedAnswers } from '../../../../tests/support/read-cache.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import {
  type AgentAccount,
  acknowledge,
  enterOpeningBalance,
  registerAgent,
  registerApprovedSupplier,
  send,
} from '../../../../tests/support/transmissions.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';
import { acknowledgeTransmission } from '../transmissions/service.ts';
import auditPlugin from './plugin.ts';

const { app, farm } = await testFarm({ stock: 10_000 });

/** An agent with crates to lend and to return. */
async function stockedAgent(): Promise<AgentAccount> {
  const agent = await registerAgent(app);
  await enterOpeningBalance(farm, agent, { fullCrates: 100, emptyCrates: 100 });
  return agent;
}
const agent = await stockedAgent();
const supplier = await registerApprovedSupplier(app);
/** Who reads the cached routes around each write (read-cache check). */
const readers = [farm, agent, supplier];

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (account: Account | null, method: Method, url: string, payload?: object) =>
  (account ? account.inject : app.inject.bind(app))({ method, url, ...(payload ? { payload } : {}) });
const ok = async (res: Promise<LightMyRequestResponse>) => {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`setup failed: ${r.statusCode} ${r.body}`);
  return r.json();
};

const bank = { bankName: 'FNB', accountNumber: '62001234567', branchCode: '250655', accountHolderName: 'Holder' };
const offerBody = { produceName: 'Peppers', produceType: 'Sweet', quality: 'Class 1', quantityCrates: 5 };
const newOffer = () => ok(call(supplier, 'POST', '/api/suppliers/offers', offerBody));
const newTender = async () =>
  ok(call(farm, 'POST', '/api/tenders', { offerId: (await newOffer()).id, farmQuote: '10.00' }));
const pendingSupplierId = async () => {
  const pending = await registerAs(app, 'supplier');
  const list = await ok(call(farm, 'GET' as Method, '/api/suppliers/pending'));
  return list.find((s: { userId: number }) => s.userId === pending.user.id).id as number;
};
const newClient = () =>
  ok(
    call(agent, 'POST', '/api/clients', { businessName: 'Fresh', clientName: 'Thabo', contactNumber: '082 123 4567' }),
  );
const newLoan = async () =>
  ok(call(agent, 'POST', '/api/client-transactions', { clientId: (await newClient()).id, quantityBorrowed: 5 }));
const report = { reportType: 'weekly', dateRange: {}, selectedAgentId: 'all' };

/** A day `n` days from the farm's today, and noon on it (UTC+2 all year). */
const day = (n: number) => addDays(farmToday(app.config.farmTimezone), n);

/** For each mutation route: whatever it needs, then the call itself (returned unstarted). */
type Prepared = () => Promise<LightMyRequestResponse>;
const walk: Record<string, () => Promise<Prepared>> = {
  'POST /api/auth/register': async () => () =>
    call(null, 'POST', '/api/auth/register', registrationFor('market_agent')),
  'POST /api/auth/register-supplier': async () => () =>
    call(null, 'POST', '/api/auth/register-supplier', {
      name: 'New Supplier',
      email: uniqueEmail('wizard'),
      password: 'secret123',
      businessName: 'B',
      contactPerson: 'C',
      contactNumber: '082 000 0000',
      farmLocation: 'F',
      certificationType: 'organic',
      ...bank,
    }),
  'POST /api/auth/login': async () => () =>
    call(null, 'POST', '/api/auth/login', { email: agent.user.email, password: agent.password }),
  'POST /api/auth/logout': async () => {
    const res = await call(null, 'POST', '/api/auth/login', { email: agent.user.email, password: agent.password });
    const cookie = sessionCookie(res);
    return () => app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
  },
  'POST /api/auth/change-password': async () => {
    const account = await registerAs(app, 'supplier');
    return () =>
      call(account, 'POST', '/api/auth/change-password', {
        currentPassword: account.password,
        newPassword: 'new-pass-1',
      });
  },
  'PUT /api/auth/me/language': async () => () => call(agent, 'PUT', '/api/auth/me/language', { language: 'zu' }),
  'POST /api/transmissions': async () => () =>
    call(farm, 'POST', '/api/transmissions', {
      type: 'farm_to_market',
      marketAgentId: agent.marketAgentId,
      toUserId: agent.user.id,
      quantity: 3,
    }),
  'PUT /api/transmissions/:id/acknowledge': async () => {
    const { id } = await send(farm, agent, 4);
    return () => call(agent, 'PUT', `/api/transmissions/${id}/acknowledge`, { actualQuantity: 4 });
  },
  'PUT /api/transmissions/:id/recall': async () => {
    const { id } = await send(farm, agent, 4);
    return () => call(farm, 'PUT', `/api/transmissions/${id}/recall`);
  },
  'PUT /api/transmissions/:id/resolve': async () => {
    const { id } = await send(farm, agent, 5);
    await acknowledge(agent, id, 3);
    return () => call(farm, 'PUT', `/api/transmissions/${id}/resolve`, { note: 'two found', foundQuantity: 2 });
  },
  'PUT /api/market-agents/me/bank-details': async () => () =>
    call(agent, 'PUT', '/api/market-agents/me/bank-details', bank),
  'POST /api/billing/create-cycle': async () => () =>
    call(farm, 'POST', '/api/billing/create-cycle', {
      startDate: '2090-01-01',
      endDate: '2090-01-31',
      ratePerCrate: '0.70',
    }),
  'POST /api/billing/cycles/:cycleId/payments': async () => {
    // A return counted 40 days ago, in a cycle that has ended, by an agent with bank details.
    const payee = await stockedAgent();
    await ok(call(payee, 'PUT', '/api/market-agents/me/bank-details', bank));
    const { id } = await ok(call(payee, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 6 }));
    await acknowledgeTransmission(app.db, { id: farm.user.id, role: 'farm_store' }, id, null, {
      at: new Date(`${day(-40)}T10:00:00Z`),
    });
    const cycle = await ok(
      call(farm, 'POST', '/api/billing/create-cycle', { startDate: day(-45), endDate: day(-35), ratePerCrate: '0.50' }),
    );
    return () =>
      call(farm, 'POST', `/api/billing/cycles/${cycle.id}/payments`, { paidOn: day(-1), reference: 'EFT 1' });
  },
  'POST /api/farm-store/stock-adjustments': async () => () =>
    call(farm, 'POST', '/api/farm-store/stock-adjustments', { quantity: 5, reason: 'Bought' }),
  // The test config sets the code (FARM_ACCESS_CODE), which is the operator's: the farm store replaces
  // only a generated one, so the call runs as on a farm without that setting.
  'POST /api/farm-store/access-code/rotate': async () => () => {
    const configured = app.config.farmAccessCode;
    app.config.farmAccessCode = undefined;
    return call(farm, 'POST', '/api/farm-store/access-code/rotate').finally(() => {
      app.config.farmAccessCode = configured;
    });
  },
  'PUT /api/farm-store/farm-name': async () => () =>
    call(farm, 'PUT', '/api/farm-store/farm-name', { name: 'Soweto Pepper Farm' }),
  'PUT /api/farm-store/stack-size': async () => () =>
    call(farm, 'PUT', '/api/farm-store/stack-size', { stackSize: 20 }),
  'PUT /api/farm-store/produce-lists': async () => () =>
    call(farm, 'PUT', '/api/farm-store/produce-lists', {
      produceTypes: ['Sweet Bell Peppers'],
      qualities: ['Class 1'],
    }),
  'POST /api/farm-store/opening-balances': async () => {
    const fresh = await registerAgent(app);
    return () =>
      call(farm, 'POST', '/api/farm-store/opening-balances', { marketAgentId: fresh.marketAgentId, fullCrates: 3 });
  },
  'PATCH /api/pepper-pricing/:id': async () => {
    const [price] = await ok(app.inject({ method: 'GET', url: '/api/pepper-pricing' }));
    return () =>
      call(farm, 'PATCH', `/api/pepper-pricing/${price.id}`, {
        pricePerCrate: price.pricePerCrate + 100,
        availability: 'Limited',
      });
  },
  'POST /api/contact': async () => () =>
    call(null, 'POST', '/api/contact', { name: 'V', email: 'v@example.com', subject: 'Crates', message: 'Hello' }),
  'PATCH /api/contact-messages/:id': async () => {
    const [message] = await ok(
      app.inject({ method: 'GET', url: '/api/contact-messages', headers: { cookie: farm.cookie } }),
    );
    return () => call(farm, 'PATCH', `/api/contact-messages/${message.id}`, { isRead: true });
  },
  'POST /api/suppliers/:id/approve': async () => {
    const id = await pendingSupplierId();
    return () => call(farm, 'POST', `/api/suppliers/${id}/approve`);
  },
  'POST /api/suppliers/:id/reject': async () => {
    const id = await pendingSupplierId();
    return () => call(farm, 'POST', `/api/suppliers/${id}/reject`);
  },
  'PATCH /api/suppliers/me': async () => () =>
    call(supplier, 'PATCH', '/api/suppliers/me', {
      businessName: 'B2',
      contactPerson: 'C',
      contactNumber: '082 000 0000',
      farmLocation: 'F',
      certificationType: 'organic',
      ...bank,
    }),
  'POST /api/suppliers/offers': async () => () => call(supplier, 'POST', '/api/suppliers/offers', offerBody),
  'PATCH /api/suppliers/offers/:id': async () => {
    const offer = await newOffer();
    return () => call(supplier, 'PATCH', `/api/suppliers/offers/${offer.id}`, { description: 'Crisp' });
  },
  'POST /api/suppliers/tenders/:id/accept': async () => {
    const tender = await newTender();
    return () => call(supplier, 'POST', `/api/suppliers/tenders/${tender.id}/accept`);
  },
  'POST /api/suppliers/tenders/:id/reject': async () => {
    const tender = await newTender();
    return () => call(supplier, 'POST', `/api/suppliers/tenders/${tender.id}/reject`);
  },
  'POST /api/tenders': async () => {
    const offer = await newOffer();
    return () => call(farm, 'POST', '/api/tenders', { offerId: offer.id, farmQuote: '11.00' });
  },
  'DELETE /api/admin/users/:id': async () => {
    const user = await registerAgent(app);
    return () => call(farm, 'DELETE', `/api/admin/users/${user.user.id}`);
  },
  'DELETE /api/users/:id': async () => {
    const user = await registerAgent(app);
    return () => call(farm, 'DELETE', `/api/users/${user.user.id}`);
  },
  'POST /api/admin/users/:id/restore': async () => {
    const user = await registerAgent(app);
    await ok(call(farm, 'DELETE', `/api/users/${user.user.id}`));
    return () => call(farm, 'POST', `/api/admin/users/${user.user.id}/restore`);
  },
  'PATCH /api/admin/users/:id/password': async () => {
    const user = await registerAgent(app);
    return () => call(farm, 'PATCH', `/api/admin/users/${user.user.id}/password`, { newPassword: 'typed-pass' });
  },
  'POST /api/users/:id/reset-password': async () => {
    const user = await registerAgent(app);
    return () => call(farm, 'POST', `/api/users/${user.user.id}/reset-password`);
  },
  'POST /api/clients': async () => () =>
    call(agent, 'POST', '/api/clients', { businessName: 'Fresh', clientName: 'Thabo', contactNumber: '082 123 4567' }),
  'PATCH /api/clients/:id': async () => {
    const client = await newClient();
    return () => call(agent, 'PATCH', `/api/clients/${client.id}`, { clientName: 'Thabo M' });
  },
  'POST /api/client-transactions': async () => {
    const client = await newClient();
    return () => call(agent, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed: 2 });
  },
  'PUT /api/client-transactions/:id/return': async () => {
    const loan = await newLoan();
    return () => call(agent, 'PUT', `/api/client-transactions/${loan.id}/return`, { quantityReturned: 1 });
  },
  'PUT /api/client-transactions/:id': async () => {
    const loan = await newLoan();
    return () => call(agent, 'PUT', `/api/client-transactions/${loan.id}`, { quantityReturned: 1 });
  },
  'POST /api/reports/email': async () => () => call(farm, 'POST', '/api/reports/email', report),
  // One weekly summary per agent per week (decision 046): each walk starts from a week with none sent.
  'POST /api/reports/weekly': async () => {
    await forgetWeeklySummaries();
    return () => call(farm, 'POST', '/api/reports/weekly', {});
  },
  'POST /api/notifications/weekly-reports': async () => {
    await forgetWeeklySummaries();
    return () => call(farm, 'POST', '/api/notifications/weekly-reports', {});
  },
  // Previews send nothing: they must append and write nothing.
  'POST /api/reports/email/preview': async () => () => call(farm, 'POST', '/api/reports/email/preview', report),
  'POST /api/reports/weekly/preview': async () => () => call(farm, 'POST', '/api/reports/weekly/preview', {}),
  // Imports (decision 050): the preview changes nothing; each commit is a file not imported before.
  'POST /api/imports/preview': async () => () => call(farm, 'POST', '/api/imports/preview', importFile()),
  'POST /api/imports': async () => () => call(farm, 'POST', '/api/imports', importFile()),
  // Stock takes (decision 051): each walk counts a fresh agent, so none is still counting.
  'POST /api/stock-takes': async () => {
    const counted = await stockedAgent();
    return () => call(farm, 'POST', '/api/stock-takes', { marketAgentIds: [counted.marketAgentId] });
  },
  'PUT /api/stock-takes/counts/:id/submit': async () => {
    const { counter, countId, figures } = await stockTakeToCount();
    return () => call(counter, 'PUT', `/api/stock-takes/counts/${countId}/submit`, figures);
  },
  'PUT /api/stock-takes/lines/:id/resolve': async () => {
    const { counter, countId, figures } = await stockTakeToCount();
    const counted = await ok(call(counter, 'PUT', `/api/stock-takes/counts/${countId}/submit`, figures));
    const line = counted.lines.find((l: { difference: number }) => l.difference !== 0);
    return () => call(farm, 'PUT', `/api/stock-takes/lines/${line.id}/resolve`, { action: 'recount' });
  },
  // Evidence (decision 053): a photo on a fresh agent's stock-take difference.
  'POST /api/evidence': async () => {
    const { counter, countId, figures } = await stockTakeToCount();
    const counted = await ok(call(counter, 'PUT', `/api/stock-takes/counts/${countId}/submit`, figures));
    const line = counted.lines.find((l: { difference: number }) => l.difference !== 0);
    const photo = ONE_PIXEL_PNG_BASE64;
    return () =>
      call(counter, 'POST', '/api/evidence', {
        recordKind: 'stock-take-line',
        recordId: line.id,
        contentType: 'image/png',
        photo,
        note: 'One crate short',
      });
  },
  // API tokens and webhooks (decision 063).
  'POST /api/api-tokens': async () => () => call(farm, 'POST', '/api/api-tokens', { name: 'Audit', scope: 'read' }),
  'DELETE /api/api-tokens/:id': async () => {
    const { id } = await ok(call(farm, 'POST', '/api/api-tokens', { name: 'Audit', scope: 'read' }));
    return () => call(farm, 'DELETE', `/api/api-tokens/${id}`);
  },
  'POST /api/webhooks': async () => () => call(farm, 'POST', '/api/webhooks', webhook),
  'DELETE /api/webhooks/:id': async () => {
    const { id } = await ok(call(farm, 'POST', '/api/webhooks', webhook));
    return () => call(farm, 'DELETE', `/api/webhooks/${id}`);
  },
  'POST /api/webhooks/:id/test': async () => {
    const { id } = await ok(call(farm, 'POST', '/api/webhooks', webhook));
    return () => call(farm, 'POST', `/api/webhooks/${id}/test`);
  },
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': async () => {
    const { id } = await ok(call(farm, 'POST', '/api/webhooks', webhook));
    const delivery = await ok(call(farm, 'POST', `/api/webhooks/${id}/test`));
    return () => call(farm, 'POST', `/api/webhooks/${id}/deliveries/${delivery.id}/resend`);
  },
  // Monthly statements (decision 064): each for an agent of its own, last month (ended).
  'POST /api/balance-statements': async () => {
    const { marketAgentId } = await stockedAgent();
    return () => call(farm, 'POST', '/api/balance-statements', { month: lastMonth(), marketAgentIds: [marketAgentId] });
  },
  'PUT /api/balance-statements/:id/confirm': async () => {
    const [who, id] = await issuedStatement();
    return () => call(who, 'PUT', `/api/balance-statements/${id}/confirm`);
  },
  'PUT /api/balance-statements/:id/dispute': async () => {
    const [who, id] = await issuedStatement();
    return () => call(who, 'PUT', `/api/balance-statements/${id}/dispute`, { believedClosing: 3, note: 'Three more' });
  },
  'PUT /api/balance-statements/:id/resolve': async () => {
    const [who, id] = await issuedStatement();
    await ok(call(who, 'PUT', `/api/balance-statements/${id}/dispute`, { believedClosing: 3, note: 'Three more' }));
    return () => call(farm, 'PUT', `/api/balance-statements/${id}/resolve`, { action: 'answer', note: 'Our count' });
  },
  'POST /api/clients/:id/statement-links': async () => {
    const { id } = await newClient();
    return () => call(agent, 'POST', `/api/clients/${id}/statement-links`);
  },
  'DELETE /api/clients/:id/statement-links/:linkId': async () => {
    const { id } = await newClient();
    const link = await ok(call(agent, 'POST', `/api/clients/${id}/statement-links`));
    return () => call(agent, 'DELETE', `/api/clients/${id}/statement-links/${link.id}`);
  },
  // Declared as changing nothing (a document made on request): it must append and write nothing.
  'POST /api/reports/generate': async () => () => call(farm, 'POST', '/api/reports/generate', report),
};

/** YYYY-MM of last month (ended, so a statement may be issued for it). */
const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 7);
};
/** A new agent with last month's statement issued: the agent and the statement's id. */
const issuedStatement = async (): Promise<[Account, number]> => {
  const who = await stockedAgent();
  const [statement] = await ok(
    call(farm, 'POST', '/api/balance-statements', { month: lastMonth(), marketAgentIds: [who.marketAgentId] }),
  );
  return [who, statement.id];
};

const webhook = { url: 'https://1.1.1.1/hook', events: ['transmission.created', 'loan.created'] };

/** A one-agent file with a new e-mail each time (the same file twice is refused). */
const importFile = () => ({
  fileName: 'agents.csv',
  content: Buffer.from(
    `Agent e-mail,Agent name,Phone,Full crates\n${uniqueEmail('imported')},Imported Agent,082 555 0100,2\n`,
  ).toString('base64'),
});

/** A new agent with a stock take started for it, and figures one full crate short. */
async function stockTakeToCount() {
  const counter = await stockedAgent();
  await ok(call(farm, 'POST', '/api/stock-takes', { marketAgentIds: [counter.marketAgentId] }));
  const toCount = await ok(counter.inject({ method: 'GET', url: '/api/stock-takes/current' }));
  const figures = {
    fullCrates: toCount.toCount[0].expected - 1,
    emptyCrates: toCount.toCount[1].expected,
    clients: toCount.toCount
      .slice(2)
      .map((l: { clientId: number; expected: number }) => ({ clientId: l.clientId, counted: l.expected })),
  };
  return { counter, countId: toCount.count.id as number, figures };
}

async function forgetWeeklySummaries() {
  await app.db.execute(sql`delete from weekly_summary_sends`);
}

const mutations = app.routeAccess.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);

/** The transaction ids that wrote rows still visible now, per table, after the transaction `since`. */
async function writersSince(since: bigint) {
  const tables = await app.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  // xmin is a 32-bit transaction id; txid_current() carries the epoch above it.
  const low = since & 0xffff_ffffn;
  const query = tables.rows
    .map((t) => `select '${t.name}' as tbl, xmin::text as xid from "${t.name}" where xmin::text::bigint > ${low}`)
    .join(' union ');
  const rows = await app.db.execute<{ tbl: string; xid: string }>(sql.raw(query));
  const byTable = new Map<string, Set<string>>();
  for (const r of rows.rows) byTable.set(r.tbl, (byTable.get(r.tbl) ?? new Set()).add(r.xid));
  return byTable;
}

// Written beside the change in transactions of their own, and no one's action: counters of attempts
// (rate_limits), and the session a registration starts right after its audited transaction.
const BOOKKEEPING = new Set(['rate_limits']);
// Tables no cached read shows: a write to only these needs no change event (a new session, a counter).
const UNREAD = new Set(['rate_limits', 'sessions', 'audit_log', 'change_events']);
const FIRST_SESSION = new Set(['POST /api/auth/register']);

describe('every mutation route is audited in its transaction', () => {
  it('has a successful call for every mutation route, and every one declares its audit action', () => {
    expect(mutations.filter((m) => !(m in walk))).toEqual([]);
    expect(mutations.filter((m) => !app.routeAudits.has(m))).toEqual([]);
  });

  it('refuses to start with a mutation route that declares no audit action', async () => {
    const bare = Fastify();
    // Stand-ins for the plugins the audit plugin names as its dependencies.
    await bare.register(fp(async () => {}, { name: 'db' }));
    await bare.register(fp(async () => {}, { name: 'auth' }));
    await bare.register(auditPlugin);
    await bare.after();
    expect(() => bare.post('/api/nothing-declared', { config: { access: 'signed-in' } }, async () => ({}))).toThrow(
      'Route POST /api/nothing-declared declares no audit action',
    );
    await bare.close();
  });

  for (const route of Object.keys(walk)) {
    it(route, async () => {
      const request = await walk[route]();
      await askEveryCachedRoute(app, readers);
      const [{ id: lastEvent }] = (
        await app.db.execute<{ id: number }>(sql`select coalesce(max(id), 0) as id from change_events`)
      ).rows;
      const [{ id: lastId }] = (
        await app.db.execute<{ id: number }>(sql`select coalesce(max(id), 0) as id from audit_log`)
      ).rows;
      const [{ xid }] = (await app.db.execute<{ xid: string }>(sql`select txid_current()::text as xid`)).rows;
      const res = await request();
      expect(res.statusCode, res.body).toBeLessThan(300);

      const appended = (
        await app.db.execute<{ action: string; route: string; xid: string }>(
          sql`select action, route, xmin::text as xid from audit_log where id > ${lastId} order by id`,
        )
      ).rows;
      const writers = await writersSince(BigInt(xid));
      const auditTx = writers.get('audit_log') ?? new Set<string>();
      const changeTx = new Set<string>();
      for (const [table, xids] of writers) {
        if (table === 'audit_log' || BOOKKEEPING.has(table)) continue;
        if (table === 'sessions' && FIRST_SESSION.has(route)) continue;
        for (const x of xids) changeTx.add(x);
      }

      // The read cache (decision 032): what changed was announced, and no cached answer is older than it.
      const events = (await app.db.execute<{ id: number }>(sql`select id from change_events where id > ${lastEvent}`))
        .rows;
      const changedData = [...writers.keys()].filter((t) => !UNREAD.has(t));
      if (changedData.length > 0)
        expect(events.length, `change events for ${changedData.join(', ')}`).toBeGreaterThan(0);
      expect(await staleCachedAnswers(app, readers), 'cached answers older than the write').toEqual([]);

      if (app.routeAudits.get(route) === null) {
        expect(appended).toEqual([]);
        expect([...changeTx]).toEqual([]);
        return;
      }
      expect(appended.length, 'audit rows appended').toBeGreaterThan(0);
      for (const row of appended) expect(row.route).toBe(route);
      expect(appended.map((r) => r.action)).toContain(app.routeAudits.get(route)!.action);
      // Every transaction that changed something appended an audit row, and no audit row stands alone.
      expect(
        [...changeTx].filter((x) => !auditTx.has(x)),
        'transactions without an audit row',
      ).toEqual([]);
      expect(
        [...auditTx].filter((x) => !changeTx.has(x)),
        'audit rows outside a change',
      ).toEqual([]);
    });
  }
});
