// The OpenAPI description, generated from every route's zod schemas, served at GET /api/docs.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEEP_DAYS } from '../../shared/idempotency.ts';
import { takesIdempotencyKey } from '../lib/idempotency.ts';

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];

/** The Idempotency-Key header (decision 035), as a header parameter of every signed-in mutation. */
const idempotencyKeyHeader = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7e]+$',
  description:
    `Optional. A key of the caller's own (1 to 255 visible ASCII characters, e.g. a UUID) for this change. ` +
    `A repeat with the same key gets the first answer again (header Idempotent-Replayed: true) and books ` +
    `nothing; keys are the signed-in user's own and kept ${IDEMPOTENCY_KEEP_DAYS} days. The same key for ` +
    'another method, address or body is 422; a repeat while the first is still handled is 409 with ' +
    'Retry-After. A server failure (5xx) or a 429 is not kept: send the same key again.',
};

/** jsonSchemaTransform, and the Idempotency-Key header on the routes that take it. */
function transform(args: TransformArgs) {
  const out = jsonSchemaTransform(args);
  const methods = [args.route.method].flat();
  const access = (args.route.config as { access?: string } | undefined)?.access;
  if (!methods.some((method) => takesIdempotencyKey(method, access))) return out;
  const headers = (out.schema.headers ?? { type: 'object', properties: {} }) as {
    properties?: Record<string, unknown>;
  };
  return {
    ...out,
    schema: {
      ...out.schema,
      headers: { ...headers, properties: { ...headers.properties, 'Idempotency-Key': idempotencyKeyHeader } },
    },
  };
}

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
    transform,
  });
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}

export default fp(docsPlugin, { name: 'docs' });
