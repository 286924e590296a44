// GET /metrics (decision 037): off unless METRICS_TOKEN is set, then only with the bearer
// token; Prometheus text with requests by route and status, database query times, streams, jobs, the
// process, and the farm's figures (outbox, unbilled returns, unresolved flagged counts).
import { describe, expect, it } from 'vitest';
import { billingFixtures, returnEmpties } from '../../../tests/support/billing.ts';
import { buildTestApp } from '../../../tests/support/test-app.ts';
import { acknowledge, farmWithAgents, send } from '../../../tests/support/transmissions.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** One sample's value from Prometheus text, by its name and labels as written. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('metrics off (no METRICS_TOKEN)', async () => {
  const app = await buildTestApp();

  it('answers 404 and shows nothing, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('cratekeeper_');
    }
  });
});

describe('metrics on', async () => {
  const app = await buildTestApp({ metricsToken: TOKEN });
  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a missing or wrong token with 401 and a Bearer challenge', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-wrong', `Basic ${TOKEN}`, TOKEN]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('cratekeeper_');
    }
  });

  it('counts requests by route pattern and status, and times them', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/clients/123' });
    const text = await scrape();
    expect(
      sample(text, 'cratekeeper_http_requests_total{method="GET",route="/api/health",status="200"}'),
    ).toBeGreaterThan(0);
    // The pattern, never the id: one series per route however many records are asked for.
    expect(sample(text, 'cratekeeper_http_requests_total{method="GET",route="/api/clients/:id",status="401"}')).toBe(1);
    expect(text).not.toContain('/api/clients/123');
    expect(text).toMatch(
      /cratekeeper_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health"/,
    );
  });

  it("times the database's queries and shows the process's memory and event-loop delay", async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    const text = await scrape();
    expect(sample(text, 'cratekeeper_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'cratekeeper_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(text).toContain('cratekeeper_nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('cratekeeper_event_streams_open 0');
    expect(sample(text, 'cratekeeper_database_up')).toBe(1);
    if (app.database.kind === 'postgres') {
      expect(sample(text, 'cratekeeper_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    }
  });

  it('says how full the read cache is, against its byte bound', async () => {
    const { farm } = await farmWithAgents(app, 10);
    const before = await scrape();
    // A cached read keeps its answer: the bytes and answers go up by it.
    expect((await farm.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'cratekeeper_read_cache_bytes{kind="max"}')).toBe(64 * 1024 * 1024);
    expect(sample(after, 'cratekeeper_read_cache_bytes{kind="used"}')).toBe(app.readCache.size.bytes);
    expect(app.readCache.size.bytes).toBeGreaterThan(sample(before, 'cratekeeper_read_cache_bytes{kind="used"}') ?? 0);
    expect(sample(after, 'cratekeeper_read_cache_entries{kind="answers"}')).toBe(app.readCache.size.answers);
    expect(sample(after, 'cratekeeper_read_cache_entries{kind="sessions"}')).toBeGreaterThan(0);
  });

  it('shows unbilled returns and unresolved flagged counts as they change', async () => {
    const before = await scrape();
    const { farm, agent } = await farmWithAgents(app, 100);
    // A delivery counted short is flagged until the farm store resolves it.
    const delivery = await send(farm, agent, 10);
    await acknowledge(agent, delivery.id, 8);
    // Empties sent back and counted in by the farm store: one unbilled return of 3 crates.
    const withEmpties = await billingFixtures(app, farm).agentWithEmpties(5);
    await acknowledge(farm, await returnEmpties(withEmpties, 3));
    const after = await scrape();
    const figure = (text: string, name: string) => sample(text, name) ?? Number.NaN;
    expect(figure(after, 'cratekeeper_flagged_counts_unresolved')).toBe(
      figure(before, 'cratekeeper_flagged_counts_unresolved') + 1,
    );
    expect(figure(after, 'cratekeeper_unbilled_returns')).toBe(figure(before, 'cratekeeper_unbilled_returns') + 1);
    expect(figure(after, 'cratekeeper_unbilled_crates')).toBe(figure(before, 'cratekeeper_unbilled_crates') + 3);
    expect(sample(after, 'cratekeeper_outbox_messages{state="waiting"}')).toEqual(expect.any(Number));
  });

  it('counts job runs by outcome', async () => {
    const [name] = app.jobs.names();
    await app.jobs.runNow(name, new Date('2026-01-05T06:00:00Z'));
    // The same slot again: done already.
    await app.jobs.runNow(name, new Date('2026-01-05T06:00:00Z'));
    const text = await scrape();
    expect(sample(text, `cratekeeper_job_runs_total{job="${name}",outcome="ran"}`)).toBe(1);
    expect(sample(text, `cratekeeper_job_runs_total{job="${name}",outcome="done-already"}`)).toBe(1);
  });
});
