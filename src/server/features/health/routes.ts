// GET /api/health: the app is up and its database answers (for load balancers and monitoring).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      await ping(app.db);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};

export default healthRoutes;
