// The produce types and qualities offers choose from (decision 068): suppliers and the farm store read
// them, the farm store keeps them in Settings. Offers themselves still take any produceType and quality.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { produceListsBody, produceListsResponse } from '../../../shared/produce-lists-schemas.ts';
import { audited, created, routeOptions } from '../../lib/route-options.ts';
import { readProduceLists, saveProduceLists } from './service.ts';

const route = routeOptions('produce-lists');

const produceListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/produce-lists',
    route('read:produce-lists:any', 'The produce types and qualities a produce offer chooses from (or "Other").', {
      response: { 200: produceListsResponse },
    }),
    async () => readProduceLists(app.db),
  );

  app.put(
    '/farm-store/produce-lists',
    audited(
      route('update:produce-lists:any', 'Replaces both lists the offer form chooses from.', {
        body: produceListsBody,
        response: { 200: produceListsResponse },
      }),
      created('produce-lists.update', 'setting'),
    ),
    async (request) => saveProduceLists(request.db, request.body),
  );
};

export default produceListsRoutes;
