// /api/billing (farm store): cycles (current, previous, all, one), unbilled returns, a cycle's records,
// creating a cycle, recording payments, the payout file and its summary.
// /api/market-agents/… (an agent's own): earnings per cycle and bank details.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { ownMarketAgentId } from '../../lib/ownership.ts';
import { audited, byPath, cached, created, FARM_DATA, own, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as billing from './service.ts';

const route = routeOptions('billing');

type Api = Parameters<FastifyPluginAsyncZod>[0];

/** The farm's today and the caller: answers state what this caller may do (canRecordPayment). */
const askingOf = (app: Api) => (request: FastifyRequest) => ({
  today: farmToday(app.config.farmTimezone),
  caller: currentUser(request),
});

/** The unbilled returns and crates on /metrics. */
function billingFigures(app: Api) {
  app.metrics.figure({
    name: 'unbilled_returns',
    help: 'Returns acknowledged but in no billing cycle yet (unit: returns; crates in unbilled_crates)',
    read: async () => (await billing.unbilledFigures(app.db)).returns,
  });
  app.metrics.figure({
    name: 'unbilled_crates',
    help: 'Crates returned but in no billing cycle yet',
    read: async () => (await billing.unbilledFigures(app.db)).crates,
  });
}

/** The cycles and their records, as the Billing screen reads them. */
// Long: six read endpoints, each an app.get with its guard and schemas, read best as one list.
function cycleReadRoutes(app: Api) {
  const asking = askingOf(app);

  // The two cycles a screen asks for by name: each one cycle with its totals, or null.
  for (const [path, description, cycleOf] of [
    [
      '/current-cycle',
      "The cycle whose dates contain the farm's today, with its totals, or null.",
      billing.currentCycle,
    ],
    ['/last-cycle', 'The cycle that ended most recently before today, with its totals, or null.', billing.lastCycle],
  ] as const) {
    app.get(
      path,
      cached(route('read:billing:any', description, { response: { 200: billingCycleOrNull } }), FARM_DATA),
      async (request, reply) => reply.send(await cycleOf(request.db, asking(request))),
    );
  }

  app.get(
    '/cycles',
    cached(
      route('read:billing:any', 'Every cycle, latest dates first, with totals, status and what is owed.', {
        querystring: cyclesQuery,
        response: { 200: billingCycleListResponse },
      }),
      FARM_DATA,
    ),
    async (request) => billing.listCycles(request.db, request.query, asking(request)),
  );

  app.get(
    '/cycles/:cycleId',
    cached(route('read:billing:any', { params: cycleIdParams, response: { 200: billingCycleSchema } }), FARM_DATA),
    async (request) => billing.cycleById(request.db, request.params.cycleId, asking(request)),
  );

  app.get(
    '/unbilled',
    cached(
      route('read:billing:any', 'Acknowledged returns that no cycle covers yet: totals and the oldest of them.', {
        querystring: unbilledQuery,
        response: { 200: unbilledResponse },
      }),
      FARM_DATA,
    ),
    async (request) => billing.unbilledReturns(request.db, request.query.limit),
  );

  app.get(
    '/records/:cycleId',
    cached(
      route(
        'read:billing-record:own',
        "A cycle's records: every agent's for the farm store, only the caller's own for a market agent.",
        { params: cycleIdParams, querystring: recordsQuery, response: { 200: billingRecordListResponse } },
      ),
      FARM_DATA,
    ),
    async (request) => billing.listRecords(request.db, request.params.cycleId, request.query, asking(request)),
  );
}

/** Creating a cycle and recording its payments. */
function cycleWriteRoutes(app: Api) {
  const asking = askingOf(app);

  app.post(
    '/create-cycle',
    audited(
      route('manage:billing:any', { body: createCycleBody, response: { 201: billingCycleSchema } }),
      created('billing.create-cycle', 'billing-cycle'),
    ),
    async (request, reply) =>
      reply.status(201).send(await billing.createCycle(request.db, request.body, asking(request))),
  );

  app.post(
    '/cycles/:cycleId/payments',
    audited(
      route(
        'manage:billing:any',
        "Records a cycle's payout as paid (every agent owed money with bank details) or, with marketAgentId, one agent's.",
        { params: cycleIdParams, body: recordPaymentBody, response: { 201: recordPaymentResponse } },
      ),
      byPath('billing.record-payment', 'billing-cycle', 'cycleId'),
    ),
    async (request, reply) =>
      reply
        .status(201)
        .send(await billing.recordPayment(request.db, request.params.cycleId, request.body, asking(request))),
  );
}

/** The payout: what the file holds, and the file. */
function payoutRoutes(app: Api) {
  const asking = askingOf(app);

  app.get(
    '/cycles/:cycleId/payout',
    route(
      'read:billing:any',
      'What the payout file holds (rows, total) and the agents it leaves out for lack of bank details.',
      { params: cycleIdParams, response: { 200: payoutSummarySchema } },
    ),
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await billing.payoutSummary(request.db, request.params.cycleId, asking(request))),
  );

  app.get(
    '/cycles/:cycleId/payout.csv',
    route(
      'read:billing:any',
      "The cycle's payout for a bank's bulk EFT upload (full account numbers; farm store only).",
      { params: cycleIdParams, response: { 200: z.string() }, produces: ['text/csv'] },
    ),
    async (request, reply) => {
      const { cycle, csv } = await billing.payoutCsv(request.db, request.params.cycleId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${payoutFileName(cycle)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}

// The route table of /api/billing, in parts: figures, reading cycles, changing them, the payout.
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  billingFigures(app);
  cycleReadRoutes(app);
  cycleWriteRoutes(app);
  payoutRoutes(app);
};

/** Registered under /api/market-agents beside the agents feature's routes. */
export const agentBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/earnings/history',
    cached(
      route(
        'read:billing:own',
        "The calling agent's record in each cycle, latest first, with what was paid and is owed.",
        { querystring: earningsHistoryQuery, response: { 200: earningsHistoryResponse } },
      ),
      FARM_DATA,
    ),
    async (request) =>
      billing.earningsHistory(
        request.db,
        ownMarketAgentId(currentUser(request)),
        request.query,
        farmToday(app.config.farmTimezone),
      ),
  );

  app.get(
    '/me/bank-details',
    route('read:bank-details:own', { response: { 200: bankDetailsSchema } }),
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await billing.bankDetailsOf(request.db, currentUser(request))),
  );

  app.put(
    '/me/bank-details',
    audited(
      route('update:bank-details:own', { body: bankDetailsBody, response: { 200: bankDetailsSchema } }),
      own('bank-details.update'),
    ),
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await billing.saveBankDetails(request.db, currentUser(request), request.body)),
  );
};
