// /api/suppliers: the farm store's approval lists and actions; a supplier's own record, metrics,
// offers, tenders and crate requests (spec §7 Suppliers, decision 021).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery } from '../../../shared/http.ts';
import type { Permission } from '../../../shared/permissions.ts';
import {
  crateRequestSchema,
  crateRequestsQuery,
  createOfferBody,
  createTenderBody,
  marketOfferSchema,
  offerIdParams,
  offerSchema,
  supplierIdParams,
  supplierMetricsSchema,
  supplierWithCratesSchema,
  tenderIdParams,
  tenderSchema,
  updateOfferBody,
  updateSupplierBody,
} from '../../../shared/suppliers.ts';
import { audited, byPath, cached, created, FARM_DATA, own, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const route = routeOptions('suppliers');

/** A page of `item`s (?limit=&before=, newest first) read from the cache: the approval lists, offers, tenders. */
const pageRead = <Item extends z.ZodType>(access: Permission, item: Item) =>
  cached(route(access, { querystring: pageQuery, response: { 200: z.array(item) } }), FARM_DATA);

// Long: the route table of /api/suppliers, one app.<verb> per endpoint with its guard and schemas; it
// reads best as one list, and each handler is a call into the service.
const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  approvalRoutes(app);

  // --- the supplier's own ---
  app.get('/me', route.farmRead('read:supplier:own', supplierWithCratesSchema), async (request) =>
    service.mySupplier(request.db, currentUser(request)),
  );

  app.patch(
    '/me',
    audited(
      route('update:supplier:own', { body: updateSupplierBody, response: { 200: supplierWithCratesSchema } }),
      own('supplier.update-profile'),
    ),
    async (request) => service.updateMySupplier(request.db, currentUser(request), request.body),
  );

  app.get('/metrics', route.farmRead('read:supplier:own', supplierMetricsSchema), async (request) =>
    service.metricsFor(request.db, currentUser(request)),
  );

  app.get('/offers', pageRead('read:offer:own', offerSchema), async (request) =>
    service.listMyOffers(request.db, currentUser(request), request.query),
  );

  app.post(
    '/offers',
    audited(
      route('manage:offer:own', { body: createOfferBody, response: { 201: offerSchema } }),
      created('offer.create', 'produce-offer'),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.createOffer(request.db, currentUser(request), request.body)),
  );

  app.patch(
    '/offers/:id',
    audited(
      route('manage:offer:own', { params: offerIdParams, body: updateOfferBody, response: { 200: offerSchema } }),
      byPath('offer.update', 'produce-offer'),
    ),
    async (request) => service.updateOffer(request.db, currentUser(request), request.params.id, request.body),
  );

  app.get('/tenders', pageRead('read:tender:own', tenderSchema), async (request) =>
    service.listMyTenders(request.db, currentUser(request), request.query),
  );

  for (const [action, answer] of [
    ['accept', 'accepted'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/tenders/:id/${action}`,
      audited(
        route('respond:tender:own', { params: tenderIdParams, response: { 200: tenderSchema } }),
        byPath(`tender.${action}`, 'tender'),
      ),
      async (request) => service.answerTender(request.db, currentUser(request), request.params.id, answer),
    );
  }

  // A supplier's own requests (every status); the farm store's every supplier's (?status=pending).
  app.get(
    '/crate-requests',
    cached(
      route('read:crate-request:own', {
        querystring: crateRequestsQuery,
        response: { 200: z.array(crateRequestSchema) },
      }),
      FARM_DATA,
    ),
    async (request) => service.listCrateRequests(request.db, currentUser(request), request.query),
  );
};

/** The farm store's approval: every supplier, the pending and rejected ones, approve and reject. */
function approvalRoutes(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.get('/', pageRead('read:supplier:any', supplierWithCratesSchema), async (request) =>
    service.listSuppliers(request.db, currentUser(request), request.query),
  );

  app.get('/pending', pageRead('read:supplier:any', supplierWithCratesSchema), async (request) =>
    service.listSuppliers(request.db, currentUser(request), { ...request.query, status: 'pending' }),
  );

  // Rejected suppliers, so a rejection can be reversed (approve) from the farm store's card (decision 039).
  app.get('/rejected', pageRead('read:supplier:any', supplierWithCratesSchema), async (request) =>
    service.listSuppliers(request.db, currentUser(request), { ...request.query, status: 'rejected' }),
  );

  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/:id/${action}`,
      audited(
        route('approve:supplier:any', { params: supplierIdParams, response: { 200: supplierWithCratesSchema } }),
        byPath(`supplier.${action}`, 'supplier'),
      ),
      async (request) => service.setSupplierStatus(request.db, request.params.id, status, currentUser(request)),
    );
  }
}

export default supplierRoutes;

/** /api/produce-offers and /api/tenders: the farm store's side of tendering (decision 021). */
export const tenderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/produce-offers', pageRead('read:offer:any', marketOfferSchema), async (request) =>
    service.listMarketOffers(request.db, currentUser(request), request.query),
  );

  app.get(
    '/tenders',
    cached(
      route('read:tender:any', {
        querystring: pageQuery.extend({ status: crateRequestsQuery.shape.status }),
        response: { 200: z.array(tenderSchema) },
      }),
      FARM_DATA,
    ),
    async (request) =>
      service.listAllTenders(request.db, { ...request.query, pendingOnly: request.query.status === 'pending' }),
  );

  app.post(
    '/tenders',
    audited(
      route('create:tender:any', { body: createTenderBody, response: { 201: tenderSchema } }),
      created('tender.create', 'tender'),
    ),
    async (request, reply) =>
      reply.status(201).send(await service.openTender(request.db, currentUser(request), request.body)),
  );
};
