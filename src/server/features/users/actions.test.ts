// What User Management's answers say the farm store may do with an account is what the
// server then does: canRemove, canRestore and canReset are true exactly when the action works.
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import type { ManagedUser } from '../../../shared/users.ts';

const { app, farm } = await testFarm();
const agent = await registerAs(app, 'market_agent');

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  farm.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const listedAs = async (status: 'active' | 'removed', id: number) =>
  ((await call('GET', `/api/admin/users?status=${status}`)).json() as ManagedUser[]).find((u) => u.id === id);

const slow = { timeout: 120_000 };

describe('canRemove / canRestore / canReset on managed users', slow, () => {
  it('an active account: remove and reset, not restore; removed: only restore', async () => {
    const id = agent.user.id;
    expect(await listedAs('active', id)).toMatchObject({ canRemove: true, canRestore: false, canReset: true });
    expect((await call('POST', `/api/admin/users/${id}/restore`)).statusCode).toBe(409);
    expect((await call('POST', `/api/users/${id}/reset-password`, {})).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${id}`)).statusCode).toBe(200);

    expect(await listedAs('removed', id)).toMatchObject({ canRemove: false, canRestore: true, canReset: false });
    expect((await call('DELETE', `/api/admin/users/${id}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/users/${id}/reset-password`, {})).statusCode).toBe(404);
    const restored = await call('POST', `/api/admin/users/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().user).toMatchObject({ canRemove: true, canRestore: false, canReset: true });
  });
});
