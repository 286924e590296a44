// Helpers that register accounts through the real API and call it as them.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app.ts';
import type { Role } from '../../src/shared/auth.ts';
import { TEST_FARM_CODE } from './test-app.ts';

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@test.farm`;

export function registrationFor(role: Role, overrides: Record<string, unknown> = {}) {
  const base = { name: `Test ${role}`, email: uniqueEmail(role), password: 'secret123', role };
  const extra =
    role === 'market_agent'
      ? { marketLocation: 'Johannesburg Market', businessName: 'Test Produce', contactNumber: '082 000 0000' }
      : role === 'supplier'
        ? { businessName: 'Test Farm', farmLocation: 'Limpopo', contactNumber: '083 000 0000', produceTypes: 'Peppers' }
        : { farmAccessCode: TEST_FARM_CODE };
  return { ...base, ...extra, ...overrides };
}

export const sessionCookie = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((k) => k.name === 'ck_session');
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `ck_session=${c.value}`;
};

export type Account = {
  user: { id: number; name: string; email: string; role: Role };
  cookie: string;
  password: string;
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
};

export async function registerAs(app: App, role: Role, overrides: Record<string, unknown> = {}): Promise<Account> {
  const body = registrationFor(role, overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 200) throw new Error(`register ${role} failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res);
  return {
    user: res.json().user,
    cookie,
    password: body.password as string,
    inject: (opts) => app.inject({ ...opts, headers: { ...opts.headers, cookie } }),
  };
}
