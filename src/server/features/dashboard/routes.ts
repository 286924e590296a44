// /api/dashboard (per role), /api/dashboard/farm-metrics and /api/farm-store/me (farm store), and
// /api/public/farm-metrics.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponse, farmMetricsResponse, publicFarmMetricsResponse } from '../../../shared/agents.ts';
import { farmStoreMeResponse } from '../../../shared/transmissions.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { cached, FARM_DATA, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const dashboard = routeOptions('dashboard');
const farmStore = routeOptions('farm-store');
const publicRoute = routeOptions('public');

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    cached(dashboard('read:dashboard:own', { response: { 200: dashboardResponse } }), FARM_DATA),
    async (request) =>
      service.dashboardFor(request.db, currentUser(request), farmToday(app.config.farmTimezone), {
        loanOverdueDays: app.config.loanOverdueDays,
      }),
  );

  app.get(
    '/dashboard/farm-metrics',
    cached(dashboard('read:farm-metrics:any', { response: { 200: farmMetricsResponse } }), FARM_DATA),
    async () => service.farmMetrics(app.db, app.config.farmTimezone),
  );

  app.get(
    '/farm-store/me',
    cached(farmStore('read:farm-store:own', { response: { 200: farmStoreMeResponse } }), FARM_DATA),
    async (request) => {
      const user = currentUser(request);
      const summary = await service.farmStoreSummary(request.db, user);
      return {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          role: 'farm_store' as const,
          createdAt: user.createdAt,
        },
        ...summary,
      };
    },
  );

  app.get(
    '/public/farm-metrics',
    cached(publicRoute('public', { response: { 200: publicFarmMetricsResponse } }), FARM_DATA, { everyone: true }),
    async () => service.publicFarmMetrics(app.db),
  );
};

export default dashboardRoutes;
