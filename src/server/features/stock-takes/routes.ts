// /api/stock-takes (decision 051): the farm store starts and resolves stock takes; an agent counts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParams } from '../../../shared/fields.ts';
import type { Permission } from '../../../shared/permissions.ts';
import {
  agentStockTakeHistoryResponse,
  currentStockTakeResponse,
  resolveLineBody,
  startStockTakeBody,
  stockTakeCountListResponse,
  stockTakeCountSchema,
  stockTakeCountsQuery,
  submitCountBody,
} from '../../../shared/stock-takes.ts';
import { audited, byPath, created, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const route = routeOptions('stock-takes');

/** A change to one count or one of its lines (its id in the path) answers the whole count. */
const countChange = <Body extends z.ZodType>(access: Permission, body: Body) =>
  route(access, { params: idParams(), body, response: { 200: stockTakeCountSchema } });

const stockTakeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    audited(
      route('create:stock-take:any', 'Starts a stock take for the agents named (none: every active agent).', {
        body: startStockTakeBody,
        response: { 201: stockTakeCountListResponse },
      }),
      created('stock-take.start', 'stock-take'),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.startStockTake(request.db, currentUser(request), request.body)),
  );

  app.get(
    '/counts',
    route('read:stock-take:any', "Every agent's counts, newest first; ?state=open: not resolved yet.", {
      querystring: stockTakeCountsQuery,
      response: { 200: stockTakeCountListResponse },
    }),
    async (request) => service.listCounts(request.db, request.query.state !== 'all'),
  );

  app.get(
    '/current',
    route('read:stock-take:own', "The agent's count waiting for it and what to count, prefilled.", {
      response: { 200: currentStockTakeResponse },
    }),
    async (request) => service.currentCount(request.db, currentUser(request)),
  );

  app.put(
    '/counts/:id/submit',
    audited(countChange('submit:stock-take:own', submitCountBody), byPath('stock-take.count', 'stock-take-count')),
    async (request) => service.submitCount(request.db, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/lines/:id/resolve',
    audited(countChange('resolve:stock-take:any', resolveLineBody), byPath('stock-take.resolve', 'stock-take-line')),
    async (request) => service.resolveLine(request.db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/agents/:id',
    route('read:stock-take:any', "An agent's stock-take history and loss rate.", {
      params: idParams(),
      response: { 200: agentStockTakeHistoryResponse },
    }),
    async (request) => service.agentHistory(request.db, request.params.id),
  );
};

export default stockTakeRoutes;
