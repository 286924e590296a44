// /api/billing (farm store): the current and last cycle, a cycle's records, creating a cycle, the
// payout file. /api/market-agents/… (an agent's own): earnings per cycle and bank details.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentMessages } from '../../../shared/agents.ts';
import {
  bankDetailsBody,
  bankDetailsSchema,
  billingCycleOrNull,
  billingCycleSchema,
  billingRecordListResponse,
  createCycleBody,
  cycleIdParams,
  earningsHistoryQuery,
  earningsHistoryResponse,
  payoutFileName,
  recordsQuery,
} from '../../../shared/billing.ts';
import { notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as agents from '../agents/service.ts';
import * as billing from './service.ts';

const tags = ['billing'];

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/current-cycle',
    {
      config: { access: 'read:billing:any' },
      schema: {
        tags,
        description: 'The active cycle with its totals, or null.',
        response: { 200: billingCycleOrNull },
      },
    },
    async (_request, reply) => reply.send(await billing.currentCycle(app.db)),
  );

  app.get(
    '/last-cycle',
    {
      config: { access: 'read:billing:any' },
      schema: {
        tags,
        description: 'The most recently completed cycle with its totals, or null.',
        response: { 200: billingCycleOrNull },
      },
    },
    async (_request, reply) => reply.send(await billing.lastCycle(app.db)),
  );

  app.get(
    '/records/:cycleId',
    {
      config: { access: 'read:billing-record:own' },
      schema: {
        tags,
        description: "A cycle's records: every agent's for the farm store, only the caller's own for a market agent.",
        params: cycleIdParams,
        querystring: recordsQuery,
        response: { 200: billingRecordListResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (user.role === 'farm_store') return billing.listRecords(app.db, request.params.cycleId, request.query);
      // DESIGN §6: an agent sees only its own earnings.
      const agent = await agents.findAgentByUserId(app.db, user.id);
      if (!agent) throw notFound(agentMessages.agentNotFound);
      return billing.listRecords(app.db, request.params.cycleId, { ...request.query, marketAgentId: agent.id });
    },
  );

  app.post(
    '/create-cycle',
    {
      config: { access: 'manage:billing:any' },
      schema: { tags, body: createCycleBody, response: { 201: billingCycleSchema } },
    },
    async (request, reply) => reply.status(201).send(await billing.createCycle(app.db, request.body)),
  );

  app.get(
    '/cycles/:cycleId/payout.csv',
    {
      config: { access: 'read:billing:any' },
      schema: {
        tags,
        description: "The cycle's payout for a bank's bulk EFT upload (full account numbers; farm store only).",
        params: cycleIdParams,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { cycle, csv } = await billing.payoutCsv(app.db, request.params.cycleId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${payoutFileName(cycle)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

/** Registered under /api/market-agents beside the agents feature's routes. */
export const agentBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/earnings/history',
    {
      config: { access: 'read:billing:own' },
      schema: {
        tags,
        description: "The calling agent's record in each cycle, newest first.",
        querystring: earningsHistoryQuery,
        response: { 200: earningsHistoryResponse },
      },
    },
    async (request) => {
      const agent = await agents.findAgentByUserId(app.db, currentUser(request).id);
      if (!agent) throw notFound(agentMessages.agentNotFound);
      return billing.earningsHistory(app.db, agent.id, request.query);
    },
  );

  app.get(
    '/me/bank-details',
    {
      config: { access: 'read:bank-details:own' },
      schema: { tags, response: { 200: bankDetailsSchema } },
    },
    async (request) => billing.bankDetailsOf(app.db, currentUser(request).id),
  );

  app.put(
    '/me/bank-details',
    {
      config: { access: 'update:bank-details:own' },
      schema: { tags, body: bankDetailsBody, response: { 200: bankDetailsSchema } },
    },
    async (request) => billing.saveBankDetails(app.db, currentUser(request).id, request.body),
  );
};
