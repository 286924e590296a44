// Walks every registered /api route: each declares an access rule, the guard enforces it, and the
// authorization matrix (tests/support/access-table.ts: one declared answer per route and caller, with
// real records owned by agent A and supplier S) holds for signed out, the farm store, agent A, another
// agent, an approved supplier S, another approved supplier and a supplier waiting for approval.
import { describe, expect, it } from 'vitest';
import {
  buildAccessWorld,
  type Caller,
  callerNames,
  callRow,
  invoke,
  markerOwners,
  type Row,
} from '../../../tests/support/access-table.ts';
import { buildTestApp } from '../../../tests/support/test-app.ts';
import type { Role } from '../../shared/auth.ts';
import { type Permission, roleHasPermission } from '../../shared/permissions.ts';
import type { Access } from './auth.ts';

// Without FARM_ACCESS_CODE, as access-table.ts expects: the farm store may replace the generated code.
const app = await buildTestApp({ farmAccessCode: undefined });
const world = await buildAccessWorld(app);
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const accessOf = new Map(app.routeAccess.map((r) => [key(r), r.access]));

/** Refused by the route guard itself (before the body or the record is looked at). */
function refusedByGuard(access: Access, role: Role | null, status: number) {
  if (access === 'public') return false;
  if (role === null) return status === 401;
  return access !== 'signed-in' && !roleHasPermission(role, access as Permission) && status === 403;
}

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
    const problems: string[] = [];
    // Markers each caller's answers held in this row: a marker its owner (or the farm store) saw in a
    // row where another caller got a 2xx without it is a leak check that could have failed.
    let shown: Map<string, Set<string>>;
    let allowedOthers: Set<string>;
    const meaningful = new Map<string, number>();
    const callOnce = async (row: Row, caller: Caller) => {
      const { res, call, cookie } = await callRow(app, row, caller);
      const where = `${call.method} ${call.url}${row.target ? ` (${row.target})` : ''} as ${caller.name}`;
      const expected = row.expect[caller.name];
      if (row.stream) {
        if (res.statusCode === 200) res.stream().destroy();
        if (res.statusCode !== expected) problems.push(`${where}: ${res.statusCode}, expected ${expected}`);
        return;
      }
      if (res.statusCode !== expected) {
        problems.push(`${where}: ${res.statusCode}, expected ${expected} — ${res.body.slice(0, 200)}`);
        return;
      }
      if (res.statusCode >= 400 && typeof res.json().message !== 'string') problems.push(`${where}: no message`);
      // Whose data may be in the answer: the caller's own and, for the farm store, everyone's.
      for (const [marker, owner] of Object.entries(markerOwners)) {
        if (!res.body.includes(marker)) continue;
        if (caller.name !== 'farm' && owner !== caller.name)
          problems.push(`${where}: the answer holds ${owner}'s ${marker}`);
        shown.get(marker)?.add(caller.name) ?? shown.set(marker, new Set([caller.name]));
      }
      if (res.statusCode < 300 && caller.name !== 'farm') allowedOthers.add(caller.name);
      if (res.statusCode < 300) {
        try {
          row.check?.(res, caller);
        } catch (err) {
          problems.push(`${where}: ${(err as Error).message}`);
        }
      }
      // Refused by the guard: so is the same call with a body or query the route would refuse, since
      // the guard answers before anything is parsed (a signed-out caller learns nothing about bodies).
      const access = accessOf.get(row.route);
      if (access && refusedByGuard(access, caller.role, res.statusCode)) {
        const junk =
          call.method === 'GET'
            ? { ...call, url: `${call.url}${call.url.includes('?') ? '&' : '?'}limit=junk&before=-1` }
            : { ...call, payload: { '¿': [null, { deep: [[[]]] }], quantity: 'lots' } };
        const again = await invoke(app, caller, junk, { cookie });
        if (again.statusCode !== res.statusCode) problems.push(`${where} with a junk body: ${again.statusCode}`);
      }
    };

    for (const row of world.rows) {
      // Refusals first: a refused caller must not be refused only because the allowed one already acted.
      const order = [...callerNames].sort((a, b) => Number(row.expect[a] < 300) - Number(row.expect[b] < 300));
      shown = new Map();
      allowedOthers = new Set();
      for (const name of order) await callOnce(row, world.callers[name]);
      for (const [marker, viewers] of shown) {
        const others = [...allowedOthers].filter((n) => n !== markerOwners[marker] && !viewers.has(n));
        if (others.length > 0) meaningful.set(marker, (meaningful.get(marker) ?? 0) + 1);
      }
    }
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
