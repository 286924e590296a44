// GET /api/health: the app is up and its database answers (liveness, for monitoring).
// GET /api/ready: this instance should be sent traffic (readiness, for a load balancer or an
// orchestrator): every migration applied, the database answering, on PostgreSQL the
// change-event listener connected (without it this instance's live updates and read cache are off),
// and not shutting down. 503 otherwise, with what is not ready.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsApplied, ping } from '../../db/client.ts';
import { routeOptions } from '../../lib/route-options.ts';

const route = routeOptions('health');

const readyAnswer = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    /** The change-event listener (always true on PGlite, which needs no connection for it). */
    events: z.boolean(),
    shuttingDown: z.boolean(),
  }),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    route('public', {
      response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
    }),
    async () => {
      await ping(app.db);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );

  // Migrations never un-apply: once seen applied, not asked again.
  let migrated = false;
  const checkMigrations = async () => {
    migrated ||= await migrationsApplied(async (text) => app.db.execute(sql.raw(text)));
    return migrated;
  };

  app.get('/ready', route('public', { response: { 200: readyAnswer, 503: readyAnswer } }), async (_request, reply) => {
    const database = await ping(app.db).then(
      () => true,
      () => false,
    );
    const checks = {
      database,
      migrations: database && (await checkMigrations().catch(() => false)),
      events: app.database.kind === 'pglite' || app.readCache.listening,
      shuttingDown: app.lifecycle.shuttingDown,
    };
    const ready = checks.database && checks.migrations && checks.events && !checks.shuttingDown;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
  });
};

export default healthRoutes;
