// Walks every registered /api route: each declares an access rule, and the guard enforces it.
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../tests/support/test-app.ts';
import { type Role, roles } from '../../shared/auth.ts';
import { roleHasPermission } from '../../shared/permissions.ts';

const app = await buildTestApp();
const concreteUrl = (url: string) => url.replace(/:[^/]+/g, '1');
const payloadFor = (method: string) => (['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined);

describe('route guards', () => {
  it('knows the routes and every one declares an access rule', () => {
    expect(app.routeAccess.length).toBeGreaterThan(5);
    for (const route of app.routeAccess) expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('refuses a route without an access rule at start-up', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: authPlugin } = await import('./auth.ts');
    const { default: dbPlugin } = await import('./db.ts');
    const bare = Fastify();
    await bare.register(dbPlugin, { database: app.database, config: app.config });
    await bare.register(authPlugin);
    await expect(
      bare.register(async (f) => {
        f.get('/api/unguarded', async () => 'x');
      }),
    ).rejects.toThrow(/declares no access rule/);
    await bare.close();
  });

  it('answers 401 JSON on every non-public route when signed out', async () => {
    for (const route of app.routeAccess.filter((r) => r.access !== 'public')) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        payload: payloadFor(route.method),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('answers 403 JSON when the role lacks the permission', async () => {
    const accounts = Object.fromEntries(
      await Promise.all(roles.map(async (role) => [role, await registerAs(app, role)] as const)),
    ) as Record<Role, Awaited<ReturnType<typeof registerAs>>>;
    for (const route of app.routeAccess) {
      if (route.access === 'public' || route.access === 'signed-in') continue;
      for (const role of roles) {
        if (roleHasPermission(role, route.access)) continue;
        const res = await accounts[role].inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          payload: payloadFor(route.method),
        });
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
      }
    }
  });
});
