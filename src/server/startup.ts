// What a farm's database needs before the first request: the farm access code, the built-in data
// (the four pepper varieties with a first price point), the insights' day totals in FARM_TIMEZONE, and the
// demo farm when DEMO=1 on an empty database.
import type { FastifyInstance } from 'fastify';
import { ensureFarmAccessCode } from './features/auth/farm-access-code.ts';
import { keepInsightTotals } from './features/crates/service.ts';
import { seedDemoFarm } from './features/demo/seed.ts';
import { ensureBuiltInPrices } from './features/pricing/service.ts';
import { farmToday } from './lib/farm-date.ts';

export async function prepareFarm(app: FastifyInstance) {
  await ensureFarmAccessCode(app.db, app.config.farmAccessCode, app.announce);
  await ensureBuiltInPrices(app.db, farmToday(app.config.farmTimezone));
  await keepInsightTotals(app.db, app.config.farmTimezone, (line) => app.log.info(line));
  if (app.config.demo) await seedDemoFarm(app);
}
