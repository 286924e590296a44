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
import { routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as agents from '../agents/service.ts';
import * as records from './service.ts';

const route = routeOptions('market-agents');

const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = { loanOverdueDays: app.config.loanOverdueDays };
  app.get('/', route.farmRead('read:market-agent:any', marketAgentListResponse), async () =>
    records.listMarketAgents(app.db, farmToday(app.config.farmTimezone), settings),
  );

  app.get('/me', route.farmRead('read:market-agent:own', marketAgentSchema), async (request) =>
    records.ownMarketAgent(request.db, currentUser(request), farmToday(app.config.farmTimezone), settings),
  );

  app.get('/earnings', route.farmRead('read:earnings:own', earningsResponse), async (request) =>
    records.earningsForAgent(request.db, ownMarketAgentId(currentUser(request))),
  );

  app.get('/for-transmission', route.farmRead('read:market-agent:any', agentsForTransmissionResponse), async () =>
    agents.agentsForTransmission(app.db),
  );
};

export default agentRoutes;
