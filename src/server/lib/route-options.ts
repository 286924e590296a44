// A route's guard and documentation in one call, so a route table reads as a list of endpoints with
// who may call each and what it says (STYLE: every route declares its schemas and its guard):
//   app.get('/cycles', route('read:billing:any', 'Every cycle, latest first.', { querystring, response }), handler)
//   app.get('/me', route.farmRead('read:supplier:own', supplierSchema), handler)
//   app.post('/', audited(route('create:client:own', { body, response }), created('client.create', 'client')), handler)
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { AuditAction } from '../../shared/audit.ts';
import { type ChangeTag, farmRecordTags } from '../../shared/change-tags.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route's audit rows say by default (`audited`); null for a POST that changes nothing. */
    audit?: RouteAudit | null;
  }
}

type Access = NonNullable<FastifyContextConfig['access']>;

/**
 * The error answers a route gives beyond those the document derives from its declaration
 * (plugins/docs.ts, decision 048): e.g. 409 when a rule refuses on the record's state, 429 when it is
 * rate limited, 404 when it looks up a record its address does not name, 401 on a public route that
 * wants a session anyway. The contract check in the API tests fails on any status a route answers
 * that its document does not declare.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** What a route's document says besides its schemas: all optional, derived when left out. */
export type RouteDocs = {
  /** One line for the operation; derived from the description's first sentence, or the path. */
  summary?: string;
  /** Derived from the method and path (GET /api/clients/:id → getClientsById). */
  operationId?: string;
  /** Statuses the route answers beyond the derived ones (see ErrorStatus). */
  refusals?: readonly ErrorStatus[];
  /** The media types of a 2xx that is not JSON: 'text/csv', 'application/pdf', 'text/html', 'text/event-stream'. */
  produces?: readonly string[];
};

type Options<S> = { config: { access: Access }; schema: S & { tags: string[]; description?: string } };

/**
 * The options maker for the routes of one OpenAPI tag: `route(access, [description,] schema)`. The
 * schema may carry RouteDocs keys (summary, operationId, refusals, produces); plugins/docs.ts reads them.
 */
export function routeOptions(tag: string) {
  const tags = [tag];
  function route<S extends FastifySchema & RouteDocs>(access: Access, schema: S): Options<S>;
  function route<S extends FastifySchema & RouteDocs>(access: Access, description: string, schema: S): Options<S>;
  function route<S extends FastifySchema & RouteDocs>(access: Access, first: S | string, second?: S): Options<S> {
    const [description, schema] = typeof first === 'string' ? [first, second as S] : [undefined, first];
    return { config: { access }, schema: { tags, ...(description === undefined ? {} : { description }), ...schema } };
  }
  /** The commonest route: a read that takes no input and answers `response`, from the read cache (FARM_DATA). */
  route.farmRead = <Response extends z.ZodType>(access: Access, response: Response) =>
    cached(route(access, { response: { 200: response } }), FARM_DATA);
  return route;
}

/**
 * What most reads depend on: the farm's records. Not messages or the outbox (no hot read shows them).
 * Writes are rare next to reads (a busy farm books a few a minute), so a read that names more tags than
 * it strictly needs loses little, while one that names too few would be served stale: name generously.
 */
export const FARM_DATA: readonly ChangeTag[] = farmRecordTags;

/**
 * A read answered from memory while none of `tags` changed (plugins/read-cache.ts, decision 032):
 * `app.get('/', cached(route('read:x', schema), ['transmissions', 'users']), handler)`. Name every tag
 * whose change can alter the answer; `everyone` when the answer is the same for every caller.
 */
export function cached<O extends { config: { access: Access } }>(
  options: O,
  tags: readonly ChangeTag[],
  { everyone = false } = {},
): O {
  return { ...options, config: { ...options.config, cache: { tags, everyone } } };
}

/**
 * A signed-in route a user on a printed first password may still call (decision 050): the current
 * user and the password change. Every other signed-in route answers 403 until they chose their own.
 */
export function beforeOwnPassword<O extends { config: { access: Access } }>(options: O): O {
  return { ...options, config: { ...options.config, beforeOwnPassword: true } };
}

/**
 * A route only a cookie session may call, never an API token (decision 063): the password, the tokens
 * and webhooks themselves (a leaked token must not mint more or outlive its revocation), the browser's
 * event stream.
 */
export function sessionOnly<O extends { config: { access: Access } }>(options: O): O {
  return { ...options, config: { ...options.config, sessionOnly: true } };
}

/**
 * What a mutation's audit rows say by default (decision 027): its action, the kind of record it
 * changes, and where that record's id comes from when the write does not say — a path parameter, the
 * caller's own user id ('self'), or (left out) the service that created the record.
 */
export type RouteAudit = { action: AuditAction; record: string; id?: { param: string } | 'self' };

/** The record named by the path: `byPath('transmission.recall', 'transmission')` reads `:id`. */
export const byPath = (action: AuditAction, record: string, param = 'id'): RouteAudit => ({
  action,
  record,
  id: { param },
});
/** The caller's own record (a password, a language, bank details): the signed-in user's id. */
export const own = (action: AuditAction, record = 'user'): RouteAudit => ({ action, record, id: 'self' });
/** A record the write creates: the service names its id when it appends the row. */
export const created = (action: AuditAction, record: string): RouteAudit => ({ action, record });

/**
 * A mutation route with its audit defaults (plugins: features/audit/plugin.ts opens the request's audit
 * scope from them). Every POST, PUT, PATCH and DELETE under /api says this, or the app does not start;
 * `audit` is null only for a POST that changes nothing (it makes a document or a preview).
 */
export function audited<O extends { config: { access: Access } }>(options: O, audit: RouteAudit | null): O {
  return { ...options, config: { ...options.config, audit } };
}
