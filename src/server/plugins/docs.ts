// The OpenAPI description, generated from every route's zod schemas, served at GET /api/docs.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cratekeeper API',
        description: 'Crate distribution, tracking and billing for a pepper farm.',
        version: '0.1.0',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ck_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}

export default fp(docsPlugin, { name: 'docs' });
