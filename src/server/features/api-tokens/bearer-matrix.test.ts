// The authorization matrix again, with API tokens instead of cookies (decision 063): a token acts as its
// owner, never more. First every caller with a read token (every GET answers as with the cookie, every
// write on a guarded route is 403), then with a write token (every route answers as with the cookie),
// session-only routes 403 for both. The tokens are made in the database for every role, suppliers and
// an agent's write token too: what is tested is the bearer path, not who may make which token.
import { describe, expect, it } from 'vitest';
import { runMatrix } from '../../../../tests/support/access-matrix.ts';
import { buildAccessWorld, type CallerName, markerOwners, type Row } from '../../../../tests/support/access-table.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import type { TokenScope } from '../../../shared/integrations.ts';
import { insertApiToken } from '../../lib/api-tokens.ts';

const app = await buildTestApp({ farmAccessCode: undefined });
const world = await buildAccessWorld(app);
const routeOf = new Map(app.routeAccess.map((r) => [`${r.method} ${r.url}`, r]));

async function giveTokens(scope: TokenScope) {
  for (const caller of Object.values(world.callers)) {
    if (!caller.role) continue;
    const made = await insertApiToken(app.db, {
      userId: caller.userId,
      name: `matrix ${scope}`,
      scope,
      expiresAt: null,
    });
    caller.bearer = made.token;
  }
}

/** What a token gets where the cookie got `row.expect`. */
const withToken = (scope: TokenScope) => (row: Row, name: CallerName) => {
  const status = row.expect[name];
  const route = routeOf.get(row.route);
  if (name === 'anon' || !route || route.access === 'public') return { status };
  if (route.sessionOnly) return { status: 403, byGuard: true };
  if (scope === 'read' && route.method !== 'GET') return { status: 403, byGuard: true };
  return { status };
};

describe('the authorization matrix with API tokens', () => {
  it('answers a read token as the cookie on every GET, 403 on every guarded write and session-only route', async () => {
    await giveTokens('read');
    const { problems, meaningful } = await runMatrix(app, world, withToken('read'));
    expect(problems).toEqual([]);
    for (const marker of Object.keys(markerOwners))
      expect(meaningful.get(marker) ?? 0, marker).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('answers a write token as the cookie on every route but the session-only ones', async () => {
    await giveTokens('write');
    const { problems, meaningful } = await runMatrix(app, world, withToken('write'));
    expect(problems).toEqual([]);
    for (const marker of Object.keys(markerOwners))
      expect(meaningful.get(marker) ?? 0, marker).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
