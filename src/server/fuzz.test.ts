// Property: any string (NUL and other control characters, lone surrogates, emoji, 100 KB)
// in any text field or path id of any mutation gets a 4xx (or a 2xx when the string is fine), never
// a 5xx, and a refused request leaves the database as it was.

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Account, registerAs, registrationFor } from '../../tests/support/accounts.ts';
import { holdScheduledJobs, fingerprint as sharedFingerprint } from '../../tests/support/fingerprint.ts';
import { ONE_PIXEL_PNG_BASE64 } from '../../tests/support/photos.ts';
import { testFarm } from '../../tests/support/test-farm.ts';
import { acknowledge, registerAgent, registerApprovedSupplier, send } from '../../tests/support/transmissions.ts';
import { messages } from '../shared/auth.ts';

const { app, farm, agents } = await testFarm({ stock: 100_000, agents: [{}] });
const [agent] = agents;
const flagged = await send(farm, agent, 5);
await acknowledge(agent, flagged.id, 3);
const [price] = (await app.inject({ method: 'GET', url: '/api/pepper-pricing' })).json();
// Billing: the cycle running until 2100, so payments for it are refused as not ended.
const runningCycle = (
  await farm.inject({
    method: 'POST',
    url: '/api/billing/create-cycle',
    payload: { startDate: '2000-01-01', endDate: '2100-12-31', ratePerCrate: '0.70' },
  })
).json();
// User management's targets change this user's password (any valid string is fine).
const managed = await registerAs(app, 'supplier');
// Clients issue: a client with a loan of the agent's crates, for the client and loan routes.
await farm.inject({
  method: 'POST',
  url: '/api/farm-store/opening-balances',
  payload: { marketAgentId: agent.marketAgentId, fullCrates: 50 },
});
const fuzzClient = (
  await agent.inject({
    method: 'POST',
    url: '/api/clients',
    payload: { businessName: 'Fuzz Fresh', clientName: 'Fuzz', contactNumber: '082 123 4567' },
  })
).json();
const fuzzLoan = (
  await agent.inject({
    method: 'POST',
    url: '/api/client-transactions',
    payload: { clientId: fuzzClient.id, quantityBorrowed: 40 },
  })
).json();
// Stock takes (decision 051): an agent of its own counted one full crate short, the difference open.
const counter = await registerAgent(app);
await farm.inject({
  method: 'POST',
  url: '/api/farm-store/opening-balances',
  payload: { marketAgentId: counter.marketAgentId, fullCrates: 10 },
});
await farm.inject({ method: 'POST', url: '/api/stock-takes', payload: { marketAgentIds: [counter.marketAgentId] } });
const toCount = (await counter.inject({ method: 'GET', url: '/api/stock-takes/current' })).json();
const countedShort = (
  await counter.inject({
    method: 'PUT',
    url: `/api/stock-takes/counts/${toCount.count.id}/submit`,
    payload: { fullCrates: toCount.toCount[0].expected - 1, emptyCrates: toCount.toCount[1].expected, clients: [] },
  })
).json();
const stockTakeLine = countedShort.lines.find((l: { difference: number }) => l.difference !== 0);
// Monthly statements (decision 064): the counter's, one waiting for its answer, one it disputed.
const issueFor = async (month: string) =>
  (
    await farm.inject({
      method: 'POST',
      url: '/api/balance-statements',
      payload: { month, marketAgentIds: [counter.marketAgentId] },
    })
  ).json()[0].id as number;
const statementToDispute = await issueFor('2001-01');
const statementToResolve = await issueFor('2001-02');
await counter.inject({
  method: 'PUT',
  url: `/api/balance-statements/${statementToResolve}/dispute`,
  payload: { believedClosing: 5, note: 'Five more' },
});
// Imports (decision 050): a one-agent file; the same file twice is refused and changes nothing.
const importBody = {
  fileName: 'agents.csv',
  content: Buffer.from(
    'Agent e-mail,Agent name,Phone,Full crates\nfuzz-import@e2e.farm,Fuzz Agent,082 555 0100,2\n',
  ).toString('base64'),
};
// Suppliers: an approved supplier with an offer, and a tender on another.
const supplier = await registerApprovedSupplier(app);
const supplierOffer = {
  produceName: 'Peppers',
  produceType: 'Sweet Bell Peppers',
  quality: 'Class 1',
  quantityCrates: 5,
  unitWeight: '10 kg',
  description: 'd',
};
const offer = (await supplier.inject({ method: 'POST', url: '/api/suppliers/offers', payload: supplierOffer })).json();
const tenderedOffer = (
  await supplier.inject({ method: 'POST', url: '/api/suppliers/offers', payload: supplierOffer })
).json();
const tenderBody = { offerId: tenderedOffer.id, farmQuote: '10.00', marketQuote: '12.00', notes: 'n' };
const supplierProfile = {
  businessName: 'B',
  contactPerson: 'C',
  contactNumber: '082 000 0000',
  farmLocation: 'F',
  certificationType: 'organic',
  bankName: 'N',
  accountNumber: '123',
  branchCode: '1',
  accountHolderName: 'H',
};

const nastyChar = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\ud800',
  '\udfff',
  '\t',
  '\n',
  'a',
  ' ',
  'é',
  '🌶',
  '\u200b',
  '\ufeff',
  '%',
  '"',
  '\\',
);
const nastyString = fc.oneof(
  fc.string({ unit: nastyChar, maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'x'.repeat(100_000),
    `${'a'.repeat(50_000)}\u0000`,
    '🌶'.repeat(30_000),
    '\ud800'.repeat(1000),
  ),
);

// A path segment can only carry bytes: any string as its UTF-8 bytes, percent-encoded, or raw
// escapes that are not UTF-8 at all, or numbers in forms other than plain digits.
const percentEncoded = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const pathId = fc.oneof(
  nastyString.map(percentEncoded),
  fc.constantFrom('%00', '%E0%A4%A', '%FF', '0x1', '1e3', '-1', '+1', '1.0', '99999999999', '2147483648', '%201'),
);

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

// A digest of every table, to compare before and after a refused request; no scheduled job writes meanwhile.
const fingerprint = () => sharedFingerprint(app.db);
await holdScheduledJobs(app);

type Target = {
  route: string;
  /** Strings for this target (any text unless given). */
  input?: fc.Arbitrary<string>;
  caller?: Account;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (s: string) => string;
  body: (s: string) => object | undefined;
  runs?: number;
};

const field = (base: Record<string, unknown>, name: string) => (s: string) => ({ ...base, [name]: s });
const fields = (
  route: string,
  method: Target['method'],
  url: string,
  base: Record<string, unknown>,
  names: string[],
  caller?: Account,
  runs?: number,
): Target[] =>
  names.map((name) => ({ route: `${route} ${name}`, method, url: () => url, body: field(base, name), caller, runs }));

const contact = { name: 'Thandi', email: 'thandi@example.co.za', subject: 'Crates', message: 'Hello' };
// A farm store registration with a wrong access code: every field is checked, a valid one gets 403.
const registration = registrationFor('farm_store', {
  farmAccessCode: 'WRONG-CODE',
  businessName: 'B',
  contactNumber: '1',
  farmLocation: 'F',
  produceTypes: 'P',
});

const targets: Target[] = [
  ...fields('POST /api/imports/preview', 'POST', '/api/imports/preview', importBody, ['fileName', 'content'], farm, 10),
  ...fields('POST /api/imports', 'POST', '/api/imports', importBody, ['fileName', 'content'], farm, 10),
  ...fields(
    'PUT /api/stock-takes/lines/:id/resolve',
    'PUT',
    `/api/stock-takes/lines/${stockTakeLine.id}/resolve`,
    { action: 'recount', note: 'Counted twice' },
    ['action', 'note'],
    farm,
    10,
  ),
  // Evidence (decision 053): a photo and a note on the counter's stock-take difference.
  ...fields(
    'POST /api/evidence',
    'POST',
    '/api/evidence',
    {
      recordKind: 'stock-take-line',
      recordId: stockTakeLine.id,
      contentType: 'image/png',
      photo: ONE_PIXEL_PNG_BASE64,
      note: 'One crate short',
    },
    ['recordKind', 'contentType', 'photo', 'note'],
    counter,
    10,
  ),
  // The farm's name in Settings (decision 067).
  ...fields(
    'PUT /api/farm-store/farm-name',
    'PUT',
    '/api/farm-store/farm-name',
    { name: 'Fuzz Farm' },
    ['name'],
    farm,
    10,
  ),
  // The usual stack size in Settings (decision 073): anything as the size.
  {
    route: 'PUT /api/farm-store/stack-size',
    method: 'PUT' as const,
    url: () => '/api/farm-store/stack-size',
    body: (s: string) => ({ stackSize: s }),
    caller: farm,
    runs: 10,
  },
  // The produce lists in Settings (decision 068): any string as an entry of either list.
  ...(['produceTypes', 'qualities'] as const).map((list) => ({
    route: `PUT /api/farm-store/produce-lists ${list}`,
    method: 'PUT' as const,
    url: () => '/api/farm-store/produce-lists',
    body: (s: string) => ({ produceTypes: ['Paprika'], qualities: ['Class 1'], [list]: ['Class 2', s] }),
    caller: farm,
    runs: 10,
  })),
  // API tokens and webhooks (decision 063).
  ...fields(
    'POST /api/api-tokens',
    'POST',
    '/api/api-tokens',
    { name: 'Script', scope: 'read' },
    ['name', 'scope', 'expiresAt'],
    farm,
    10,
  ),
  ...fields(
    'POST /api/webhooks',
    'POST',
    '/api/webhooks',
    { url: 'https://1.1.1.1/hook', events: ['loan.created'] },
    ['url'],
    farm,
    10,
  ),
  // Monthly statements (decision 064): the month, the dispute's note, the resolution's action and note.
  ...fields(
    'POST /api/balance-statements',
    'POST',
    '/api/balance-statements',
    { month: '2000-06', marketAgentIds: [counter.marketAgentId] },
    ['month'],
    farm,
    10,
  ),
  ...fields(
    'PUT /api/balance-statements/:id/dispute',
    'PUT',
    `/api/balance-statements/${statementToDispute}/dispute`,
    { believedClosing: 3, note: 'Three more' },
    ['note'],
    counter,
    10,
  ),
  ...fields(
    'PUT /api/balance-statements/:id/resolve',
    'PUT',
    `/api/balance-statements/${statementToResolve}/resolve`,
    { action: 'answer', note: 'Our count stands' },
    ['action', 'note'],
    farm,
    10,
  ),
  ...fields('POST /api/contact', 'POST', '/api/contact', contact, ['name', 'email', 'subject', 'message']),
  ...fields('POST /api/auth/register', 'POST', '/api/auth/register', registration, [
    'name',
    'email',
    'password',
    'role',
    'marketLocation',
    'businessName',
    'contactNumber',
    'farmAccessCode',
    'farmLocation',
    'produceTypes',
  ]),
  // A valid string costs a scrypt comparison (~0.4 s), so these take fewer runs.
  ...fields(
    'POST /api/auth/login',
    'POST',
    '/api/auth/login',
    { email: 'nobody@test.farm', password: 'x' },
    ['email', 'password'],
    undefined,
    8,
  ),
  ...fields(
    'POST /api/auth/change-password',
    'POST',
    '/api/auth/change-password',
    { currentPassword: 'not-the-password', newPassword: 'another-one' },
    ['currentPassword', 'newPassword'],
    farm,
    6,
  ),
  ...fields('PUT /api/auth/me/language', 'PUT', '/api/auth/me/language', { language: 'zu' }, ['language'], farm),
  ...fields(
    'POST /api/farm-store/stock-adjustments',
    'POST',
    '/api/farm-store/stock-adjustments',
    { quantity: 1, reason: 'r' },
    ['reason'],
    farm,
  ),
  ...fields(
    'POST /api/farm-store/opening-balances',
    'POST',
    '/api/farm-store/opening-balances',
    { marketAgentId: agent.marketAgentId, fullCrates: 1, reason: 'r' },
    ['reason'],
    farm,
  ),
  ...fields(
    'POST /api/transmissions',
    'POST',
    '/api/transmissions',
    { type: 'farm_to_market', marketAgentId: agent.marketAgentId, toUserId: agent.user.id, quantity: 1, notes: 'n' },
    ['notes', 'type'],
    farm,
  ),
  ...fields(
    'PUT /api/transmissions/:id/resolve',
    'PUT',
    `/api/transmissions/${flagged.id}/resolve`,
    { note: 'n' },
    ['note'],
    farm,
  ),
  ...fields(
    'PATCH /api/pepper-pricing/:id',
    'PATCH',
    `/api/pepper-pricing/${price.id}`,
    { pricePerCrate: price.pricePerCrate, availability: 'In Season' },
    ['availability'],
    farm,
  ),
  ...fields(
    'POST /api/billing/create-cycle',
    'POST',
    '/api/billing/create-cycle',
    { startDate: '2026-11-01', endDate: '2026-11-30', ratePerCrate: '0.70' },
    ['startDate', 'endDate', 'ratePerCrate'],
    farm,
  ),
  // A cycle that has not ended, so a valid payment is a 409 and records nothing.
  ...fields(
    'POST /api/billing/cycles/:cycleId/payments',
    'POST',
    `/api/billing/cycles/${runningCycle.id}/payments`,
    { paidOn: '2026-11-20', reference: 'EFT 1' },
    ['paidOn', 'reference'],
    farm,
    10,
  ),
  {
    route: 'POST /api/billing/cycles/:cycleId/payments id',
    method: 'POST',
    url: (s) => `/api/billing/cycles/${s}/payments`,
    input: pathId,
    body: () => ({ paidOn: '2026-11-20', reference: 'EFT 1' }),
    caller: farm,
  },
  ...fields(
    'PUT /api/market-agents/me/bank-details',
    'PUT',
    '/api/market-agents/me/bank-details',
    { bankName: 'FNB', accountNumber: '62001234567', branchCode: '250655', accountHolderName: 'Holder' },
    ['bankName', 'accountNumber', 'branchCode', 'accountHolderName'],
    agent,
  ),
  // Suppliers. A taken e-mail, so a valid string gets 409 and creates nothing.
  ...fields(
    'POST /api/auth/register-supplier',
    'POST',
    '/api/auth/register-supplier',
    { name: 'N', email: supplier.user.email, password: 'secret123', role: 'supplier', ...supplierProfile },
    ['name', 'email', 'password', 'role', ...Object.keys(supplierProfile), 'produceTypes'],
    undefined,
    10,
  ),
  ...fields(
    'PATCH /api/suppliers/me',
    'PATCH',
    '/api/suppliers/me',
    supplierProfile,
    Object.keys(supplierProfile),
    supplier,
    10,
  ),
  ...fields(
    'POST /api/suppliers/offers',
    'POST',
    '/api/suppliers/offers',
    supplierOffer,
    Object.keys(supplierOffer).filter((k) => k !== 'quantityCrates'),
    supplier,
    10,
  ),
  ...fields(
    'PATCH /api/suppliers/offers/:id',
    'PATCH',
    `/api/suppliers/offers/${offer.id}`,
    supplierOffer,
    ['produceName', 'description'],
    supplier,
    10,
  ),
  // The offer stays pending-tendered: one tender opens, the rest get 409.
  ...fields('POST /api/tenders', 'POST', '/api/tenders', tenderBody, ['farmQuote', 'marketQuote', 'notes'], farm, 10),
  {
    route: 'PATCH /api/suppliers/offers/:id id',
    method: 'PATCH',
    url: (s) => `/api/suppliers/offers/${s}`,
    input: pathId,
    body: () => ({ isActive: true }),
    caller: supplier,
  },
  ...(['approve', 'reject'] as const).map(
    (action): Target => ({
      route: `POST /api/suppliers/:id/${action} id`,
      method: 'POST',
      url: (s) => `/api/suppliers/${s}/${action}`,
      input: pathId,
      body: () => undefined,
      caller: farm,
    }),
  ),
  ...(['accept', 'reject'] as const).map(
    (action): Target => ({
      route: `POST /api/suppliers/tenders/:id/${action} id`,
      method: 'POST',
      url: (s) => `/api/suppliers/tenders/${s}/${action}`,
      input: pathId,
      body: () => undefined,
      caller: supplier,
    }),
  ),
  // Path ids are text too.
  {
    route: 'PUT /api/transmissions/:id/acknowledge id',
    method: 'PUT',
    url: (s) => `/api/transmissions/${s}/acknowledge`,
    input: pathId,
    body: () => undefined,
    caller: agent,
  },
  {
    route: 'PUT /api/transmissions/:id/recall id',
    method: 'PUT',
    url: (s) => `/api/transmissions/${s}/recall`,
    input: pathId,
    body: () => undefined,
    caller: farm,
  },
  {
    route: 'PATCH /api/pepper-pricing/:id id',
    method: 'PATCH',
    url: (s) => `/api/pepper-pricing/${s}`,
    input: pathId,
    body: () => ({ pricePerCrate: 12_300, availability: 'Limited' }),
    caller: farm,
  },
  ...['generate', 'email', 'email/preview'].flatMap((action): Target[] => [
    ...fields(
      `POST /api/reports/${action}`,
      'POST',
      `/api/reports/${action}`,
      { reportType: 'weekly', dateRange: {}, selectedAgentId: 'all' },
      ['reportType', 'selectedAgentId'],
      farm,
      10,
    ),
    ...(['startDate', 'endDate'] as const).map((name) => ({
      route: `POST /api/reports/${action} dateRange.${name}`,
      method: 'POST' as const,
      url: () => `/api/reports/${action}`,
      body: (s: string) => ({ reportType: 'custom', dateRange: { [name]: s } }),
      caller: farm,
      runs: 10,
    })),
  ]),
  {
    route: 'PATCH /api/contact-messages/:id id',
    method: 'PATCH',
    url: (s) => `/api/contact-messages/${s}`,
    input: pathId,
    body: () => ({ isRead: true }),
    caller: farm,
  },
  // User management: a password typed by the admin (a valid one costs a scrypt, so fewer runs), and
  // path ids; a path id is never a plain number here, so no fuzz run removes a user others rely on.
  ...fields(
    'PATCH /api/admin/users/:id/password',
    'PATCH',
    `/api/admin/users/${managed.user.id}/password`,
    {},
    ['newPassword'],
    farm,
    6,
  ),
  ...fields(
    'POST /api/users/:id/reset-password',
    'POST',
    `/api/users/${managed.user.id}/reset-password`,
    {},
    ['newPassword'],
    farm,
    6,
  ),
  ...(
    [
      ['DELETE', '/api/admin/users/:id', (s: string) => `/api/admin/users/${s}`],
      ['DELETE', '/api/users/:id', (s: string) => `/api/users/${s}`],
      ['PATCH', '/api/admin/users/:id/password', (s: string) => `/api/admin/users/${s}/password`],
      ['POST', '/api/users/:id/reset-password', (s: string) => `/api/users/${s}/reset-password`],
      ['POST', '/api/admin/users/:id/restore', (s: string) => `/api/admin/users/${s}/restore`],
    ] as const
  ).map(
    ([method, route, url]): Target => ({
      route: `${method} ${route} id`,
      method,
      url,
      input: pathId.filter((s) => !/^\d+$/.test(safeDecode(s))),
      body: () => (method === 'PATCH' ? { newPassword: 'fuzzed-password' } : undefined),
      caller: farm,
      runs: 15,
    }),
  ),
  // Clients issue.
  ...fields(
    'POST /api/clients',
    'POST',
    '/api/clients',
    { businessName: 'B', clientName: 'C', contactNumber: '082 123 4567' },
    ['businessName', 'clientName', 'contactNumber'],
    agent,
  ),
  ...fields(
    'PATCH /api/clients/:id',
    'PATCH',
    `/api/clients/${fuzzClient.id}`,
    { clientName: 'C' },
    ['businessName', 'clientName', 'contactNumber'],
    agent,
  ),
  {
    route: 'PATCH /api/clients/:id id',
    method: 'PATCH',
    url: (s) => `/api/clients/${s}`,
    input: pathId,
    body: () => ({ isActive: true }),
    caller: agent,
  },
  ...fields(
    'POST /api/client-transactions',
    'POST',
    '/api/client-transactions',
    { clientId: fuzzClient.id, quantityBorrowed: 1 },
    ['notes'],
    agent,
    10,
  ),
  ...fields(
    'PUT /api/client-transactions/:id/return',
    'PUT',
    `/api/client-transactions/${fuzzLoan.id}/return`,
    { quantityReturned: 1 },
    ['notes'],
    agent,
    10,
  ),
  {
    route: 'PUT /api/client-transactions/:id id',
    method: 'PUT',
    url: (s) => `/api/client-transactions/${s}`,
    input: pathId,
    body: () => ({ quantityReturned: 1 }),
    caller: agent,
  },
  {
    route: 'PUT /api/client-transactions/:id/return id',
    method: 'PUT',
    url: (s) => `/api/client-transactions/${s}/return`,
    input: pathId,
    body: () => ({ quantityReturned: 1, notes: 'x' }),
    caller: agent,
  },
];

// Mutations that take no text at all: no body, or only numbers and booleans.
const WITHOUT_TEXT = new Set([
  'POST /api/auth/logout',
  // Ids in the path only (decision 063).
  'DELETE /api/api-tokens/:id',
  'DELETE /api/webhooks/:id',
  'POST /api/webhooks/:id/test',
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend',
  'POST /api/farm-store/access-code/rotate',
  'POST /api/reports/weekly',
  'POST /api/reports/weekly/preview',
  'POST /api/notifications/weekly-reports',
  // Agent ids and counts only (decision 051).
  'POST /api/stock-takes',
  'PUT /api/stock-takes/counts/:id/submit',
  // A statement's confirmation and a client's statement link take no body (decision 064).
  'PUT /api/balance-statements/:id/confirm',
  'POST /api/clients/:id/statement-links',
  'DELETE /api/clients/:id/statement-links/:linkId',
]);

it('has a target for every mutation route, so a new text field cannot be forgotten', () => {
  const mutations = app.routeAccess.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
  const covered = new Set(targets.map((t) => t.route.split(' ').slice(0, 2).join(' ')));
  expect(mutations.filter((m) => !covered.has(m) && !WITHOUT_TEXT.has(m))).toEqual([]);
});

// Refused by the schema: nothing at all may change. Refused later (401, 403, 409, 429, a wrong current
// password): only the rate-limit counters may, since counting attempts is their job, and the audit trail
// may gain security events (a failed sign-in, a limit tripped, the farm's notice of it: decision 027).
const REFUSED_UNREAD = new Set([400, 413, 415]);
const SECURITY_AUDIT = /^(sign-in|password-change|password-reset|rate-limit)\.|^email\.queue$/;
const lastAuditId = async () =>
  Number((await app.db.execute<{ id: number }>(sql`select coalesce(max(id), 0) as id from audit_log`)).rows[0].id);

describe('arbitrary strings into every text field of every mutation', () => {
  for (const target of targets) {
    it(`${target.route}: 4xx or 2xx, never 5xx; refused input changes nothing`, async () => {
      // The tables as the last refused request left them: nothing else writes between runs (the jobs
      // are held), so they are the next run's "before" too — one digest a run instead of two. After
      // a 2xx, or a run that threw, they are read again.
      let known: Record<string, string> | null = null;
      await fc.assert(
        fc.asyncProperty(target.input ?? nastyString, async (s) => {
          const before = known ?? (await fingerprint());
          known = null;
          const auditedBefore = await lastAuditId();
          const options = {
            method: target.method,
            url: target.url(s),
            ...(target.body(s) === undefined ? {} : { payload: target.body(s) }),
            remoteAddress: '198.51.100.200',
          };
          const res = target.caller ? await target.caller.inject(options) : await app.inject(options);
          expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
          if (res.statusCode < 400) return;
          expect(typeof res.json().message).toBe('string');
          const after = await fingerprint();
          known = { ...after };
          // A wrong current password was judged, and counted like a failed sign-in (decision 025).
          const judged = res.json().errors?.currentPassword === messages.currentPasswordWrong;
          if (!REFUSED_UNREAD.has(res.statusCode) || judged) {
            delete before.rate_limits;
            delete after.rate_limits;
            const audited = await app.db.execute<{ action: string }>(
              sql`select action from audit_log where id > ${auditedBefore}`,
            );
            expect(audited.rows.map((r) => r.action).filter((a) => !SECURITY_AUDIT.test(a))).toEqual([]);
            delete before.audit_log;
            delete after.audit_log;
          }
          expect(after).toEqual(before);
        }),
        { numRuns: target.runs ?? 25 },
      );
    });
  }
});
