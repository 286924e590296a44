// /api/suppliers: the farm store's approval lists and actions; a supplier's own record, metrics,
// offers, tenders and crate requests (spec §7 Suppliers, decision 021).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery } from '../../../shared/http.ts';
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
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const tags = ['suppliers'];
const supplierList = z.array(supplierWithCratesSchema);

const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  // --- farm store: approval ---
  app.get(
    '/',
    {
      config: { access: 'read:supplier:any' },
      schema: { tags, querystring: pageQuery, response: { 200: supplierList } },
    },
    async (request) => service.listSuppliers(app.db, request.query),
  );

  app.get(
    '/pending',
    {
      config: { access: 'read:supplier:any' },
      schema: { tags, querystring: pageQuery, response: { 200: supplierList } },
    },
    async (request) => service.listSuppliers(app.db, { ...request.query, status: 'pending' }),
  );

  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/:id/${action}`,
      {
        config: { access: 'approve:supplier:any' },
        schema: { tags, params: supplierIdParams, response: { 200: supplierWithCratesSchema } },
      },
      async (request) => service.setSupplierStatus(app.db, request.params.id, status, currentUser(request)),
    );
  }

  // --- the supplier's own ---
  app.get(
    '/me',
    { config: { access: 'read:supplier:own' }, schema: { tags, response: { 200: supplierWithCratesSchema } } },
    async (request) => service.mySupplier(app.db, currentUser(request)),
  );

  app.patch(
    '/me',
    {
      config: { access: 'update:supplier:own' },
      schema: { tags, body: updateSupplierBody, response: { 200: supplierWithCratesSchema } },
    },
    async (request) => service.updateMySupplier(app.db, currentUser(request), request.body),
  );

  app.get(
    '/metrics',
    { config: { access: 'read:supplier:own' }, schema: { tags, response: { 200: supplierMetricsSchema } } },
    async (request) => service.metricsFor(app.db, currentUser(request)),
  );

  app.get(
    '/offers',
    {
      config: { access: 'read:offer:own' },
      schema: { tags, querystring: pageQuery, response: { 200: z.array(offerSchema) } },
    },
    async (request) => service.listMyOffers(app.db, currentUser(request), request.query),
  );

  app.post(
    '/offers',
    {
      config: { access: 'manage:offer:own' },
      schema: { tags, body: createOfferBody, response: { 201: offerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createOffer(app.db, currentUser(request), request.body)),
  );

  app.patch(
    '/offers/:id',
    {
      config: { access: 'manage:offer:own' },
      schema: { tags, params: offerIdParams, body: updateOfferBody, response: { 200: offerSchema } },
    },
    async (request) => service.updateOffer(app.db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/tenders',
    {
      config: { access: 'read:tender:own' },
      schema: { tags, querystring: pageQuery, response: { 200: z.array(tenderSchema) } },
    },
    async (request) => service.listMyTenders(app.db, currentUser(request), request.query),
  );

  for (const [action, answer] of [
    ['accept', 'accepted'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/tenders/:id/${action}`,
      {
        config: { access: 'respond:tender:own' },
        schema: { tags, params: tenderIdParams, response: { 200: tenderSchema } },
      },
      async (request) => service.answerTender(app.db, currentUser(request), request.params.id, answer),
    );
  }

  // A supplier's own requests (every status); the farm store's every supplier's (?status=pending).
  app.get(
    '/crate-requests',
    {
      config: { access: 'read:crate-request:own' },
      schema: { tags, querystring: crateRequestsQuery, response: { 200: z.array(crateRequestSchema) } },
    },
    async (request) => service.listCrateRequests(app.db, currentUser(request), request.query),
  );
};

export default supplierRoutes;

/** /api/produce-offers and /api/tenders: the farm store's side of tendering (decision 021). */
export const tenderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/produce-offers',
    {
      config: { access: 'read:offer:any' },
      schema: { tags, querystring: pageQuery, response: { 200: z.array(marketOfferSchema) } },
    },
    async (request) => service.listMarketOffers(app.db, request.query),
  );

  app.get(
    '/tenders',
    {
      config: { access: 'read:tender:any' },
      schema: {
        tags,
        querystring: pageQuery.extend({ status: crateRequestsQuery.shape.status }),
        response: { 200: z.array(tenderSchema) },
      },
    },
    async (request) =>
      service.listAllTenders(app.db, { ...request.query, pendingOnly: request.query.status === 'pending' }),
  );

  app.post(
    '/tenders',
    {
      config: { access: 'create:tender:any' },
      schema: { tags, body: createTenderBody, response: { 201: tenderSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.openTender(app.db, currentUser(request), request.body)),
  );
};
