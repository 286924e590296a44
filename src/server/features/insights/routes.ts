// /api/insights (decision 070): where the crates were week by week, each agent's turnaround
// and losses, and next week's forecast. The farm store sees every agent; an agent its own row.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentInsightsResponse,
  forecastResponse,
  holdingsResponse,
  insightsWeeksQuery,
} from '../../../shared/insights.ts';
import { cached, FARM_DATA, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const route = routeOptions('insights');

const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/insights/holdings',
    cached(
      route(
        'read:insights:own',
        "Crates per kind of holder at the end of each week (this week: now), oldest first; an agent's own crates only.",
        {
          querystring: insightsWeeksQuery,
          response: { 200: holdingsResponse },
        },
      ),
      FARM_DATA,
    ),
    async (request) => service.holdings(request.db, currentUser(request), app.config.farmTimezone, request.query.weeks),
  );

  app.get(
    '/insights/agents',
    cached(
      route(
        'read:insights:own',
        "Turnaround and weekly loss rates per agent against the farm's; an agent gets only its own row.",
        { querystring: insightsWeeksQuery, response: { 200: agentInsightsResponse } },
      ),
      FARM_DATA,
    ),
    async (request) =>
      service.agentInsights(
        request.db,
        currentUser(request),
        { timeZone: app.config.farmTimezone, loanOverdueDays: app.config.loanOverdueDays },
        request.query.weeks,
      ),
  );

  app.get(
    '/insights/forecast',
    cached(
      route(
        'read:insights:own',
        "Next week's crates sent and returned per agent with the forecast's error over the last 8 weeks; the farm's stock days.",
        { response: { 200: forecastResponse } },
      ),
      FARM_DATA,
    ),
    async (request) => service.forecast(request.db, currentUser(request), app.config.farmTimezone),
  );
};

export default insightsRoutes;
