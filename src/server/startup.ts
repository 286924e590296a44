// What a farm's database needs before the first request: the farm access code, the built-in data
// (later: pepper prices), and the demo farm when DEMO=1 on an empty database.
import type { FastifyInstance } from 'fastify';
import { ensureFarmAccessCode } from './features/auth/farm-access-code.ts';
import { seedDemoFarm } from './features/demo/seed.ts';

export async function prepareFarm(app: FastifyInstance) {
  await ensureFarmAccessCode(app.db, app.config.farmAccessCode, app.log);
  if (app.config.demo) await seedDemoFarm(app);
}
