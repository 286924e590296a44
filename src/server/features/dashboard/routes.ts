// /api/dashboard (per role), /api/dashboard/farm-metrics (farm store) and /api/public/farm-metrics.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponse, farmMetricsResponse, publicFarmMetricsResponse } from '../../../shared/agents.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { access: 'read:dashboard:own' },
      schema: { tags: ['dashboard'], response: { 200: dashboardResponse } },
    },
    async (request) => service.dashboardFor(app.db, currentUser(request), farmToday(app.config.farmTimezone)),
  );

  app.get(
    '/dashboard/farm-metrics',
    {
      config: { access: 'read:farm-metrics:any' },
      schema: { tags: ['dashboard'], response: { 200: farmMetricsResponse } },
    },
    async () => service.farmMetrics(app.db, app.config.farmTimezone),
  );

  app.get(
    '/public/farm-metrics',
    {
      config: { access: 'public' },
      schema: { tags: ['public'], response: { 200: publicFarmMetricsResponse } },
    },
    async () => service.publicFarmMetrics(app.db),
  );
};

export default dashboardRoutes;
