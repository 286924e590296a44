// /api/farm-store: the farm store's own record and stock, stock adjustments and agents' opening balances.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  farmStoreMeResponse,
  openingBalanceBody,
  openingBalanceResponse,
  stockAdjustmentBody,
  stockAdjustmentResponse,
  stockEntryListResponse,
  transmissionListQuery,
} from '../../../shared/transmissions.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const tags = ['farm-store'];

/** A stock change the farm store books (an adjustment, an opening balance): 201 with what was booked. */
const stockChange = <Body extends z.ZodType, Booked extends z.ZodType>(body: Body, booked: Booked) => ({
  config: { access: 'update:stock:any' as const },
  schema: { tags, body, response: { 201: booked } },
});

const farmStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    { config: { access: 'read:farm-store:own' }, schema: { tags, response: { 200: farmStoreMeResponse } } },
    async (request) => {
      const user = currentUser(request);
      const summary = await service.farmStoreSummary(app.db, user);
      return {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          role: 'farm_store' as const,
          createdAt: user.createdAt,
        },
        ...summary,
      };
    },
  );

  app.get(
    '/stock-adjustments',
    {
      config: { access: 'read:stock:any' },
      schema: { tags, querystring: transmissionListQuery, response: { 200: stockEntryListResponse } },
    },
    async (request) => service.listStockEntries(app.db, request.query),
  );

  app.post('/stock-adjustments', stockChange(stockAdjustmentBody, stockAdjustmentResponse), async (request, reply) =>
    reply.status(201).send(await service.adjustStock(app.db, currentUser(request), request.body)),
  );

  app.post('/opening-balances', stockChange(openingBalanceBody, openingBalanceResponse), async (request, reply) =>
    reply.status(201).send(await service.enterOpeningBalance(app.db, currentUser(request), request.body)),
  );
};

export default farmStoreRoutes;
