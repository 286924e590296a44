// The app under load for bench/api.mjs: opens the database it is given (PGlite in BENCH_DATA_DIR or
// PostgreSQL at BENCH_DB_URL), already holding the bench's farm (bench/seed.ts), starts sessions for
// the simulated browsers, then listens on 127.0.0.1:BENCH_PORT and prints one JSON line
// (`{"ready": …}`) on stdout with the cookies and the ids the bench needs.
//
// Sessions are rows in `sessions`, made as a sign-in makes them (a random token, its SHA-256 stored,
// the user's credential version), so the bench can act as a thousand browsers without a thousand
// sign-ins (the login limit is 100 per address in 15 minutes). They expire in three hours and are
// deleted when the app stops. BENCH_FARM_SESSIONS (100) are spread over the farm store users,
// BENCH_AGENT_SESSIONS (900) over the agents, at least one per agent.
//
// Writing 'memory' on its stdin prints its memory use after a full collection; 'invariant', the
// ledger invariant checker's report.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { checkLedgerInvariant } from '../src/server/features/invariant/service.ts';
import { farmToday } from '../src/server/lib/farm-date.ts';
import { hashToken, SESSION_COOKIE } from '../src/server/lib/sessions.ts';

const env = process.env;
const port = Number(env.BENCH_PORT);
if (!port) throw new Error('BENCH_PORT is required');
const FARM_SESSIONS = Number(env.BENCH_FARM_SESSIONS ?? 100);
const AGENT_SESSIONS = Number(env.BENCH_AGENT_SESSIONS ?? 900);

const config = loadConfig({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: env.BENCH_DATA_DIR ?? '.tmp/bench',
  LOG_LEVEL: 'silent',
  ...(env.FARM_TIMEZONE ? { FARM_TIMEZONE: env.FARM_TIMEZONE } : {}),
});
const database = await openDatabase(
  env.BENCH_DB_URL ? { url: env.BENCH_DB_URL } : { dataDir: env.BENCH_DATA_DIR ?? '.tmp/bench' },
);
const app = await buildApp({ config, database });
const db = app.db;

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) => (await db.execute<Row>(query)).rows;

const farmUsers = (await rows(sql`select id from users where role = 'farm_store' and is_active order by id`)).map((r) =>
  Number(r.id),
);
const agents = (
  await rows(sql`
    select a.id, a.user_id,
      (select min(c.id) from clients c where c.market_agent_id = a.id and c.is_active) as client_id
    from market_agents a join users u on u.id = a.user_id
    where u.is_active order by a.id`)
).map((r) => ({ marketAgentId: Number(r.id), userId: Number(r.user_id), clientId: Number(r.client_id) }));
if (farmUsers.length === 0 || agents.length === 0) throw new Error('no bench farm here: run npm run bench:seed first');

/** One session per entry, made in one insert; returns each one's cookie. */
async function startSessions(userIds: number[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
  for (let i = 0; i < userIds.length; i += 500) {
    const values = userIds
      .slice(i, i + 500)
      .map((id, j) => sql`(${hashToken(tokens[i + j])}::text, ${id}::integer, ${expiresAt}::timestamptz)`);
    await db.execute(sql`
      insert into sessions (token_hash, user_id, credential_version, expires_at)
      select v.token_hash, v.user_id, u.credential_version, v.expires_at
      from (values ${sql.join(values, sql`, `)}) as v(token_hash, user_id, expires_at)
      join users u on u.id = v.user_id`);
  }
  return tokens.map((t) => `${SESSION_COOKIE}=${t}`);
}

const farmCookies = await startSessions(
  Array.from({ length: FARM_SESSIONS }, (_, i) => farmUsers[i % farmUsers.length]),
);
const agentSessions = Array.from(
  { length: Math.max(AGENT_SESSIONS, agents.length) },
  (_, i) => agents[i % agents.length],
);
const agentCookies = await startSessions(agentSessions.map((a) => a.userId));
const benchTokens = [...farmCookies, ...agentCookies].map((c) => hashToken(c.slice(SESSION_COOKIE.length + 1)));

const pricing = (await rows(sql`select id, price_per_crate, availability from pepper_pricing order by id`)).map(
  (r) => ({
    id: Number(r.id),
    pricePerCrate: Number(r.price_per_crate),
    availability: String(r.availability),
  }),
);

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await app.close();
  // The bench's sessions go with it, so the reusable database does not collect them.
  for (let i = 0; i < benchTokens.length; i += 1000) {
    const batch = benchTokens.slice(i, i + 1000).map((t) => sql`${t}`);
    await db.execute(sql`delete from sessions where token_hash in (${sql.join(batch, sql`, `)})`).catch(() => {});
  }
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

// bench/api.mjs asks for the app's memory by writing 'memory' on stdin: a full collection first
// (the child runs with --expose-gc), then one `{"memory": …}` line on stdout. 'invariant' runs the
// ledger's invariant checker (every check) and prints one `{"invariant": {ok, problems}}` line.
process.stdin.on('data', (chunk) => {
  const asked = String(chunk);
  if (asked.includes('invariant')) {
    checkLedgerInvariant(db).then(
      (report) => process.stdout.write(`${JSON.stringify({ invariant: report })}\n`),
      (err: Error) =>
        process.stdout.write(`${JSON.stringify({ invariant: { ok: false, problems: [err.message] } })}\n`),
    );
  }
  if (!asked.includes('memory')) return;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  process.stdout.write(`${JSON.stringify({ memory: process.memoryUsage(), collected: Boolean(gc) })}\n`);
});

await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({
    ready: true,
    database: database.kind,
    today: farmToday(config.farmTimezone),
    farmCookies,
    // The agent of each agent session, in order; the first `agents.length` are one per agent.
    agentSessions: agentSessions.map((a, i) => ({ ...a, cookie: agentCookies[i] })),
    agents: agents.length,
    pricing,
  })}\n`,
);
