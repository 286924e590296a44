// /api/billing (farm store): cycles (current, previous, all, one), unbilled returns, a cycle's records,
// creating a cycle, recording payments, the payout file and its summary.
// /api/market-agents/… (an agent's own): earnings per cycle and bank details.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentMessages } from '../../../shared/agents.ts';
import {
  bankDetailsBody,
  bankDetailsSchema,
  billingCycleListResponse,
  billingCycleOrNull,
  billingCycleSchema,
  billingRecordListResponse,
  createCycleBody,
  cycleIdParams,
  cyclesQuery,
  earningsHistoryQuery,
  earningsHistoryResponse,
  payoutFileName,
  payoutSummarySchema,
  recordPaymentBody,
  recordPaymentResponse,
  recordsQuery,
  unbilledQuery,
  unbilledResponse,
} from '../../../shared/billing.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as agents from '../agents/service.ts';
import * as billing from './service.ts';

const tags = ['billing'];

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => farmToday(app.config.farmTimezone);

  app.get(
    '/current-cycle',
    {
      config: { access: 'read:billing:any' },
      schema: {
        tags,
        description: "The cycle whose dates contain the farm's today, with its totals, or null.",
        response: { 200: billingCycleOrNull },
      },
    },
    async (_request, reply) => reply.send(await billing.currentCycle(app.db, today())),
  );

  app.get(
    '/last-cycle',
    {
      config: { access: 'read:billing:any' },
      schema: {
        tags,
        description: 'The cycle that ended most recently before today, with its totals, or null.',
        response: { 200: billingCycleOrNull },
      },
    },
    async (_request, reply) => reply.send(await billing.lastCycle(app.db, today())),
  );

  app.get(
    '/cycles',
    {
      config: { access: 'read:billing:any' },
      schema: {
        tags,
        description: 'Every cycle, latest dates first, with totals, status and what is owed.',
        querystring: cyclesQuery,
        response: { 200: billingCycleListResponse },
      },
    },
    async (request) => billing.listCycles(app.db, request.query, today()),
  );

  app.get(
    '/cycles/:cycleId',
    {
      config: { access: 'read:billing:any' },
      schema: { tags, params: cycleIdParams, response: { 200: billingCycleSchema } },
    },
    async (request) => billing.cycleById(app.db, request.params.cycleId, today()),
  );

  app.get(
    '/unbilled',
    {
      config: { access: 'read:billing:any' },
      schema: {
        tags,
        description: 'Acknowledged returns that no cycle covers yet: totals and the oldest of them.',
        querystring: unbilledQuery,
        response: { 200: unbilledResponse },
      },
    },
    async (request) => billing.unbilledReturns(app.db, request.query.limit),
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
    async (request, reply) =>
      reply
        .status(201)
        .send(await billing.createCycle(app.db, request.body, { today: today(), createdBy: currentUser(request).id })),
  );

  app.post(
    '/cycles/:cycleId/payments',
    {
      config: { access: 'manage:billing:any' },
      schema: {
        tags,
        description:
          "Records a cycle's payout as paid (every agent owed money with bank details) or, with marketAgentId, one agent's.",
        params: cycleIdParams,
        body: recordPaymentBody,
        response: { 201: recordPaymentResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await billing.recordPayment(app.db, request.params.cycleId, request.body, {
          today: today(),
          recordedBy: currentUser(request).id,
        }),
      ),
  );

  app.get(
    '/cycles/:cycleId/payout',
    {
      config: { access: 'read:billing:any' },
      schema: {
        tags,
        description: 'What the payout file holds (rows, total) and the agents it leaves out for lack of bank details.',
        params: cycleIdParams,
        response: { 200: payoutSummarySchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await billing.payoutSummary(app.db, request.params.cycleId)),
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
        description: "The calling agent's record in each cycle, latest first, with what was paid and is owed.",
        querystring: earningsHistoryQuery,
        response: { 200: earningsHistoryResponse },
      },
    },
    async (request) => {
      const agent = await agents.findAgentByUserId(app.db, currentUser(request).id);
      if (!agent) throw notFound(agentMessages.agentNotFound);
      return billing.earningsHistory(app.db, agent.id, request.query, farmToday(app.config.farmTimezone));
    },
  );

  app.get(
    '/me/bank-details',
    {
      config: { access: 'read:bank-details:own' },
      schema: { tags, response: { 200: bankDetailsSchema } },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await billing.bankDetailsOf(app.db, currentUser(request).id)),
  );

  app.put(
    '/me/bank-details',
    {
      config: { access: 'update:bank-details:own' },
      schema: { tags, body: bankDetailsBody, response: { 200: bankDetailsSchema } },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await billing.saveBankDetails(app.db, currentUser(request).id, request.body)),
  );
};
