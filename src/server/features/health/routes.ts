// GET /api/health: the app is up and its database answers (liveness, for monitoring).
// GET /api/ready: this instance should be sent traffic (readiness, for a load balancer or an
// orchestrator): every migration applied, the database answering, on PostgreSQL the
// change-event listener connected (without it this instance's live updates and read cache are off),
// and not shutting down; on the embedded database, DATA_DIR with room for writes. 503 otherwise, with
// what is not ready. Both say in words when the database is unreachable (decision 060).
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsApplied, ping } from '../../db/client.ts';
import { routeOptions } from '../../lib/route-options.ts';

const route = routeOptions('health');

const DATABASE_UNREACHABLE = 'The database is unreachable';
const DISK_SHORT = "The embedded database's disk (DATA_DIR) is almost full: writes are refused";

const readyAnswer = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    /** The change-event listener (always true on PGlite, which needs no connection for it). */
    events: z.boolean(),
    /** DATA_DIR has room for writes (always true on PostgreSQL, decision 060). */
    disk: z.boolean(),
    shuttingDown: z.boolean(),
  }),
  /** What is wrong, in words, when the database is unreachable or its disk is full. */
  message: z.string().optional(),
});

const healthAnswer = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const unhealthyAnswer = z.object({
  status: z.literal('unavailable'),
  database: z.enum(['pglite', 'postgres']),
  message: z.string(),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Does the database answer? Tells the fault state either way (decision 060). */
  const answers = () =>
    ping(app.db).then(
      () => {
        app.databaseFaults.answered();
        return true;
      },
      (err) => {
        app.databaseFaults.noticed(err);
        return false;
      },
    );

  app.get(
    '/health',
    route('public', { response: { 200: healthAnswer, 503: unhealthyAnswer } }),
    async (_request, reply) => {
      if (await answers()) return { status: 'ok' as const, database: app.database.kind };
      return reply
        .status(503)
        .send({ status: 'unavailable' as const, database: app.database.kind, message: DATABASE_UNREACHABLE });
    },
  );

  // Migrations never un-apply: once seen applied, not asked again.
  let migrated = false;
  const checkMigrations = async () => {
    migrated ||= await migrationsApplied(async (text) => app.db.execute(sql.raw(text)));
    return migrated;
  };

  app.get('/ready', route('public', { response: { 200: readyAnswer, 503: readyAnswer } }), async (_request, reply) => {
    const database = await answers();
    const checks = {
      database,
      migrations: database && (await checkMigrations().catch(() => false)),
      events: app.database.kind === 'pglite' || app.readCache.listening,
      disk: app.databaseFaults.disk()?.room ?? true,
      shuttingDown: app.lifecycle.shuttingDown,
    };
    const ready = checks.database && checks.migrations && checks.events && checks.disk && !checks.shuttingDown;
    const message = !database ? DATABASE_UNREACHABLE : !checks.disk ? DISK_SHORT : undefined;
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not-ready', checks, ...(message ? { message } : {}) });
  });
};

export default healthRoutes;
