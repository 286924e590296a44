import { expect, it } from 'vitest';
import { sessionCookie } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';

const app = await buildTestApp({ demo: true });

it('DEMO=1 gives the demo agent clients with an overdue loan, a closed one and a recent one', async () => {
  expect((await checkLedgerInvariant(app.db)).problems).toEqual([]);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'agent@demo.cratekeeper', password: DEMO_PASSWORD },
  });
  const cookie = sessionCookie(login);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const clients = (await get('/api/clients')).json() as {
    businessName: string;
    outstandingCrates: number;
    totalBorrowed: number;
    isOverdue: boolean;
  }[];
  // Overdue first, then by business name.
  expect(clients.map((c) => [c.businessName, c.totalBorrowed, c.outstandingCrates, c.isOverdue])).toEqual([
    ['Mama Thandi Fresh', 6, 4, true],
    ['Kasi Kitchen', 0, 0, false],
    ['Soweto Greens', 7, 3, false],
  ]);
  const open = (await get('/api/client-transactions/open')).json() as { daysOut: number; isOverdue: boolean }[];
  expect(open.map((t) => [t.daysOut, t.isOverdue])).toEqual([
    [2, false],
    [21, true],
  ]);
  expect((await get('/api/market-agents/me')).json().cratesWithClients).toBe(7);
});
