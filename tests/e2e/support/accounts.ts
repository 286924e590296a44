// Sign-in fixtures: accounts are created through the real API, so each test starts as the role it needs.
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_FARM_CODE } from '../../../playwright.config.ts';

export type E2ERole = 'farm_store' | 'market_agent' | 'supplier';

let counter = 0;
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@e2e.farm`;

export const PASSWORD = 'secret123';

export function registration(role: E2ERole, overrides: Record<string, string> = {}) {
  const base = { name: `E2E ${role.replace('_', ' ')}`, email: uniqueEmail(role), password: PASSWORD, role };
  const extra =
    role === 'market_agent'
      ? { marketLocation: 'Pretoria Market', businessName: 'E2E Produce', contactNumber: '082 111 2222' }
      : role === 'supplier'
        ? { businessName: 'E2E Farm', farmLocation: 'Limpopo', contactNumber: '083 111 2222', produceTypes: 'Peppers' }
        : { farmAccessCode: E2E_FARM_CODE };
  return { ...base, ...extra, ...overrides };
}

/** Registers through the API; the request's cookies sign in the page's browser context. */
export async function registerVia(request: APIRequestContext, role: E2ERole, overrides: Record<string, string> = {}) {
  const body = registration(role, overrides);
  const res = await request.post('/api/auth/register', { data: body });
  if (!res.ok()) throw new Error(`register ${role}: ${res.status()} ${await res.text()}`);
  const { user } = await res.json();
  return { ...body, id: user.id as number };
}

/** A page signed in as a new account of the role. */
export async function signedInAs(page: Page, role: E2ERole, overrides: Record<string, string> = {}) {
  const account = await registerVia(page.request, role, overrides);
  await page.goto('/');
  return account;
}
