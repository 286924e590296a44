// Who is calling: reads the session cookie, or an API token (`Authorization: Bearer ck_…`, decision
// 063), and enforces each route's declared access rule.
// Every /api route must declare config.access ('public', 'signed-in' or a permission); a route
// without one fails at start-up.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/auth.ts';
import type { SessionEndReason } from '../../shared/auth-labels.ts';
import errorsEnglish from '../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../shared/i18n/english.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import { integrationMessages } from '../../shared/integrations.ts';
import { type Permission, roleHasPermission } from '../../shared/permissions.ts';
import { bearerOf, findTokenUser } from '../lib/api-tokens.ts';
import { forbidden, HttpError, unauthorized } from '../lib/http-error.ts';
import type { Caller } from '../lib/ownership.ts';
import { consumeRateLimit } from '../lib/rate-limit.ts';
import { cookieExpiry, findSessionUser, hashToken, SESSION_COOKIE, sessionEndReason } from '../lib/sessions.ts';

addEnglish({ errors: errorsEnglish });

export type Access = 'public' | 'signed-in' | Permission;

/** The caller (lib/ownership.ts) with what the session adds: name, e-mail, since when, which session. */
export type SessionUser = Caller & {
  name: string;
  email: string;
  createdAt: Date;
  sessionId: number;
  /** Still on a printed first password: only routes marked beforeOwnPassword answer (decision 050). */
  mustChangePassword: boolean;
  /** The language the server answers this user in (decision 065). */
  language: Language;
  /** The API token the request came with (decision 063); null for a cookie session (sessionId 0 then). */
  token: { id: number; name: string; scope: 'read' | 'write' } | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A signed-in route a user who must still choose their own password may call (decision 050). */
    beforeOwnPassword?: boolean;
    /** Only a cookie session may call it, never an API token (decision 063). */
    sessionOnly?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access rule (the guard test walks this). */
    routeAccess: { method: string; url: string; access: Access; sessionOnly: boolean }[];
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /** Loads the session on a public route that wants to know who is calling. */
    loadSession(): Promise<SessionUser | null>;
    /** Why the cookie's session ended, if it ended without a sign-out (decision 040); null otherwise. */
    sessionEndReason(): Promise<SessionEndReason | null>;
  }
}

/** The signed-in user on a route whose access rule already required one. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized(messages.notSignedIn);
  return request.sessionUser;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // Outlives the session, so that the server can still say why it ended (decision 040).
    expires: cookieExpiry(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The user as every request sees it, from a session's or a token's row. */
type UserRow = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;
const requestUser = (
  { user, marketAgentId, supplierId }: Pick<UserRow, 'user' | 'marketAgentId' | 'supplierId'>,
  via: Pick<SessionUser, 'sessionId' | 'token'>,
): SessionUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  marketAgentId,
  supplierId,
  createdAt: user.createdAt,
  mustChangePassword: user.mustChangePassword,
  language: user.language,
  ...via,
});

/** The session behind a cookie token, as the request sees it, with until when it holds. */
async function readSession(app: FastifyInstance, token: string): Promise<(SessionUser & { expiresAt: Date }) | null> {
  const row = await findSessionUser(app.db, token);
  if (!row) return null;
  return { ...requestUser(row, { sessionId: row.sessionId, token: null }), expiresAt: row.expiresAt };
}

/** The token's owner, as the request sees it (never cached: a revocation or expiry holds at once). */
async function readTokenUser(app: FastifyInstance, token: string): Promise<SessionUser | null> {
  const row = await findTokenUser(app.db, token);
  if (!row) return null;
  return requestUser(row, { sessionId: 0, token: { id: row.tokenId, name: row.tokenName, scope: row.scope } });
}

const READS = new Set(['GET', 'HEAD']);

/**
 * The guard for a request that came with `Authorization: Bearer …` (decision 063): 401 for a token
 * that is not live, 429 past its rate, 403 on a session-only route or a write with a read token.
 */
async function guardToken(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser> {
  const user = await request.loadSession();
  if (!user?.token) throw unauthorized(integrationMessages.tokenUnknown);
  if (!(await consumeRateLimit(app.db, `api-token:${user.token.id}`, app.config.tokenRequestsPerMinute, 60))) {
    throw new HttpError(429, english('errors.tokenRateLimited'));
  }
  if (request.routeOptions.config?.sessionOnly) throw forbidden(integrationMessages.sessionOnly);
  if (user.token.scope === 'read' && !READS.has(request.method)) throw forbidden(integrationMessages.tokenReadOnly);
  return user;
}
async function authPlugin(app: FastifyInstance) {
  await app.register(cookie);
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('loadSession', async function (this: FastifyRequest) {
    // A request with a bearer credential is its token's alone: the cookie is not looked at.
    const bearer = bearerOf(this.headers.authorization);
    if (bearer !== null) {
      this.sessionUser = bearer === '' ? null : await readTokenUser(app, bearer);
      return this.sessionUser;
    }
    const token = this.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return null;
    // From memory while no `users` change (sign-out, password, reset, removal) happened since it was read.
    this.sessionUser = await app.readCache.session(hashToken(token), () => readSession(app, token));
    return this.sessionUser;
  });
  app.decorateRequest('sessionEndReason', async function (this: FastifyRequest) {
    const token = this.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return null;
    return sessionEndReason(app.db, token);
  });

  app.decorate('routeAccess', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        app.routeAccess.push({ method, url: route.url, access, sessionOnly: !!route.config?.sessionOnly });
      }
    }
  });

  // onRequest runs before the body is parsed: a signed-out caller gets 401, never a 400.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const user =
      bearerOf(request.headers.authorization) !== null ? await guardToken(app, request) : await request.loadSession();
    if (!user) throw unauthorized(messages.notSignedIn, await request.sessionEndReason());
    // A printed first password (an import, decision 050) opens nothing but me and change-password.
    if (user.mustChangePassword && !request.routeOptions.config?.beforeOwnPassword) {
      throw forbidden(messages.mustChangePassword);
    }
    if (access !== 'signed-in' && !roleHasPermission(user.role, access)) throw forbidden(messages.forbidden);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db', 'read-cache'] });
