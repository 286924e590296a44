// Who may do what, route by route: one table of the answer every route gives each kind
// of caller, with real records to point at. src/server/plugins/auth.test.ts calls every row as every
// caller and compares; src/server/malformed-bodies.test.ts takes each mutation's valid request from here
// and breaks its body. buildAccessWorld() registers the callers and creates the records (agent A's
// clients, loans, transmissions and billing records, a supplier's offers and tenders, …) through the API
// in a fresh test database, and returns the table that points at them.
//
// Callers: signed out; the farm store; market agent A, who owns the records the ids point at; another
// market agent B, with records of its own; an approved supplier S, who owns the supplier records;
// another approved supplier; and a supplier still waiting for approval. Each signs in from its own
// address. Everything one of them owns carries its marker (ALPHAMARK for A, …): a marker in an answer to
// anyone but its owner and the farm store is a leak, whatever the status.
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app.ts';
import { suppliers } from '../../src/server/db/schema/index.ts';
import { acknowledgeTransmission } from '../../src/server/features/transmissions/service.ts';
import { addDays, DEFAULT_FARM_TIMEZONE, farmToday } from '../../src/server/lib/farm-date.ts';
import type { Role } from '../../src/shared/auth.ts';
import { registerAs, sessionCookie, uniqueEmail } from './accounts.ts';
import { ONE_PIXEL_PNG_BASE64 } from './photos.ts';

export const callerNames = [
  'anon',
  'farm',
  'agent',
  'otherAgent',
  'supplier',
  'otherSupplier',
  'pendingSupplier',
] as const;
export type CallerName = (typeof callerNames)[number];

export type Caller = {
  name: CallerName;
  role: Role | null;
  /** The caller's session; null signed out. A password change replaces it. */
  cookie: string | null;
  email: string;
  password: string;
  userId: number;
  marketAgentId?: number;
  supplierId?: number;
  /** Each caller its own address, so per-address limits (contact form: 5) are each caller's. */
  address: string;
  /** An API token (decision 063): when set, every call carries it instead of the cookie. */
  bearer?: string | null;
};

export type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };

/** The status a caller must get; 'any' is never used: every cell is exact. */
export type Row = {
  /** `METHOD /url` exactly as app.routeAccess lists it. */
  route: string;
  /** What this row points at, when a route has several rows (one per kind of record). */
  target?: string;
  call: (c: Caller) => Call;
  expect: Record<CallerName, number>;
  /** Why callers whose role holds the route's permission are still refused (object-level rules). */
  ownership?: string;
  /** Register, sign in, sign out: done on a second session of the caller, so its own session lives on. */
  freshSession?: boolean;
  /** The answer is a never-ending stream (GET /api/events): only the status is read. */
  stream?: boolean;
  /** More to check in a 2xx answer (whose record it is). */
  check?: (res: LightMyRequestResponse, c: Caller) => void;
  /** What a 2xx answer changes about the caller (a new password). */
  after?: (c: Caller, call: Call) => void;
};

/** Which callers may see each marker: its owner and the farm store. */
export const markerOwners: Record<string, CallerName> = {
  ALPHAMARK: 'agent',
  BETAMARK: 'otherAgent',
  SIGMAMARK: 'supplier',
  TAUMARK: 'otherSupplier',
  PENDMARK: 'pendingSupplier',
};

function fail(message: string): never {
  throw new Error(message);
}

/** The caller's API token when it has one, else the cookie given. */
const credentials = (caller: Caller, cookie: string | null): Record<string, string> =>
  caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : cookie ? { cookie } : {};

/** Sends `call` as `caller` (no cookie signed out); a session cookie set by the answer replaces the caller's. */
export function invoke(
  app: App,
  caller: Caller,
  call: Call,
  options: { cookie?: string | null; stream?: boolean } = {},
) {
  const cookie = options.cookie === undefined ? caller.cookie : options.cookie;
  const opts: InjectOptions = {
    method: call.method,
    url: call.url,
    remoteAddress: caller.address,
    headers: credentials(caller, cookie),
    ...(call.payload === undefined ? {} : { payload: call.payload as InjectOptions['payload'] }),
    ...(options.stream ? { payloadAsStream: true } : {}),
  };
  return app.inject(opts);
}

/** A second session of a signed-in caller (its first stays signed in). */
export async function freshSession(app: App, caller: Caller): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: caller.address,
    payload: { email: caller.email, password: caller.password },
  });
  if (res.statusCode !== 200) fail(`sign-in of ${caller.name} failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

/**
 * Calls a row as a caller the way the matrix does: on a second session for register/sign-in/sign-out
 * rows, and after a 2xx adopting a new session cookie (a password change) and what `after` records.
 * `payload` replaces the row's body (the malformed-bodies test); `cookie` is the session used.
 */
export async function callRow(
  app: App,
  row: Row,
  caller: Caller,
  options: { payload?: { raw: string } | { json: unknown } } = {},
) {
  const call = row.call(caller);
  const cookie = row.freshSession && caller.cookie && !caller.bearer ? await freshSession(app, caller) : caller.cookie;
  const sent: Call = options.payload && 'json' in options.payload ? { ...call, payload: options.payload.json } : call;
  const res =
    options.payload && 'raw' in options.payload
      ? await app.inject({
          method: call.method,
          url: call.url,
          remoteAddress: caller.address,
          headers: { ...credentials(caller, cookie), 'content-type': 'application/json' },
          payload: options.payload.raw,
        })
      : await invoke(app, caller, sent, { cookie, stream: row.stream });
  if (!row.stream && res.statusCode < 300) {
    row.after?.(caller, sent);
    const renewed = res.cookies.find((c) => c.name === 'ck_session');
    if (!row.freshSession && renewed?.value) caller.cookie = `ck_session=${renewed.value}`;
  }
  return { res, call: sent, cookie };
}

export async function buildAccessWorld(app: App) {
  const today = farmToday(DEFAULT_FARM_TIMEZONE);
  const day = (n: number) => addDays(today, n);
  /** Noon on the farm's day `n` days from today (Johannesburg is UTC+2 all year). */
  const noonOn = (n: number) => new Date(`${day(n)}T10:00:00Z`);

  let address = 10;
  async function signedIn(name: CallerName, role: Role, overrides: Record<string, unknown> = {}): Promise<Caller> {
    const account = await registerAs(app, role, overrides);
    return {
      name,
      role,
      cookie: account.cookie,
      email: account.user.email,
      password: account.password,
      userId: account.user.id,
      address: `198.51.100.${address++}`,
    };
  }
  const as = async (caller: Caller, call: Call, status: number) => {
    const res = await invoke(app, caller, call);
    if (res.statusCode !== status)
      fail(`setup ${call.method} ${call.url} as ${caller.name}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  // --- the callers ---
  const farm = await signedIn('farm', 'farm_store', { name: 'Farm Manager' });
  const agent = await signedIn('agent', 'market_agent', { name: 'Agent ALPHAMARK', businessName: 'ALPHAMARK Produce' });
  const otherAgent = await signedIn('otherAgent', 'market_agent', {
    name: 'Agent BETAMARK',
    businessName: 'BETAMARK Produce',
  });
  const supplier = await signedIn('supplier', 'supplier', {
    name: 'Supplier SIGMAMARK',
    businessName: 'SIGMAMARK Farm',
  });
  const otherSupplier = await signedIn('otherSupplier', 'supplier', {
    name: 'Supplier TAUMARK',
    businessName: 'TAUMARK Farm',
  });
  const pendingSupplier = await signedIn('pendingSupplier', 'supplier', {
    name: 'Supplier PENDMARK',
    businessName: 'PENDMARK Farm',
  });
  const anon: Caller = {
    name: 'anon',
    role: null,
    cookie: null,
    email: '',
    password: '',
    userId: 0,
    address: '198.51.100.9',
  };
  for (const a of [agent, otherAgent])
    a.marketAgentId = (await as(a, { method: 'GET', url: '/api/market-agents/me' }, 200)).id;
  for (const s of [supplier, otherSupplier, pendingSupplier]) {
    const [row] = await app.db.select().from(suppliers).where(eq(suppliers.userId, s.userId));
    s.supplierId = row.id;
  }
  for (const s of [supplier, otherSupplier]) {
    await app.db.update(suppliers).set({ status: 'approved' }).where(eq(suppliers.id, s.supplierId!));
  }
  const callers: Record<CallerName, Caller> = {
    anon,
    farm,
    agent,
    otherAgent,
    supplier,
    otherSupplier,
    pendingSupplier,
  };

  // --- crates ---
  await as(
    farm,
    { method: 'POST', url: '/api/farm-store/stock-adjustments', payload: { quantity: 10_000, reason: 'Bought' } },
    201,
  );
  for (const [a, full, empty] of [
    [agent, 100, 50],
    [otherAgent, 20, 20],
  ] as const) {
    await as(
      farm,
      {
        method: 'POST',
        url: '/api/farm-store/opening-balances',
        payload: { marketAgentId: a.marketAgentId, fullCrates: full, emptyCrates: empty },
      },
      201,
    );
  }
  const deliver = async (quantity: number, notes = 'ALPHAMARK delivery') =>
    (
      await as(
        farm,
        {
          method: 'POST',
          url: '/api/transmissions',
          payload: { type: 'farm_to_market', marketAgentId: agent.marketAgentId, quantity, notes },
        },
        201,
      )
    ).id as number;
  const returnEmpties = async (a: Caller, quantity: number, notes: string) =>
    (
      await as(
        a,
        { method: 'POST', url: '/api/transmissions', payload: { type: 'market_to_farm', quantity, notes } },
        201,
      )
    ).id as number;
  const requestCrates = async (s: Caller, quantity: number, notes: string) =>
    (
      await as(
        s,
        { method: 'POST', url: '/api/transmissions', payload: { type: 'supplier_to_farm', quantity, notes } },
        201,
      )
    ).id as number;

  const deliveryToAcknowledge = await deliver(2);
  // A delivery in two labelled stacks (decision 073): its papers are the farm's and A's.
  const stacked = (
    await as(
      farm,
      {
        method: 'POST',
        url: '/api/transmissions',
        payload: { type: 'farm_to_market', marketAgentId: agent.marketAgentId, quantity: 2, stackSize: 1 },
      },
      201,
    )
  ).id as number;
  const deliveryToRecall = await deliver(2);
  const flagged = await deliver(5);
  await as(
    agent,
    { method: 'PUT', url: `/api/transmissions/${flagged}/acknowledge`, payload: { actualQuantity: 3 } },
    200,
  );
  const collectionToConfirm = (
    await as(
      farm,
      {
        method: 'POST',
        url: '/api/transmissions',
        payload: {
          type: 'market_to_farm',
          marketAgentId: agent.marketAgentId,
          quantity: 2,
          notes: 'ALPHAMARK collection',
        },
      },
      201,
    )
  ).id as number;
  const returnToAcknowledge = await returnEmpties(agent, 1, 'ALPHAMARK return');
  const returnToRecall = await returnEmpties(agent, 1, 'ALPHAMARK return');
  await returnEmpties(otherAgent, 1, 'BETAMARK return'); // pending: B's own, in B's lists only
  const requestToAcknowledge = await requestCrates(supplier, 3, 'SIGMAMARK request');
  const requestToRecall = await requestCrates(supplier, 2, 'SIGMAMARK request');
  await requestCrates(otherSupplier, 2, 'TAUMARK request');

  // --- billing: a cycle that has ended with A's and B's counted returns in it, and the running one ---
  const countedOn = async (a: Caller, quantity: number, n: number) => {
    const id = await returnEmpties(a, quantity, `${a.name === 'agent' ? 'ALPHAMARK' : 'BETAMARK'} return`);
    await acknowledgeTransmission(app.db, { id: farm.userId, role: 'farm_store' }, id, null, { at: noonOn(n) });
  };
  await countedOn(agent, 4, -35);
  await countedOn(otherAgent, 2, -35);
  const endedCycle = (
    await as(
      farm,
      {
        method: 'POST',
        url: '/api/billing/create-cycle',
        payload: { startDate: day(-40), endDate: day(-31), ratePerCrate: '1.00' },
      },
      201,
    )
  ).id as number;
  await as(
    farm,
    {
      method: 'POST',
      url: '/api/billing/create-cycle',
      payload: { startDate: day(-5), endDate: day(25), ratePerCrate: '0.70' },
    },
    201,
  );
  const bankDetails = (holder: string) => ({
    bankName: 'FNB',
    accountNumber: '62001234567',
    branchCode: '250655',
    accountHolderName: `${holder} Holder`,
  });
  await as(agent, { method: 'PUT', url: '/api/market-agents/me/bank-details', payload: bankDetails('ALPHAMARK') }, 200);
  await as(
    otherAgent,
    { method: 'PUT', url: '/api/market-agents/me/bank-details', payload: bankDetails('BETAMARK') },
    200,
  );

  // --- clients and loans ---
  const client = async (a: Caller, marker: string) =>
    (
      await as(
        a,
        {
          method: 'POST',
          url: '/api/clients',
          payload: { businessName: `${marker} Fresh`, clientName: `${marker} Buyer`, contactNumber: '082 123 4567' },
        },
        201,
      )
    ).id as number;
  const agentClient = await client(agent, 'ALPHAMARK');
  const otherClient = await client(otherAgent, 'BETAMARK');
  const lend = async (a: Caller, clientId: number, quantityBorrowed: number, notes: string) =>
    (
      await as(
        a,
        { method: 'POST', url: '/api/client-transactions', payload: { clientId, quantityBorrowed, notes } },
        201,
      )
    ).id as number;
  const agentLoan = await lend(agent, agentClient, 30, 'ALPHAMARK loan');
  await lend(otherAgent, otherClient, 5, 'BETAMARK loan');

  // --- a stock take of A (decision 051): counted five over at its client (no lend or return of the rows can make it match), sent back for a recount ---
  await as(farm, { method: 'POST', url: '/api/stock-takes', payload: { marketAgentIds: [agent.marketAgentId] } }, 201);
  const toCount = await as(agent, { method: 'GET', url: '/api/stock-takes/current' }, 200);
  const stockCountId = toCount.count.id as number;
  const stockFigures = {
    fullCrates: toCount.toCount[0].expected,
    emptyCrates: toCount.toCount[1].expected,
    clients: toCount.toCount.slice(2).map((l: { clientId: number; expected: number }) => ({
      clientId: l.clientId,
      counted: l.expected + 5,
    })),
  };
  const counted = await as(
    agent,
    { method: 'PUT', url: `/api/stock-takes/counts/${stockCountId}/submit`, payload: stockFigures },
    200,
  );
  const stockLine = counted.lines.find((l: { clientId: number | null }) => l.clientId === agentClient).id as number;
  await as(
    farm,
    { method: 'PUT', url: `/api/stock-takes/lines/${stockLine}/resolve`, payload: { action: 'recount' } },
    200,
  );
  // A's photo of that difference (decision 053): seen by A and the farm store, by no one else.
  const evidencePhoto = {
    recordKind: 'stock-take-line',
    recordId: stockLine,
    contentType: 'image/png',
    photo: ONE_PIXEL_PNG_BASE64,
    note: 'ALPHAMARK photo',
  };
  const evidenceId = (await as(agent, { method: 'POST', url: '/api/evidence', payload: evidencePhoto }, 201))
    .id as number;

  // --- API tokens and webhooks (decision 063): A's token; two farm webhooks (one to delete) and a delivery ---
  const agentToken = (
    await as(
      agent,
      { method: 'POST', url: '/api/api-tokens', payload: { name: 'ALPHAMARK script', scope: 'read' } },
      201,
    )
  ).id as number;
  const webhookAt = async () =>
    (
      await as(
        farm,
        { method: 'POST', url: '/api/webhooks', payload: { url: 'https://1.1.1.1/hook', events: ['loan.created'] } },
        201,
      )
    ).id as number;
  const webhook = await webhookAt();
  const webhookToDelete = await webhookAt();
  const webhookDelivery = (await as(farm, { method: 'POST', url: `/api/webhooks/${webhook}/test` }, 202)).id as number;

  // --- supplier records: offers, tenders on them ---
  const offerBody = (marker: string) => ({
    produceName: `${marker} Peppers`,
    produceType: 'Sweet Bell Peppers',
    quality: 'Class 1',
    quantityCrates: 5,
    unitWeight: '10 kg',
    description: `${marker} offer`,
  });
  const offer = async (s: Caller, marker: string) =>
    (await as(s, { method: 'POST', url: '/api/suppliers/offers', payload: offerBody(marker) }, 201)).id as number;
  const tender = async (offerId: number) =>
    (
      await as(
        farm,
        {
          method: 'POST',
          url: '/api/tenders',
          payload: { offerId, farmQuote: '10.00', marketQuote: '12.00', notes: 'n' },
        },
        201,
      )
    ).id as number;
  const offerToEdit = await offer(supplier, 'SIGMAMARK');
  const tenderToAccept = await tender(await offer(supplier, 'SIGMAMARK'));
  const tenderToReject = await tender(await offer(supplier, 'SIGMAMARK'));
  const offerToTender = await offer(supplier, 'SIGMAMARK');
  await tender(await offer(otherSupplier, 'TAUMARK'));

  // --- the farm store's other records, and people it manages ---
  const contactMessage = (
    await as(
      anon,
      {
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Thandi', email: 'thandi@example.co.za', subject: 'Crates', message: 'Hello' },
      },
      201,
    )
  ).id as number;
  const [price] = await as(anon, { method: 'GET', url: '/api/pepper-pricing' }, 200);
  const person = async () => (await registerAs(app, 'market_agent')).user.id;
  const supplierToApprove = (await registerAs(app, 'supplier')).user.id;
  const supplierToReject = (await registerAs(app, 'supplier')).user.id;
  const supplierIdOf = async (userId: number) =>
    (await app.db.select().from(suppliers).where(eq(suppliers.userId, userId)))[0].id;
  const toApprove = await supplierIdOf(supplierToApprove);
  const toReject = await supplierIdOf(supplierToReject);
  const [toRemove, toRemoveToo, toRestore, toSetPassword, toReset] = [
    await person(),
    await person(),
    await person(),
    await person(),
    await person(),
  ];
  await as(farm, { method: 'DELETE', url: `/api/admin/users/${toRestore}` }, 200);
  const agentWithoutOpening = await registerAs(app, 'market_agent');
  const newAgentId = (
    await as({ ...agent, cookie: agentWithoutOpening.cookie }, { method: 'GET', url: '/api/market-agents/me' }, 200)
  ).id as number;

  // --- monthly statements (decision 064): A's, months that ended long before any back-dated count above ---
  const monthBack = (n: number) => {
    const [y, mo] = today.split('-').map(Number);
    const d = new Date(Date.UTC(y, mo - 1 - n, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  const issueTo = async (n: number) =>
    (
      await as(
        farm,
        {
          method: 'POST',
          url: '/api/balance-statements',
          payload: { month: monthBack(n), marketAgentIds: [agent.marketAgentId] },
        },
        201,
      )
    )[0].id as number;
  const statementToConfirm = await issueTo(3);
  const statementToDispute = await issueTo(4);
  const statementToResolve = await issueTo(5);
  const dispute = { believedClosing: 5, note: 'ALPHAMARK five crates more' };
  await as(
    agent,
    { method: 'PUT', url: `/api/balance-statements/${statementToResolve}/dispute`, payload: dispute },
    200,
  );
  const statementLink = (await as(agent, { method: 'POST', url: `/api/clients/${agentClient}/statement-links` }, 201))
    .id as number;

  // --- the table ---
  const get = (url: string): Call => ({ method: 'GET', url });
  const json = (method: Call['method'], url: string, payload?: unknown): Call => ({ method, url, payload });
  const marker = (c: Caller) => Object.entries(markerOwners).find(([, owner]) => owner === c.name)?.[0] ?? 'NOMARK';
  const reportBody = { reportType: 'weekly', dateRange: {}, selectedAgentId: 'all' };
  const importUpload = {
    fileName: 'agents.csv',
    content: Buffer.from(
      `Agent e-mail,Agent name,Phone,Full crates\n${uniqueEmail('imported')},Imported Agent,082 555 0100,2\n`,
    ).toString('base64'),
  };

  // Columns: signed out, farm store, agent A (owner), agent B, supplier S (owner), supplier S2, pending supplier.
  type Statuses = [number, number, number, number, number, number, number];
  const row = (
    route: string,
    call: Call | ((c: Caller) => Call),
    statuses: Statuses,
    extra: Partial<Omit<Row, 'route' | 'call' | 'expect'>> = {},
  ): Row => ({
    route,
    call: typeof call === 'function' ? call : () => call,
    expect: Object.fromEntries(callerNames.map((n, i) => [n, statuses[i]])) as Record<CallerName, number>,
    ...extra,
  });

  const rows: Row[] = [
    // --- public and session ---
    row('GET /api/docs', get('/api/docs'), [200, 200, 200, 200, 200, 200, 200]),
    row('GET /api/health', get('/api/health'), [200, 200, 200, 200, 200, 200, 200]),
    row('GET /api/ready', get('/api/ready'), [200, 200, 200, 200, 200, 200, 200]),
    row(
      'POST /api/auth/register',
      () =>
        json('POST', '/api/auth/register', {
          name: 'New Agent',
          email: uniqueEmail('matrix'),
          password: 'secret123',
          role: 'market_agent',
          marketLocation: 'Pretoria Market',
          businessName: 'New Produce',
          contactNumber: '082 000 0000',
        }),
      [200, 200, 200, 200, 200, 200, 200],
      { freshSession: true },
    ),
    row(
      'POST /api/auth/register-supplier',
      () =>
        json('POST', '/api/auth/register-supplier', {
          name: 'New Supplier',
          email: uniqueEmail('matrix-supplier'),
          password: 'secret123',
          role: 'supplier',
          businessName: 'New Farm',
          contactPerson: 'Person',
          contactNumber: '083 000 0000',
          farmLocation: 'Limpopo',
          certificationType: 'organic',
        }),
      [201, 201, 201, 201, 201, 201, 201],
      { freshSession: true },
    ),
    row(
      'POST /api/auth/login',
      (c) =>
        json(
          'POST',
          '/api/auth/login',
          c.role ? { email: c.email, password: c.password } : { email: farm.email, password: farm.password },
        ),
      [200, 200, 200, 200, 200, 200, 200],
      { freshSession: true, target: 'own account (signed out: the farm store’s)' },
    ),
    row('POST /api/auth/logout', json('POST', '/api/auth/logout'), [200, 200, 200, 200, 200, 200, 200], {
      freshSession: true,
    }),
    row('GET /api/auth/me', get('/api/auth/me'), [401, 200, 200, 200, 200, 200, 200], {
      check: (res, c) => {
        if (res.json().user.id !== c.userId) fail(`${c.name} was told it is user ${res.json().user.id}`);
      },
    }),
    row('GET /api/auth/session', get('/api/auth/session'), [200, 200, 200, 200, 200, 200, 200], {
      check: (res, c) => {
        if ((res.json().user?.id ?? 0) !== c.userId) fail(`${c.name} was told it is ${res.body}`);
      },
    }),
    row(
      'POST /api/auth/change-password',
      (c) => json('POST', '/api/auth/change-password', { currentPassword: c.password, newPassword: `${c.password}x` }),
      [401, 200, 200, 200, 200, 200, 200],
      {
        target: "the caller's own password (its session is replaced by the answer's)",
        after: (c, call) => {
          c.password = (call.payload as { newPassword: string }).newPassword;
        },
      },
    ),

    row(
      'PUT /api/auth/me/language',
      json('PUT', '/api/auth/me/language', { language: 'en' }),
      [401, 200, 200, 200, 200, 200, 200],
      {
        target: "the caller's own language",
      },
    ),

    // --- transmissions: lists are each caller's own (markers), the farm store's every one ---
    row('GET /api/transmissions', get('/api/transmissions'), [401, 200, 200, 200, 200, 200, 200]),
    row('GET /api/transmissions/recent', get('/api/transmissions/recent'), [401, 200, 200, 200, 200, 200, 200]),
    row('GET /api/transmissions/incoming', get('/api/transmissions/incoming'), [401, 200, 200, 200, 200, 200, 200]),
    row(
      'GET /api/transmissions/pending-count',
      get('/api/transmissions/pending-count'),
      [401, 200, 200, 200, 200, 200, 200],
    ),
    row(
      'GET /api/transmissions/action-counts',
      get('/api/transmissions/action-counts'),
      [401, 200, 200, 200, 200, 200, 200],
    ),
    row('GET /api/transmissions/flagged', get('/api/transmissions/flagged'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'POST /api/transmissions',
      json('POST', '/api/transmissions', { type: 'farm_to_market', marketAgentId: agent.marketAgentId, quantity: 2 }),
      [401, 201, 403, 403, 403, 403, 403],
      { target: 'a delivery to A', ownership: 'only the farm store sends deliveries' },
    ),
    row(
      'POST /api/transmissions',
      json('POST', '/api/transmissions', { type: 'market_to_farm', marketAgentId: agent.marketAgentId, quantity: 1 }),
      [401, 201, 201, 201, 403, 403, 403],
      {
        target: "A's empties (an agent's return is always of its own crates, whatever marketAgentId says)",
        ownership: 'suppliers request crates, they do not return them',
        check: (res, c) => {
          const expected = c.name === 'farm' ? agent.marketAgentId : c.marketAgentId;
          if (res.json().marketAgentId !== expected) fail(`${c.name} moved agent ${res.json().marketAgentId}'s crates`);
        },
      },
    ),
    row(
      'POST /api/transmissions',
      json('POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 2 }),
      [401, 403, 403, 403, 201, 201, 403],
      { target: 'a crate request', ownership: 'only approved suppliers request crates' },
    ),
    row(
      'PUT /api/transmissions/:id/acknowledge',
      json('PUT', `/api/transmissions/${deliveryToAcknowledge}/acknowledge`, { actualQuantity: 2 }),
      [401, 403, 200, 403, 403, 403, 403],
      { target: 'a delivery to A', ownership: 'only the addressed recipient acknowledges' },
    ),
    row(
      'PUT /api/transmissions/:id/acknowledge',
      json('PUT', `/api/transmissions/${collectionToConfirm}/acknowledge`, { actualQuantity: 2 }),
      [401, 403, 200, 403, 403, 403, 403],
      { target: "the farm's collection of A's empties", ownership: 'the agent collected from confirms it' },
    ),
    row(
      'PUT /api/transmissions/:id/acknowledge',
      json('PUT', `/api/transmissions/${returnToAcknowledge}/acknowledge`, { actualQuantity: 1 }),
      [401, 200, 403, 403, 403, 403, 403],
      { target: "A's return", ownership: 'a return is addressed to the farm store' },
    ),
    row(
      'PUT /api/transmissions/:id/acknowledge',
      json('PUT', `/api/transmissions/${requestToAcknowledge}/acknowledge`, { actualQuantity: 3 }),
      [401, 200, 403, 403, 403, 403, 403],
      { target: "S's crate request", ownership: 'a crate request is addressed to the farm store' },
    ),
    row(
      'PUT /api/transmissions/:id/recall',
      json('PUT', `/api/transmissions/${deliveryToRecall}/recall`),
      [401, 200, 403, 403, 403, 403, 403],
      { target: 'a delivery to A', ownership: 'only the sender recalls' },
    ),
    row(
      'PUT /api/transmissions/:id/recall',
      json('PUT', `/api/transmissions/${returnToRecall}/recall`),
      [401, 403, 200, 403, 403, 403, 403],
      { target: "A's return", ownership: 'only the sender recalls' },
    ),
    row(
      'PUT /api/transmissions/:id/recall',
      json('PUT', `/api/transmissions/${requestToRecall}/recall`),
      [401, 403, 403, 403, 200, 403, 403],
      { target: "S's crate request", ownership: 'only the sender recalls' },
    ),
    row(
      'PUT /api/transmissions/:id/resolve',
      json('PUT', `/api/transmissions/${flagged}/resolve`, { note: 'Counted again' }),
      [401, 200, 403, 403, 403, 403, 403],
      { target: "A's flagged delivery" },
    ),

    // --- market agents and their billing ---
    row('GET /api/market-agents', get('/api/market-agents'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/market-agents/me', get('/api/market-agents/me'), [401, 403, 200, 200, 403, 403, 403], {
      check: (res, c) => {
        if (res.json().id !== c.marketAgentId) fail(`${c.name} read agent ${res.json().id}`);
      },
    }),
    row('GET /api/market-agents/earnings', get('/api/market-agents/earnings'), [401, 403, 200, 200, 403, 403, 403]),
    row(
      'GET /api/market-agents/for-transmission',
      get('/api/market-agents/for-transmission'),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row(
      'GET /api/market-agents/earnings/history',
      get('/api/market-agents/earnings/history'),
      [401, 403, 200, 200, 403, 403, 403],
      {
        check: (res, c) => {
          if (res.json().length === 0) fail(`${c.name} has a counted return in the ended cycle but no history`);
        },
      },
    ),
    row(
      'GET /api/market-agents/me/bank-details',
      get('/api/market-agents/me/bank-details'),
      [401, 403, 200, 200, 403, 403, 403],
      {
        check: (res, c) => {
          if (!res.json().accountHolderName?.startsWith(marker(c))) fail(`${c.name} read ${res.body}`);
        },
      },
    ),
    row(
      'PUT /api/market-agents/me/bank-details',
      (c) => json('PUT', '/api/market-agents/me/bank-details', bankDetails(marker(c))),
      [401, 403, 200, 200, 403, 403, 403],
      { target: "the caller's own (there is no other)" },
    ),
    row('GET /api/billing/current-cycle', get('/api/billing/current-cycle'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/billing/last-cycle', get('/api/billing/last-cycle'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/billing/cycles', get('/api/billing/cycles'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'GET /api/billing/cycles/:cycleId',
      get(`/api/billing/cycles/${endedCycle}`),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row('GET /api/billing/unbilled', get('/api/billing/unbilled'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'GET /api/billing/records/:cycleId',
      get(`/api/billing/records/${endedCycle}`),
      [401, 200, 200, 200, 403, 403, 403],
      {
        target: 'the ended cycle, with records of A and B',
        check: (res, c) => {
          const ids = (res.json() as { marketAgentId: number }[]).map((r) => r.marketAgentId);
          const expected = c.name === 'farm' ? [agent.marketAgentId, otherAgent.marketAgentId] : [c.marketAgentId];
          if ([...ids].sort().join() !== [...expected].sort().join())
            fail(`${c.name} saw the records of agents ${ids}`);
        },
      },
    ),
    row(
      'POST /api/billing/create-cycle',
      json('POST', '/api/billing/create-cycle', { startDate: day(100), endDate: day(120), ratePerCrate: '0.80' }),
      [401, 201, 403, 403, 403, 403, 403],
    ),
    row(
      'POST /api/billing/cycles/:cycleId/payments',
      json('POST', `/api/billing/cycles/${endedCycle}/payments`, {
        paidOn: day(-1),
        reference: 'EFT 1',
        marketAgentId: agent.marketAgentId,
      }),
      [401, 201, 403, 403, 403, 403, 403],
      { target: "A's record in the ended cycle" },
    ),
    row(
      'GET /api/billing/cycles/:cycleId/payout',
      get(`/api/billing/cycles/${endedCycle}/payout`),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row(
      'GET /api/billing/cycles/:cycleId/payout.csv',
      get(`/api/billing/cycles/${endedCycle}/payout.csv`),
      [401, 200, 403, 403, 403, 403, 403],
    ),

    // --- the farm store's stock ---
    row('GET /api/farm-store/me', get('/api/farm-store/me'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'GET /api/farm-store/stock-adjustments',
      get('/api/farm-store/stock-adjustments'),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row(
      'POST /api/farm-store/stock-adjustments',
      json('POST', '/api/farm-store/stock-adjustments', { quantity: 5, reason: 'Bought more' }),
      [401, 201, 403, 403, 403, 403, 403],
    ),
    row(
      'POST /api/farm-store/opening-balances',
      json('POST', '/api/farm-store/opening-balances', { marketAgentId: newAgentId, fullCrates: 3 }),
      [401, 201, 403, 403, 403, 403, 403],
      { target: 'an agent without one' },
    ),

    // --- the farm access code (decision 043): the matrix's apps run without FARM_ACCESS_CODE, so the
    // code is a generated one the farm store may replace ---
    row('GET /api/farm-store/access-code', get('/api/farm-store/access-code'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'POST /api/farm-store/access-code/rotate',
      json('POST', '/api/farm-store/access-code/rotate'),
      [401, 200, 403, 403, 403, 403, 403],
    ),

    // --- the farm's one name (decision 067): anyone reads it, the farm store sets it ---
    row('GET /api/public/farm-name', get('/api/public/farm-name'), [200, 200, 200, 200, 200, 200, 200]),
    row(
      'PUT /api/farm-store/farm-name',
      json('PUT', '/api/farm-store/farm-name', { name: 'Matrix Pepper Farm' }),
      [401, 200, 403, 403, 403, 403, 403],
    ),

    // --- the produce lists offers choose from (decision 068): suppliers and the farm read, the farm sets ---
    row('GET /api/produce-lists', get('/api/produce-lists'), [401, 200, 403, 403, 200, 200, 200]),
    row(
      'PUT /api/farm-store/produce-lists',
      json('PUT', '/api/farm-store/produce-lists', { produceTypes: ['Matrix Peppers'], qualities: ['Class 1'] }),
      [401, 200, 403, 403, 403, 403, 403],
    ),

    // --- a delivery's papers and the usual stack size (decision 073) ---
    row(
      'GET /api/transmissions/:id/delivery-note',
      get(`/api/transmissions/${stacked}/delivery-note`),
      [401, 200, 200, 404, 404, 404, 404],
      { target: 'a delivery to A', ownership: "only the farm store and the delivery's agent print its papers" },
    ),
    row(
      'GET /api/transmissions/:id/labels',
      get(`/api/transmissions/${stacked}/labels?layout=roll`),
      [401, 200, 200, 404, 404, 404, 404],
      { target: 'a delivery to A', ownership: "only the farm store and the delivery's agent print its papers" },
    ),
    row('GET /api/farm-store/stack-size', get('/api/farm-store/stack-size'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'PUT /api/farm-store/stack-size',
      json('PUT', '/api/farm-store/stack-size', { stackSize: 20 }),
      [401, 200, 403, 403, 403, 403, 403],
    ),

    // --- dashboards, prices, contact, outbox ---
    row('GET /api/dashboard', get('/api/dashboard'), [401, 200, 200, 200, 200, 200, 200], {
      check: (res, c) => {
        if (res.json().role !== c.role) fail(`${c.name} got the ${res.json().role} dashboard`);
      },
    }),
    row('GET /api/dashboard/farm-metrics', get('/api/dashboard/farm-metrics'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/insights/holdings', get('/api/insights/holdings?weeks=4'), [401, 200, 200, 200, 403, 403, 403], {
      ownership: "an agent gets only its own crates, none of the farm's",
      check: (res, c) => {
        const farmCrates = res.json().weeks.reduce((sum: number, w: { farm: number }) => sum + w.farm, 0);
        if (c.marketAgentId !== undefined && farmCrates !== 0) fail(`${c.name} got the farm's stock`);
      },
    }),
    row('GET /api/insights/agents', get('/api/insights/agents?weeks=4'), [401, 200, 200, 200, 403, 403, 403], {
      ownership: 'an agent gets only its own row',
      check: (res, c) => {
        const ids = res.json().agents.map((a: { marketAgentId: number }) => a.marketAgentId);
        if (c.marketAgentId !== undefined && (ids.length !== 1 || ids[0] !== c.marketAgentId)) {
          fail(`${c.name} got agent rows ${ids.join(', ')}`);
        }
      },
    }),
    row('GET /api/insights/forecast', get('/api/insights/forecast'), [401, 200, 200, 200, 403, 403, 403], {
      ownership: 'an agent gets only its own row and no farm stock',
      check: (res, c) => {
        if (c.marketAgentId !== undefined && res.json().farm !== null) fail(`${c.name} got the farm's stock`);
      },
    }),
    row('GET /api/public/farm-metrics', get('/api/public/farm-metrics'), [200, 200, 200, 200, 200, 200, 200]),
    row('GET /api/pepper-pricing', get('/api/pepper-pricing'), [200, 200, 200, 200, 200, 200, 200]),
    row('GET /api/pepper-pricing/history', get('/api/pepper-pricing/history'), [200, 200, 200, 200, 200, 200, 200]),
    row('GET /api/pepper-pricing/export', get('/api/pepper-pricing/export'), [200, 200, 200, 200, 200, 200, 200]),
    row(
      'PATCH /api/pepper-pricing/:id',
      json('PATCH', `/api/pepper-pricing/${price.id}`, {
        pricePerCrate: price.pricePerCrate + 100,
        availability: 'Limited',
      }),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row(
      'POST /api/contact',
      json('POST', '/api/contact', { name: 'Sipho', email: 'sipho@example.co.za', subject: 'Hi', message: 'Hello' }),
      [201, 201, 201, 201, 201, 201, 201],
    ),
    row('GET /api/contact-messages', get('/api/contact-messages'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'GET /api/contact-messages/unread-count',
      get('/api/contact-messages/unread-count'),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row(
      'PATCH /api/contact-messages/:id',
      json('PATCH', `/api/contact-messages/${contactMessage}`, { isRead: true }),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row('GET /api/outbox', get('/api/outbox'), [401, 200, 403, 403, 403, 403, 403]),

    // --- suppliers: the farm store approves; a supplier its own record, offers, tenders, requests ---
    row('GET /api/suppliers', get('/api/suppliers'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/suppliers/pending', get('/api/suppliers/pending'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/suppliers/rejected', get('/api/suppliers/rejected'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'POST /api/suppliers/:id/approve',
      json('POST', `/api/suppliers/${toApprove}/approve`),
      [401, 200, 403, 403, 403, 403, 403],
      {
        target: 'a pending supplier',
      },
    ),
    row(
      'POST /api/suppliers/:id/reject',
      json('POST', `/api/suppliers/${toReject}/reject`),
      [401, 200, 403, 403, 403, 403, 403],
      {
        target: 'a pending supplier',
      },
    ),
    row('GET /api/suppliers/me', get('/api/suppliers/me'), [401, 403, 403, 403, 200, 200, 200], {
      check: (res, c) => {
        if (res.json().userId !== c.userId) fail(`${c.name} read supplier ${res.json().userId}`);
      },
    }),
    row(
      'PATCH /api/suppliers/me',
      (c) =>
        json('PATCH', '/api/suppliers/me', {
          businessName: `${marker(c)} Farm`,
          contactPerson: `${marker(c)} Person`,
          contactNumber: '083 000 0000',
          farmLocation: 'Limpopo',
          certificationType: 'organic',
          bankName: 'Capitec',
          accountNumber: '1234567890',
          branchCode: '470010',
          accountHolderName: `${marker(c)} Holder`,
        }),
      [401, 403, 403, 403, 200, 200, 200],
      { target: "the caller's own (there is no other)" },
    ),
    row('GET /api/suppliers/metrics', get('/api/suppliers/metrics'), [401, 403, 403, 403, 200, 200, 403], {
      ownership: 'approved suppliers only',
    }),
    row('GET /api/suppliers/offers', get('/api/suppliers/offers'), [401, 403, 403, 403, 200, 200, 403], {
      ownership: 'approved suppliers only',
    }),
    row(
      'POST /api/suppliers/offers',
      (c) => json('POST', '/api/suppliers/offers', offerBody(marker(c))),
      [401, 403, 403, 403, 201, 201, 403],
      { ownership: 'approved suppliers only' },
    ),
    row(
      'PATCH /api/suppliers/offers/:id',
      json('PATCH', `/api/suppliers/offers/${offerToEdit}`, { quantityCrates: 9 }),
      [401, 403, 403, 403, 200, 403, 403],
      { target: "S's offer", ownership: "an offer is its supplier's; approved suppliers only" },
    ),
    row('GET /api/suppliers/tenders', get('/api/suppliers/tenders'), [401, 403, 403, 403, 200, 200, 403], {
      ownership: 'approved suppliers only',
    }),
    row(
      'POST /api/suppliers/tenders/:id/accept',
      json('POST', `/api/suppliers/tenders/${tenderToAccept}/accept`),
      [401, 403, 403, 403, 200, 403, 403],
      { target: 'a tender on S’s offer', ownership: 'a tender is answered by its supplier; approved suppliers only' },
    ),
    row(
      'POST /api/suppliers/tenders/:id/reject',
      json('POST', `/api/suppliers/tenders/${tenderToReject}/reject`),
      [401, 403, 403, 403, 200, 403, 403],
      { target: 'a tender on S’s offer', ownership: 'a tender is answered by its supplier; approved suppliers only' },
    ),
    row(
      'GET /api/suppliers/crate-requests',
      get('/api/suppliers/crate-requests'),
      [401, 200, 403, 403, 200, 200, 403],
      {
        ownership: 'approved suppliers only',
      },
    ),
    row('GET /api/produce-offers', get('/api/produce-offers'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/tenders', get('/api/tenders'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'POST /api/tenders',
      json('POST', '/api/tenders', { offerId: offerToTender, farmQuote: '11.00' }),
      [401, 201, 403, 403, 403, 403, 403],
      { target: "S's offer" },
    ),

    // --- live updates ---
    row('GET /api/events', get('/api/events'), [401, 200, 200, 200, 200, 200, 200], { stream: true }),

    // --- user management (farm store only) ---
    row('GET /api/admin/users', get('/api/admin/users'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/users', get('/api/users'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'DELETE /api/admin/users/:id',
      json('DELETE', `/api/admin/users/${toRemove}`),
      [401, 200, 403, 403, 403, 403, 403],
      {
        target: 'an agent',
      },
    ),
    row('DELETE /api/users/:id', json('DELETE', `/api/users/${toRemoveToo}`), [401, 200, 403, 403, 403, 403, 403], {
      target: 'an agent',
    }),
    row(
      'POST /api/admin/users/:id/restore',
      json('POST', `/api/admin/users/${toRestore}/restore`),
      [401, 200, 403, 403, 403, 403, 403],
      { target: 'a removed agent' },
    ),
    row(
      'PATCH /api/admin/users/:id/password',
      json('PATCH', `/api/admin/users/${toSetPassword}/password`, { newPassword: 'typed-by-admin' }),
      [401, 200, 403, 403, 403, 403, 403],
      { target: 'an agent' },
    ),
    row(
      'POST /api/users/:id/reset-password',
      json('POST', `/api/users/${toReset}/reset-password`, {}),
      [401, 200, 403, 403, 403, 403, 403],
      { target: 'an agent' },
    ),

    // --- stock takes (decision 051): the farm store starts and resolves, an agent counts its own ---
    row(
      'POST /api/stock-takes',
      json('POST', '/api/stock-takes', { marketAgentIds: [otherAgent.marketAgentId] }),
      [401, 201, 403, 403, 403, 403, 403],
    ),
    row('GET /api/stock-takes/counts', get('/api/stock-takes/counts'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/stock-takes/current', get('/api/stock-takes/current'), [401, 403, 200, 200, 403, 403, 403]),
    row(
      'PUT /api/stock-takes/counts/:id/submit',
      json('PUT', `/api/stock-takes/counts/${stockCountId}/submit`, stockFigures),
      [401, 403, 200, 404, 403, 403, 403],
      { target: "A's count", ownership: "a count is its agent's" },
    ),
    row(
      'PUT /api/stock-takes/lines/:id/resolve',
      json('PUT', `/api/stock-takes/lines/${stockLine}/resolve`, { action: 'accept', note: 'Counted twice' }),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    // --- evidence photos (decision 053): access follows the record; another agent's is not found ---
    row('POST /api/evidence', json('POST', '/api/evidence', evidencePhoto), [401, 201, 201, 404, 403, 403, 403], {
      target: "A's stock-take difference",
      ownership: "a photo's record is its agent's",
    }),
    row(
      'GET /api/evidence',
      get(`/api/evidence?recordKind=stock-take-line&recordId=${stockLine}`),
      [401, 200, 200, 404, 403, 403, 403],
      { target: "A's stock-take difference", ownership: "a photo's record is its agent's" },
    ),
    row('GET /api/evidence/:id/photo', get(`/api/evidence/${evidenceId}/photo`), [401, 200, 200, 404, 403, 403, 403], {
      target: "A's photo",
      ownership: "a photo's record is its agent's",
    }),
    row(
      'GET /api/evidence/damaged-crates',
      get(`/api/evidence/damaged-crates?marketAgentId=${agent.marketAgentId}`),
      [401, 200, 200, 404, 403, 403, 403],
      { target: "A's damaged crates", ownership: "damaged crates are their agent's" },
    ),
    row(
      'GET /api/stock-takes/agents/:id',
      get(`/api/stock-takes/agents/${agent.marketAgentId}`),
      [401, 200, 403, 403, 403, 403, 403],
    ),

    // --- monthly statements (decision 064): the farm store issues and resolves; an agent answers its own ---
    row(
      'POST /api/balance-statements',
      json('POST', '/api/balance-statements', { month: monthBack(6), marketAgentIds: [otherAgent.marketAgentId] }),
      [401, 201, 403, 403, 403, 403, 403],
    ),
    row('GET /api/balance-statements', get('/api/balance-statements'), [401, 200, 200, 200, 403, 403, 403]),
    row(
      'GET /api/balance-statements/:id',
      get(`/api/balance-statements/${statementToConfirm}`),
      [401, 200, 200, 404, 403, 403, 403],
      { target: "A's statement", ownership: "a statement is its agent's" },
    ),
    row(
      'PUT /api/balance-statements/:id/confirm',
      json('PUT', `/api/balance-statements/${statementToConfirm}/confirm`),
      [401, 403, 200, 404, 403, 403, 403],
      { target: "A's statement", ownership: "a statement is its agent's" },
    ),
    row(
      'PUT /api/balance-statements/:id/dispute',
      json('PUT', `/api/balance-statements/${statementToDispute}/dispute`, dispute),
      [401, 403, 200, 404, 403, 403, 403],
      { target: "A's statement", ownership: "a statement is its agent's" },
    ),
    row(
      'PUT /api/balance-statements/:id/resolve',
      json('PUT', `/api/balance-statements/${statementToResolve}/resolve`, {
        action: 'answer',
        note: 'Our count stands',
      }),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row(
      'POST /api/clients/:id/statement-links',
      json('POST', `/api/clients/${agentClient}/statement-links`),
      [401, 403, 201, 404, 403, 403, 403],
      { target: "A's client", ownership: "a client is its agent's" },
    ),
    row(
      'DELETE /api/clients/:id/statement-links/:linkId',
      json('DELETE', `/api/clients/${agentClient}/statement-links/${statementLink}`),
      [401, 403, 200, 404, 403, 403, 403],
      { target: "A's client's link", ownership: "a client is its agent's" },
    ),

    // --- clients and loans: an agent's own; another agent's are not found ---
    row('GET /api/clients', get('/api/clients'), [401, 403, 200, 200, 403, 403, 403]),
    row('GET /api/clients/:id', get(`/api/clients/${agentClient}`), [401, 403, 200, 404, 403, 403, 403], {
      target: "A's client",
      ownership: "a client is its agent's",
    }),
    row(
      'GET /api/clients/:id/statement',
      get(`/api/clients/${agentClient}/statement`),
      [401, 403, 200, 404, 403, 403, 403],
      {
        target: "A's client",
        ownership: "a client is its agent's",
      },
    ),
    row(
      'POST /api/clients',
      (c) =>
        json('POST', '/api/clients', {
          businessName: `${marker(c)} Kitchen`,
          clientName: `${marker(c)} Chef`,
          contactNumber: '082 765 4321',
        }),
      [401, 403, 201, 201, 403, 403, 403],
    ),
    row(
      'PATCH /api/clients/:id',
      json('PATCH', `/api/clients/${agentClient}`, { contactNumber: '082 999 0000' }),
      [401, 403, 200, 404, 403, 403, 403],
      {
        target: "A's client",
        ownership: "a client is its agent's",
      },
    ),
    row('GET /api/client-transactions', get('/api/client-transactions'), [401, 403, 200, 200, 403, 403, 403]),
    row(
      'GET /api/client-transactions',
      get(`/api/client-transactions?clientId=${agentClient}`),
      [401, 403, 200, 404, 403, 403, 403],
      { target: "?clientId= A's client", ownership: "a client is its agent's" },
    ),
    row('GET /api/client-transactions/open', get('/api/client-transactions/open'), [401, 403, 200, 200, 403, 403, 403]),
    row(
      'POST /api/client-transactions',
      json('POST', '/api/client-transactions', { clientId: agentClient, quantityBorrowed: 1 }),
      [401, 403, 201, 404, 403, 403, 403],
      { target: "A's client (in the body)", ownership: "a client is its agent's" },
    ),
    row(
      'PUT /api/client-transactions/:id/return',
      json('PUT', `/api/client-transactions/${agentLoan}/return`, { quantityReturned: 1 }),
      [401, 403, 200, 404, 403, 403, 403],
      { target: "A's loan", ownership: "a loan is its agent's" },
    ),
    row(
      'PUT /api/client-transactions/:id',
      json('PUT', `/api/client-transactions/${agentLoan}`, { quantityReturned: 1 }),
      [401, 403, 200, 404, 403, 403, 403],
      { target: "A's loan", ownership: "a loan is its agent's" },
    ),

    // --- the audit trail (farm store only) ---
    row('GET /api/audit', get('/api/audit'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/audit/people', get('/api/audit/people'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/audit.csv', get('/api/audit.csv'), [401, 200, 403, 403, 403, 403, 403]),

    // --- CSV exports (decision 049): an agent's own transmissions, clients and loans; the rest the farm's ---
    ...(['transmissions', 'clients', 'loans'] as const).map((kind) =>
      row(
        `GET /api/exports/${kind}.csv`,
        get(`/api/exports/${kind}.csv?marketAgentId=${agent.marketAgentId}`),
        [401, 200, 200, 404, 403, 403, 403],
        { target: `A's ${kind}`, ownership: "an agent's file is its own; another agent's is not found" },
      ),
    ),
    ...(['billing-lines', 'payments', 'ledger'] as const).map((kind) =>
      row(`GET /api/exports/${kind}.csv`, get(`/api/exports/${kind}.csv`), [401, 200, 403, 403, 403, 403, 403]),
    ),
    // --- importing paper records (farm store only, decision 050) ---
    row('GET /api/imports', get('/api/imports'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'POST /api/imports/preview',
      json('POST', '/api/imports/preview', importUpload),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row('POST /api/imports', json('POST', '/api/imports', importUpload), [401, 201, 403, 403, 403, 403, 403]),

    // --- reports ---
    row('GET /api/reports/summary', get('/api/reports/summary'), [401, 200, 403, 403, 403, 403, 403]),
    row('GET /api/reports/my-weekly', get('/api/reports/my-weekly'), [401, 403, 200, 200, 403, 403, 403]),
    row(
      'POST /api/reports/generate',
      json('POST', '/api/reports/generate', reportBody),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row('POST /api/reports/email', json('POST', '/api/reports/email', reportBody), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'POST /api/reports/email/preview',
      json('POST', '/api/reports/email/preview', reportBody),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row('POST /api/reports/weekly', json('POST', '/api/reports/weekly', {}), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'POST /api/reports/weekly/preview',
      json('POST', '/api/reports/weekly/preview', {}),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row(
      'POST /api/notifications/weekly-reports',
      json('POST', '/api/notifications/weekly-reports', {}),
      [401, 200, 403, 403, 403, 403, 403],
    ),

    // --- API tokens (each person's own; suppliers have none) and webhooks (the farm store's), decision 063 ---
    row('GET /api/api-tokens', get('/api/api-tokens'), [401, 200, 200, 200, 403, 403, 403]),
    row(
      'POST /api/api-tokens',
      json('POST', '/api/api-tokens', { name: 'Matrix token', scope: 'read' }),
      [401, 201, 201, 201, 403, 403, 403],
    ),
    row(
      'DELETE /api/api-tokens/:id',
      json('DELETE', `/api/api-tokens/${agentToken}`),
      [401, 404, 200, 404, 403, 403, 403],
      {
        target: "A's token",
        ownership: "a token is its owner's alone",
      },
    ),
    row('GET /api/webhooks', get('/api/webhooks'), [401, 200, 403, 403, 403, 403, 403]),
    row(
      'POST /api/webhooks',
      json('POST', '/api/webhooks', { url: 'https://1.1.1.1/matrix', events: ['transmission.created'] }),
      [401, 201, 403, 403, 403, 403, 403],
    ),
    row(
      'DELETE /api/webhooks/:id',
      json('DELETE', `/api/webhooks/${webhookToDelete}`),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row(
      'GET /api/webhooks/:id/deliveries',
      get(`/api/webhooks/${webhook}/deliveries`),
      [401, 200, 403, 403, 403, 403, 403],
    ),
    row(
      'POST /api/webhooks/:id/test',
      json('POST', `/api/webhooks/${webhook}/test`),
      [401, 202, 403, 403, 403, 403, 403],
    ),
    row(
      'POST /api/webhooks/:id/deliveries/:deliveryId/resend',
      json('POST', `/api/webhooks/${webhook}/deliveries/${webhookDelivery}/resend`),
      [401, 202, 403, 403, 403, 403, 403],
    ),
  ];

  return { callers, rows, ids: { agentClient, agentLoan, endedCycle } };
}

export type AccessWorld = Awaited<ReturnType<typeof buildAccessWorld>>;
