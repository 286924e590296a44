// One JSON log line per request (decision 037): method, route pattern, path, status, time and
// the signed-in user's id — never a body, a query string, a header, a cookie or a token (a path holds
// ids only; a query may one day hold a token). Fastify's own two lines per request are off
// (app.ts). LOG_LEVEL=debug adds a line as each request arrives and one per database query with its
// time (the SQL text has placeholders, never values).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onQueryTimed } from '../db/query-timing.ts';

async function requestLogPlugin(app: FastifyInstance) {
  const path = (url: string) => url.split('?', 1)[0].slice(0, 300);
  // The level is fixed at start; without a logger (tests, the bench) no hook is added at all.
  const log = app.log as { isLevelEnabled?: (level: string) => boolean };
  const enabled = (level: string) => log.isLevelEnabled?.(level) === true;

  if (enabled('debug')) {
    app.addHook('onRequest', (request, _reply, done) => {
      request.log.debug({ method: request.method, path: path(request.url) }, 'request received');
      done();
    });
  }

  if (!enabled('info')) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        path: path(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        userId: request.sessionUser?.id ?? null,
      },
      'request',
    );
    done();
  });

  if (enabled('debug')) {
    const stop = onQueryTimed(app.database, ({ sql, ms, failed }) =>
      app.log.debug({ sql: sql.slice(0, 500), ms: Math.round(ms * 100) / 100, failed }, 'query'),
    );
    app.addHook('onClose', async () => stop());
  }
}

export default fp(requestLogPlugin, { name: 'request-log', dependencies: ['auth'] });
