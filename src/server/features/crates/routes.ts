// /api/farm-store: stock adjustments and agents' opening balances (its /me summary is in dashboard/routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  openingBalanceBody,
  openingBalanceResponse,
  stockAdjustmentBody,
  stockAdjustmentResponse,
  stockEntryListResponse,
  transmissionListQuery,
} from '../../../shared/transmissions.ts';
import { audited, created, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const route = routeOptions('farm-store');

/** A stock change the farm store books (an adjustment, an opening balance): 201 with what was booked. */
const stockChange = <Body extends z.ZodType, Booked extends z.ZodType>(body: Body, booked: Booked) =>
  route('update:stock:any', { body, response: { 201: booked } });

const farmStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stock-adjustments',
    route('read:stock:any', { querystring: transmissionListQuery, response: { 200: stockEntryListResponse } }),
    async (request) => service.listStockEntries(request.db, request.query),
  );

  app.post(
    '/stock-adjustments',
    audited(stockChange(stockAdjustmentBody, stockAdjustmentResponse), created('stock.adjust', 'crate-movement')),
    async (request, reply) =>
      reply.status(201).send(await service.adjustStock(request.db, currentUser(request), request.body)),
  );

  app.post(
    '/opening-balances',
    audited(stockChange(openingBalanceBody, openingBalanceResponse), created('stock.opening-balance', 'market-agent')),
    async (request, reply) =>
      reply.status(201).send(await service.enterOpeningBalance(request.db, currentUser(request), request.body)),
  );
};

export default farmStoreRoutes;
