// GET /api/outbox: what the app has "sent" (farm store only), so a farm without SMTP reads its mail.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxList, outboxQuery } from '../../../shared/outbox.ts';
import { listOutbox } from './repository.ts';

const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: { access: 'read:outbox:any' },
      schema: { tags: ['outbox'], querystring: outboxQuery, response: { 200: outboxList } },
    },
    async (request) => listOutbox(app.db, request.query),
  );
};

export default outboxRoutes;
