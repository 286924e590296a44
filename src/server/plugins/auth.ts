// Who is calling: reads the session cookie and enforces each route's declared access rule.
// Every /api route must declare config.access ('public', 'signed-in' or a permission); a route
// without one fails at start-up.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages, type Role } from '../../shared/auth.ts';
import { type Permission, roleHasPermission } from '../../shared/permissions.ts';
import { findSessionUser, SESSION_COOKIE } from '../features/auth/sessions.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';

export type Access = 'public' | 'signed-in' | Permission;

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  role: Role;
  createdAt: Date;
  sessionId: number;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access rule (the guard test walks this). */
    routeAccess: { method: string; url: string; access: Access }[];
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /** Loads the session on a public route that wants to know who is calling. */
    loadSession(): Promise<SessionUser | null>;
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
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

async function authPlugin(app: FastifyInstance) {
  await app.register(cookie);
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('loadSession', async function (this: FastifyRequest) {
    const token = this.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return null;
    const row = await findSessionUser(app.db, token);
    this.sessionUser = row
      ? {
          id: row.user.id,
          name: row.user.name,
          email: row.user.email,
          role: row.user.role,
          createdAt: row.user.createdAt,
          sessionId: row.sessionId,
        }
      : null;
    return this.sessionUser;
  });

  app.decorate('routeAccess', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, access });
    }
  });

  // onRequest runs before the body is parsed: a signed-out caller gets 401, never a 400.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const user = await request.loadSession();
    if (!user) throw unauthorized(messages.notSignedIn);
    if (access !== 'signed-in' && !roleHasPermission(user.role, access)) throw forbidden(messages.forbidden);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
