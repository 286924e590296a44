// DEMO=1: a demo farm on an empty database, one account per role, sign-ins printed in the log.
// Later features add their own demo data here (agents' shipments, prices, suppliers' offers).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RegisterBody } from '../../../shared/auth.ts';
import { users } from '../../db/schema/index.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { readFarmAccessCode } from '../auth/farm-access-code.ts';
import { registerAccount } from '../auth/service.ts';
import { seedDemoClients } from '../clients/demo.ts';
import { seedDemoPriceHistory } from '../pricing/demo.ts';
import { seedDemoSupplier } from '../suppliers/demo.ts';
import { demoExtraAgents, seedDemoCrates } from '../transmissions/demo.ts';

export const DEMO_PASSWORD = 'demo1234';

/** A sign-up of any role, less the password (every demo account has DEMO_PASSWORD). */
type DemoSignUp = RegisterBody extends infer Body ? (Body extends unknown ? Omit<Body, 'password'> : never) : never;

export const demoAccounts = [
  { role: 'farm_store', name: 'Thandi Nkosi', email: 'farm@demo.cratekeeper' },
  { role: 'market_agent', name: 'Sipho Dlamini', email: 'agent@demo.cratekeeper' },
  { role: 'supplier', name: 'Pieter van Wyk', email: 'supplier@demo.cratekeeper' },
] as const;

/** A demo account signs up like anyone else (same checks), with the demo password printed in the log. */
function registerDemoAccount(app: FastifyInstance, account: DemoSignUp) {
  return registerAccount(app.db, { ...account, password: DEMO_PASSWORD }, app.config.farmAccessCode);
}

export async function seedDemoFarm(app: FastifyInstance) {
  const [{ count }] = await app.db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) {
    app.log.info('DEMO=1: the database already has accounts, so no demo farm was added');
    return;
  }
  const farmAccessCode = await readFarmAccessCode(app.db, app.config.farmAccessCode);
  const farmUser = await registerDemoAccount(app, { ...demoAccounts[0], farmAccessCode, produceTypes: '' });
  const agentUser = await registerDemoAccount(app, {
    ...demoAccounts[1],
    marketLocation: 'Johannesburg Market',
    businessName: 'Dlamini Fresh Produce',
    contactNumber: '082 555 0101',
    produceTypes: '',
  });
  const supplier = await registerDemoAccount(app, {
    ...demoAccounts[2],
    businessName: 'Van Wyk Boerdery',
    farmLocation: 'Tzaneen, Limpopo',
    contactNumber: '083 555 0202',
    produceTypes: 'Sweet Bell Peppers, Hot Chili Peppers',
  });

  await seedDemoPriceHistory(app.db, farmToday(app.config.farmTimezone));

  await seedDemoCrates(app.db, { farmUserId: farmUser.id, agentUserId: agentUser.id, password: DEMO_PASSWORD });
  await seedDemoClients(app.db, agentUser.id, { loanOverdueDays: app.config.loanOverdueDays });
  await seedDemoSupplier(app.db, { farmUserId: farmUser.id, supplierUserId: supplier.id });

  const lines = [...demoAccounts, ...demoExtraAgents.map((a) => ({ ...a, role: 'market_agent' }))].map(
    (a) => `  ${a.role.padEnd(13)} ${a.email}  password: ${DEMO_PASSWORD}`,
  );
  app.announce(`Demo farm created. Sign in with:\n${lines.join('\n')}`);
}
