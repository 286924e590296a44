// GET /api/outbox: what the app has "sent" (farm store only), so a farm without SMTP reads its mail.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxList, outboxQuery, outboxStatus } from '../../../shared/outbox.ts';
import { listOutbox } from './repository.ts';

const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: { access: 'read:outbox:any' },
      schema: { tags: ['outbox'], querystring: outboxQuery, response: { 200: outboxList } },
    },
    async (request) => (await listOutbox(app.db, request.query)).map((row) => ({ ...row, status: outboxStatus(row) })),
  );
};

export default outboxRoutes;
