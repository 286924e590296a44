// GET /api/outbox: what the app has "sent" (farm store only), so a farm without SMTP reads its mail.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxList, outboxQuery, outboxStatus } from '../../../shared/outbox.ts';
import { routeOptions } from '../../lib/route-options.ts';
import { listOutbox, outboxFigures } from './repository.ts';

const route = routeOptions('outbox');

const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.metrics.figure({
    name: 'outbox_messages',
    help: 'E-mails not sent yet: waiting for an attempt, and those whose last attempt failed',
    labelNames: ['state'],
    read: async () => {
      const { waiting, failing } = await outboxFigures(app.db);
      return [
        { labels: { state: 'waiting' }, value: waiting },
        { labels: { state: 'failing' }, value: failing },
      ];
    },
  });

  app.get(
    '/outbox',
    route('read:outbox:any', { querystring: outboxQuery, response: { 200: outboxList } }),
    async (request) =>
      (await listOutbox(request.db, request.query)).map((row) => ({ ...row, status: outboxStatus(row) })),
  );
};

export default outboxRoutes;
