// Walks every registered /api route: each declares an access rule, the guard enforces it, and the
// authorization matrix (tests/support/access-table.ts: one declared answer per route and caller, with
// real records owned by agent A and supplier S) holds for signed out, the farm store, agent A, another
// agent, an approved supplier S, another approved supplier and a supplier waiting for approval.
import { describe, expect, it } from 'vitest';
import { runMatrix } from '../../../tests/support/access-matrix.ts';
import { buildAccessWorld, callerNames, markerOwners } from '../../../tests/support/access-table.ts';
import { buildTestApp } from '../../../tests/support/test-app.ts';
import { roleHasPermission } from '../../shared/permissions.ts';

// Without FARM_ACCESS_CODE, as access-table.ts expects: the farm store may replace the generated code.
const app = await buildTestApp({ farmAccessCode: undefined });
const world = await buildAccessWorld(app);
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const accessOf = new Map(app.routeAccess.map((r) => [key(r), r.access]));

describe('route guards', () => {
  it('knows the routes and every one declares an access rule', () => {
    expect(app.routeAccess.length).toBeGreaterThan(5);
    for (const route of app.routeAccess) expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('refuses a route without an access rule at start-up', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: authPlugin } = await import('./auth.ts');
    const { default: dbPlugin } = await import('./db.ts');
    const { default: readCachePlugin } = await import('./read-cache.ts');
    const bare = Fastify();
    await bare.register(dbPlugin, { database: app.database, config: app.config });
    await bare.register(readCachePlugin);
    await bare.register(authPlugin);
    await expect(
      bare.register(async (f) => {
        f.get('/api/unguarded', async () => 'x');
      }),
    ).rejects.toThrow(/declares no access rule/);
    await bare.close();
  });
});

describe('the authorization matrix', () => {
  it('has a row for every route, and no row for a route that does not exist', () => {
    const routes = app.routeAccess.map(key);
    const covered = new Set(world.rows.map((r) => r.route));
    // A new route fails here until tests/support/access-table.ts says who may call it.
    expect(
      routes.filter((r) => !covered.has(r)),
      'routes without a row in access-table.ts',
    ).toEqual([]);
    expect(
      [...covered].filter((r) => !accessOf.has(r)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  it('agrees with the route guard and src/shared/permissions.ts', () => {
    const problems: string[] = [];
    for (const row of world.rows) {
      const access = accessOf.get(row.route);
      if (!access) continue;
      for (const name of callerNames) {
        const role = world.callers[name].role;
        const status = row.expect[name];
        const where = `${row.route}${row.target ? ` (${row.target})` : ''} as ${name}`;
        if (role === null) {
          if ((access !== 'public') !== (status === 401)) problems.push(`${where}: ${status} for access ${access}`);
          continue;
        }
        if (access === 'public' || access === 'signed-in') {
          if (status === 401 || (status === 403 && !row.ownership)) problems.push(`${where}: ${status} for ${access}`);
          continue;
        }
        const permitted = roleHasPermission(role, access);
        if (!permitted && status !== 403) problems.push(`${where}: role lacks ${access} but the table says ${status}`);
        if (permitted && (status === 403 || status === 404) && !row.ownership) {
          problems.push(`${where}: role holds ${access}; the table refuses it (${status}) without saying why`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers every caller exactly as declared, the guard before the body, and shows no one another’s data', async () => {
    const { problems, meaningful } = await runMatrix(app, world);
    expect(problems).toEqual([]);
    // The leak check is not empty: each owner's marker was in answers that others got without it.
    for (const marker of Object.keys(markerOwners)) {
      expect(
        meaningful.get(marker) ?? 0,
        `rows where ${marker} was withheld from a caller who got a 2xx`,
      ).toBeGreaterThanOrEqual(3);
    }
    // ~800 requests: a few seconds on an idle machine, far more when both test workers are busy.
  }, 120_000);
});
