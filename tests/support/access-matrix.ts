// Runs the authorization matrix (access-table.ts): every row as every caller, each answer compared
// with the status the row declares (or `expectOf` makes of it), a refusal by the guard checked again
// with a junk body, and every answer searched for another caller's markers. src/server/plugins/auth.test.ts
// runs it with cookies, src/server/features/api-tokens/bearer-matrix.test.ts with API tokens (decision 063).
import type { App } from '../../src/server/app.ts';
import type { Access } from '../../src/server/plugins/auth.ts';
import type { Role } from '../../src/shared/auth.ts';
import { type Permission, roleHasPermission } from '../../src/shared/permissions.ts';
import {
  type AccessWorld,
  type Caller,
  type CallerName,
  callerNames,
  callRow,
  invoke,
  markerOwners,
  type Row,
} from './access-table.ts';

/** Refused by the route guard itself (before the body or the record is looked at). */
function refusedByGuard(access: Access, role: Role | null, status: number) {
  if (access === 'public') return false;
  if (role === null) return status === 401;
  return access !== 'signed-in' && !roleHasPermission(role, access as Permission) && status === 403;
}

export type Expectation = {
  status: number;
  /** The guard refuses it whatever the body (an API token's scope or a session-only route). */
  byGuard?: boolean;
};

/**
 * The problems found, and for each marker the rows where it was withheld from a caller who got a 2xx
 * (the leak check could have failed there).
 */
// Long: one walk whose steps (call, compare, search for markers, try a junk body) share the row's state.
export async function runMatrix(
  app: App,
  world: AccessWorld,
  expectOf: (row: Row, name: CallerName) => Expectation = (row, name) => ({ status: row.expect[name] }),
) {
  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
  const accessOf = new Map(app.routeAccess.map((r) => [key(r), r.access]));
  const problems: string[] = [];
  let shown: Map<string, Set<string>>;
  let allowedOthers: Set<string>;
  const meaningful = new Map<string, number>();
  const callOnce = async (row: Row, caller: Caller) => {
    const { res, call, cookie } = await callRow(app, row, caller);
    const where = `${call.method} ${call.url}${row.target ? ` (${row.target})` : ''} as ${caller.name}`;
    const { status: expected, byGuard } = expectOf(row, caller.name);
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
    if (access && (byGuard || refusedByGuard(access, caller.role, res.statusCode))) {
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
    const order = [...callerNames].sort(
      (a, b) => Number(expectOf(row, a).status < 300) - Number(expectOf(row, b).status < 300),
    );
    shown = new Map();
    allowedOthers = new Set();
    for (const name of order) await callOnce(row, world.callers[name]);
    for (const [marker, viewers] of shown) {
      const others = [...allowedOthers].filter((n) => n !== markerOwners[marker] && !viewers.has(n));
      if (others.length > 0) meaningful.set(marker, (meaningful.get(marker) ?? 0) + 1);
    }
  }
  return { problems, meaningful };
}
