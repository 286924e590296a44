// GET /metrics in Prometheus's text format (decision 037): requests by route and status, the
// database's pool and query times, open event streams, jobs, the process (memory, event-loop delay)
// and the figures features register (outbox, unbilled returns, flagged counts). Off unless
// METRICS_TOKEN is set — then only `Authorization: Bearer <token>` gets it — so nothing leaks by
// default and an app without it pays nothing per request.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import errorsEnglish from '../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../shared/i18n/english.ts';
import { onQueryTimed, poolStats } from '../db/query-timing.ts';

addEnglish({ errors: errorsEnglish });

const PREFIX = 'cratekeeper_';

/** A figure read when Prometheus scrapes: one number, or one per set of label values. */
export type FigureDefinition = {
  /** Without the `cratekeeper_` prefix, e.g. 'outbox_messages'. */
  name: string;
  help: string;
  labelNames?: string[];
  read: () => Promise<number | { labels: Record<string, string>; value: number }[]>;
};

export type Metrics = {
  readonly enabled: boolean;
  /** Adds a figure (a gauge); does nothing while metrics are off. */
  figure(definition: FigureDefinition): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Does the request carry the bearer token? Compared in constant time (as digests of equal length). */
function hasToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]), digest(token));
}

// Seconds; requests answered from memory take under a millisecond, reports a second or two.
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

function requestMetrics(app: FastifyInstance, registers: Registry[]) {
  const labelNames = ['method', 'route', 'status'];
  const count = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer being sent',
    labelNames,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/clients/:id), never the URL: ids and queries would make a series each.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode };
    count.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

function databaseMetrics(app: FastifyInstance, registers: Registry[]) {
  const queries = new Histogram({
    name: `${PREFIX}db_query_duration_seconds`,
    help: 'Database query time, by outcome',
    labelNames: ['outcome'],
    buckets: QUERY_BUCKETS,
    registers,
  });
  const stop = onQueryTimed(app.database, ({ ms, failed }) =>
    queries.observe({ outcome: failed ? 'failed' : 'ok' }, ms / 1000),
  );
  app.addHook('onClose', async () => stop());
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'PostgreSQL pool connections by state (total, idle, waiting for a connection); none on PGlite',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = poolStats(app.database);
      this.reset();
      if (stats) for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
}

/** Whether the database answers, and the embedded database's room (decision 060). */
function faultMetrics(app: FastifyInstance, registers: Registry[]) {
  new Gauge({
    name: `${PREFIX}database_up`,
    help: 'Whether the database answered the last request that needed it (0 from a failure for want of it until it answers again)',
    registers,
    collect() {
      this.set(app.databaseFaults.reachable ? 1 : 0);
    },
  });
  if (!app.database.freeBytes) return;
  new Gauge({
    name: `${PREFIX}data_dir_free_bytes`,
    help: 'Free bytes on the embedded database’s file system (DATA_DIR); below DATA_DIR_MIN_FREE_MB writes answer 507',
    registers,
    collect() {
      this.set(app.databaseFaults.disk()?.freeBytes ?? 0);
    },
  });
}

/** A gauge with one series per `kind`, read when scraped. */
function kindGauge(registers: Registry[], name: string, help: string, read: () => Record<string, number>) {
  new Gauge({
    name: `${PREFIX}${name}`,
    help,
    labelNames: ['kind'],
    registers,
    collect() {
      for (const [kind, value] of Object.entries(read())) this.set({ kind }, value);
    },
  });
}

/** How full the read cache is (decision 032): its answers' bytes against the bound, answers and sessions. */
function readCacheMetrics(app: FastifyInstance, registers: Registry[]) {
  const size = () => app.readCache.size;
  kindGauge(
    registers,
    'read_cache_bytes',
    'Bytes of answers the read cache holds (used) and may hold at most (max; 64 MB)',
    () => ({
      used: size().bytes,
      max: size().maxBytes,
    }),
  );
  kindGauge(registers, 'read_cache_entries', 'Answers and signed-in sessions the read cache holds', () => ({
    answers: size().answers,
    sessions: size().sessions,
  }));
}

function appMetrics(app: FastifyInstance, registers: Registry[]) {
  new Gauge({
    name: `${PREFIX}event_streams_open`,
    help: 'Live-update event streams open on this instance',
    registers,
    collect() {
      this.set(app.changeHub.size);
    },
  });
  new Counter({
    name: `${PREFIX}job_runs_total`,
    help: 'Scheduled job runs on this instance by outcome (ran, failed, or skipped: locked / done-already by another)',
    labelNames: ['job', 'outcome'],
    registers,
    collect() {
      this.reset();
      for (const { job, outcome, runs } of app.jobs.counts()) this.inc({ job, outcome }, runs);
    },
  });
}

async function metricsPlugin(app: FastifyInstance) {
  const token = app.config.metricsToken;
  const registry = new Registry();
  const registers = [registry];

  app.decorate('metrics', {
    enabled: Boolean(token),
    figure(definition: FigureDefinition) {
      if (!token) return;
      new Gauge({
        name: `${PREFIX}${definition.name}`,
        help: definition.help,
        labelNames: definition.labelNames ?? [],
        registers,
        async collect() {
          // The database away (decision 060): the figure is left out of this scrape, the rest still
          // answers — database_up among them.
          const value = await definition.read().catch(() => null);
          this.reset();
          if (value === null) return;
          if (typeof value === 'number') this.set(value);
          else for (const row of value) this.set(row.labels, row.value);
        },
      });
    },
  });

  // Outside /api: Prometheus's own path, and no session is involved (the token is the rule).
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ message: english('errors.notFound') });
    if (!hasToken(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });

  if (!token) return;
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  requestMetrics(app, registers);
  databaseMetrics(app, registers);
  appMetrics(app, registers);
  faultMetrics(app, registers);
  readCacheMetrics(app, registers);
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['db', 'jobs', 'events'] });
