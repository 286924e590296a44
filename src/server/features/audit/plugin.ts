// Opens the audit scope of every /api mutation (decision 027): who is calling, from which address,
// through which route, and the route's default action and record — declared by the route itself with
// `audited()` (lib/route-options.ts) — kept in the request's write context (lib/write-context.ts), so
// that recordChange() and audit() in a transaction on `request.db` append the audit row unasked. A mutation route that declares none stops the app at
// start. Also records every 429 that no security event accounted for (rate-limit trips, DESIGN §6).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_ID } from '../../../shared/fields.ts';
import type { RouteAudit } from '../../lib/route-options.ts';
import { SESSION_COOKIE } from '../../lib/sessions.ts';
import { recordRateLimitTrip } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api mutation route with its declared audit defaults (the coverage test walks this). */
    routeAudits: Map<string, RouteAudit | null>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 'PUT /api/transmissions/:id/acknowledge', or null for a request that matched no /api route. */
export function routeKey(request: FastifyRequest): string | null {
  const url = request.routeOptions.url;
  return url?.startsWith('/api/') ? `${request.method} ${url}` : null;
}

/** A path id as a record id; null when it is not one (the route answers 400 or 404 before any write). */
function pathId(params: unknown, name: string): number | null {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** Every /api mutation route's `audited()` declaration, kept in app.routeAudits; one without it stops the app. */
function collectRouteAudits(app: FastifyInstance) {
  app.decorate('routeAudits', new Map());
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (READS.has(method)) continue;
      const audit = route.config?.audit;
      if (audit === undefined) {
        throw new Error(`Route ${method} ${route.url} declares no audit action (audited() in lib/route-options.ts)`);
      }
      app.routeAudits.set(`${method} ${route.url}`, audit);
    }
  });
}

async function auditPlugin(app: FastifyInstance) {
  collectRouteAudits(app);

  // After the auth plugin's guard: a refused caller never gets this far.
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method)) return;
    const route = routeKey(request);
    const defaults = route ? request.routeOptions.config.audit : null;
    if (!route || !defaults || !request.write) return;
    // A public route (sign-out, the contact form) still knows who is signed in, if anyone.
    if (request.routeOptions.config?.access === 'public' && request.cookies[SESSION_COOKIE]) {
      await request.loadSession();
    }
    const { id } = defaults;
    request.write.audit = {
      route,
      address: request.ip,
      action: defaults.action,
      record: { type: defaults.record, id: id === 'self' ? 'self' : id ? pathId(request.params, id.param) : null },
      actor: () => (request.sessionUser ? { id: request.sessionUser.id, role: request.sessionUser.role } : null),
      token: () => request.sessionUser?.token ?? null,
      written: 0,
      accounted: false,
    };
  });

  // Before the answer goes out, so the row exists once the caller has its 429.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 429) return payload;
    const scope = request.write?.audit;
    if (scope && (scope.written > 0 || scope.accounted)) return payload;
    const route = routeKey(request) ?? `${request.method} ${request.url.split('?')[0].slice(0, 200)}`;
    await recordRateLimitTrip(
      { db: app.db, log: request.log },
      {
        route,
        address: request.ip,
        actorId: request.sessionUser?.id ?? null,
        token: request.sessionUser?.token ?? null,
      },
    );
    return payload;
  });
}

export default fp(auditPlugin, { name: 'audit', dependencies: ['db', 'auth'] });
