// /api/market-agents: the farm store's agent list and picker, an agent's own record and earnings.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentsForTransmissionResponse,
  earningsResponse,
  marketAgentListResponse,
  marketAgentSchema,
} from '../../../shared/agents.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as agents from './service.ts';

const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'read:market-agent:any' },
      schema: { tags: ['market-agents'], response: { 200: marketAgentListResponse } },
    },
    async () => agents.listMarketAgents(app.db, farmToday(app.config.farmTimezone)),
  );

  app.get(
    '/me',
    {
      config: { access: 'read:market-agent:own' },
      schema: { tags: ['market-agents'], response: { 200: marketAgentSchema } },
    },
    async (request) => agents.marketAgentForUser(app.db, currentUser(request).id, farmToday(app.config.farmTimezone)),
  );

  app.get(
    '/earnings',
    {
      config: { access: 'read:earnings:own' },
      schema: { tags: ['market-agents'], response: { 200: earningsResponse } },
    },
    async (request) => {
      const agent = await agents.findAgentByUserId(app.db, currentUser(request).id);
      if (!agent) throw notFound('Market agent not found');
      return agents.earningsForAgent(app.db, agent.id);
    },
  );

  app.get(
    '/for-transmission',
    {
      config: { access: 'read:market-agent:any' },
      schema: { tags: ['market-agents'], response: { 200: agentsForTransmissionResponse } },
    },
    async () => agents.agentsForTransmission(app.db),
  );
};

export default agentRoutes;
