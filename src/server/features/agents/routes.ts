// /api/market-agents: the farm store's agent list and picker, an agent's own record and earnings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentsForTransmissionResponse,
  earningsResponse,
  marketAgentListResponse,
  marketAgentSchema,
} from '../../../shared/agents.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { ownMarketAgentId } from '../../lib/ownership.ts';
import { cached, FARM_DATA, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as agents from './service.ts';

const route = routeOptions('market-agents');

const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = { loanOverdueDays: app.config.loanOverdueDays };
  app.get(
    '/',
    cached(route('read:market-agent:any', { response: { 200: marketAgentListResponse } }), FARM_DATA),
    async () => agents.listMarketAgents(app.db, farmToday(app.config.farmTimezone), settings),
  );

  app.get(
    '/me',
    cached(route('read:market-agent:own', { response: { 200: marketAgentSchema } }), FARM_DATA),
    async (request) =>
      agents.ownMarketAgent(app.db, currentUser(request), farmToday(app.config.farmTimezone), settings),
  );

  app.get(
    '/earnings',
    cached(route('read:earnings:own', { response: { 200: earningsResponse } }), FARM_DATA),
    async (request) => agents.earningsForAgent(app.db, ownMarketAgentId(currentUser(request))),
  );

  app.get(
    '/for-transmission',
    cached(route('read:market-agent:any', { response: { 200: agentsForTransmissionResponse } }), FARM_DATA),
    async () => agents.agentsForTransmission(app.db),
  );
};

export default agentRoutes;
