// Every mutation route takes an Idempotency-Key (decision 035), not only the five an agent's phone
// queues: a header honoured on some routes and ignored on others would be a trap. Walks the route
// table with the authorization matrix's callers and records (tests/support/access-table.ts): each
// signed-in mutation, sent with a key by a caller allowed to make it, then sent again, gets the same
// status, body and content type, marked replayed, and the repeat writes nothing in any table (no
// ledger row, audit row, change event or key). Routes that need no sign-in refuse the header.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildAccessWorld, type Caller, callerNames, type Row } from '../../../tests/support/access-table.ts';
import { fingerprint, holdScheduledJobs } from '../../../tests/support/fingerprint.ts';
import { buildTestApp } from '../../../tests/support/test-app.ts';
import { idempotencyMessages } from '../../shared/idempotency.ts';
import { takesIdempotencyKey } from '../lib/idempotency.ts';

// Without FARM_ACCESS_CODE, as access-table.ts expects: the farm store may replace the generated code.
const app = await buildTestApp({ farmAccessCode: undefined });
const world = await buildAccessWorld(app);
await holdScheduledJobs(app);

type Target = { route: string; row: Row; caller: Caller; status: number };
/** Each mutation with a row a caller may make, and that caller. */
function targetsFor(takesKey: boolean): Target[] {
  return app.routeAccess
    .filter((r) => r.method !== 'GET' && takesIdempotencyKey(r.method, r.access) === takesKey)
    .map((r) => {
      const route = `${r.method} ${r.url}`;
      for (const row of world.rows.filter((w) => w.route === route)) {
        const name = callerNames.find((n) => row.expect[n] < 300);
        if (name) return { route, row, caller: world.callers[name], status: row.expect[name] };
      }
      throw new Error(`${route}: access-table.ts has no row a caller may make`);
    });
}

/** Sends `call` (the row's) as its caller with `key`, on the caller's current session. */
function sendWithKey(target: Target, key: string, call = target.row.call(target.caller)) {
  return app.inject({
    method: call.method,
    url: call.url,
    remoteAddress: target.caller.address,
    headers: { ...(target.caller.cookie ? { cookie: target.caller.cookie } : {}), 'idempotency-key': key },
    ...(call.payload === undefined ? {} : { payload: call.payload as object }),
  });
}

describe('every signed-in mutation, sent twice with one key', () => {
  const targets = targetsFor(true);

  it('covers the mutation routes', () => {
    expect(targets.length).toBeGreaterThan(30);
  });

  for (const target of targets) {
    it(`${target.route} as ${target.caller.name}: the repeat is the first answer and writes nothing`, async () => {
      const key = randomUUID();
      const call = target.row.call(target.caller);
      const first = await sendWithKey(target, key, call);
      expect(first.statusCode, first.body).toBe(target.status);
      // What a 2xx changes about the caller (a password change: a new password and session); the
      // repeat is the same call, sent on the session the caller has now.
      target.row.after?.(target.caller, call);
      const renewed = first.cookies.find((c) => c.name === 'ck_session');
      if (renewed?.value) target.caller.cookie = `ck_session=${renewed.value}`;

      const before = await fingerprint(app.db);
      const again = await sendWithKey(target, key, call);
      const after = await fingerprint(app.db);
      expect(
        Object.keys(after).filter((table) => after[table] !== before[table]),
        'tables the repeat wrote',
      ).toEqual([]);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['idempotent-replayed']).toBe('true');
      // A session token is never kept with an answer, nor given again.
      expect(again.cookies).toEqual([]);
    });
  }
});

describe('every mutation that needs no sign-in', () => {
  for (const target of targetsFor(false)) {
    it(`${target.route}: refuses the header (400) and does nothing`, async () => {
      const before = await fingerprint(app.db);
      const res = await sendWithKey(target, randomUUID());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: idempotencyMessages.notSignedIn });
      expect(await fingerprint(app.db)).toEqual(before);
    });
  }
});
