// /api/clients and /api/client-transactions: a market agent's clients, its crate loans and returns,
// and a client's statement (spec §7 Clients and loans).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientListQuery,
  clientListResponse,
  clientSchema,
  clientStatementResponse,
  clientTransactionListResponse,
  clientTransactionSchema,
  createClientBody,
  lendBody,
  returnBody,
  updateClientBody,
} from '../../../shared/clients.ts';
import { idParam, idParams, pageQuery } from '../../../shared/fields.ts';
import { audited, byPath, cached, created, FARM_DATA, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const route = routeOptions('clients');
const transactionQuery = pageQuery.extend({
  clientId: idParam('clientId must be the id of one of your clients').optional(),
});

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = { loanOverdueDays: app.config.loanOverdueDays };

  app.get(
    '/',
    cached(
      route(
        'read:client:own',
        "The agent's clients, overdue ones first, then by business name; ?q= searches names and phone numbers.",
        { querystring: clientListQuery, response: { 200: clientListResponse } },
      ),
      FARM_DATA,
    ),
    async (request) => service.listClients(request.db, currentUser(request), request.query, settings),
  );

  app.get('/:id', route('read:client:own', { params: idParams(), response: { 200: clientSchema } }), async (request) =>
    service.getClient(request.db, currentUser(request), request.params.id, settings),
  );

  app.get(
    '/:id/statement',
    route('read:client:own', { params: idParams(), response: { 200: clientStatementResponse } }),
    async (request) => service.clientStatement(request.db, currentUser(request), request.params.id, settings),
  );

  app.post(
    '/',
    audited(
      route('manage:client:own', { body: createClientBody, response: { 201: clientSchema } }),
      created('client.create', 'client'),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.createClient(request.db, currentUser(request), request.body, settings)),
  );

  app.patch(
    '/:id',
    audited(
      route('manage:client:own', { params: idParams(), body: updateClientBody, response: { 200: clientSchema } }),
      byPath('client.update', 'client'),
    ),
    async (request) =>
      service.updateClient(request.db, currentUser(request), request.params.id, request.body, settings),
  );
};

export const clientTransactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = { loanOverdueDays: app.config.loanOverdueDays };
  const list = { 200: clientTransactionListResponse };

  app.get('/', route('read:client:own', { querystring: transactionQuery, response: list }), async (request) =>
    service.listTransactions(request.db, currentUser(request), request.query, settings),
  );

  app.get('/open', route('read:client:own', { querystring: transactionQuery, response: list }), async (request) =>
    service.listTransactions(request.db, currentUser(request), { ...request.query, openOnly: true }, settings),
  );

  app.post(
    '/',
    audited(
      route('manage:client:own', { body: lendBody, response: { 201: clientTransactionSchema } }),
      created('loan.lend', 'client-transaction'),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.lendCrates(request.db, currentUser(request), request.body, settings)),
  );

  const returnRoute = route('manage:client:own', {
    params: idParams(),
    body: returnBody,
    response: { 200: clientTransactionSchema },
  });

  // The dashboard's variant (spec §7): quantityReturned and notes.
  app.put('/:id/return', audited(returnRoute, byPath('loan.return', 'client-transaction')), async (request) =>
    service.returnCrates(request.db, currentUser(request), request.params.id, request.body, settings),
  );

  // The clients page's variant: the same return (quantityReturned, the crates handed back now).
  app.put('/:id', audited(returnRoute, byPath('loan.return', 'client-transaction')), async (request) =>
    service.returnCrates(request.db, currentUser(request), request.params.id, request.body, settings),
  );
};
