// The OpenAPI 3.1 description, generated from every route's zod schemas and its routeOptions
// declaration, served at GET /api/docs (decision 048). Each operation gets, centrally:
//   - a summary (given, or the description's first sentence, or its method and path) and an operationId;
//   - its security: none on public routes, the session cookie on every other;
//   - every error answer it can give, with the one error shape (DESIGN §6), derived from what the route
//     is (guarded, takes a body, names a record, takes an Idempotency-Key, answered from the read cache)
//     plus the `refusals` its own rules add;
//   - the true media type of a 2xx that is not JSON (`produces`: CSV, PDF, HTML, event stream).
// The API tests check every answer against this document (tests/support/contract.ts), and a Redocly
// lint with its recommended rules must find no error (src/server/openapi.test.ts).
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { sessionEndReasons } from '../../shared/auth-labels.ts';
import { IDEMPOTENCY_KEEP_DAYS } from '../../shared/idempotency.ts';
import { isMutation, takesIdempotencyKey } from '../lib/idempotency.ts';
import type { ErrorStatus, RouteDocs } from '../lib/route-options.ts';
import { objectShapes } from './strict-bodies.ts';

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];
type Json = Record<string, unknown>;

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

/** The one error body (plugins/errors.ts, DESIGN §6). */
const errorSchema = {
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: {
    message: { type: 'string', description: 'What went wrong, in words to show the person.' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'A message per field that was refused, keyed by its path (e.g. "dateRange.from").',
    },
    reason: {
      type: 'string',
      enum: [...sessionEndReasons],
      description: 'On a 401: why the session ended, when it ended without a sign-out (decision 040).',
    },
  },
};

type Answer = ErrorStatus | 304 | 500 | 507;

/** Each answer's name in components.responses and what it means. */
const answers: Record<Answer, { name: string; description: string }> = {
  304: { name: 'NotModified', description: 'Not modified: If-None-Match named the answer the caller already holds.' },
  400: {
    name: 'BadRequest',
    description: 'The request is not valid: `message` says why, `errors` names each refused field.',
  },
  401: {
    name: 'Unauthorized',
    description: 'Not signed in, or the session ended (`reason` says why when it ended without a sign-out).',
  },
  403: {
    name: 'Forbidden',
    description: "Not allowed: the role lacks the permission, the record is not the caller's, or another site sent it.",
  },
  404: { name: 'NotFound', description: 'No such record, or none the caller may see.' },
  409: {
    name: 'Conflict',
    description:
      "The record's state refuses it (e.g. already acknowledged, not enough crates), or a repeat of an " +
      'Idempotency-Key whose first request is still being handled (Retry-After).',
  },
  413: { name: 'PayloadTooLarge', description: 'The request body is larger than the server takes (100 KB).' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not UTF-8 JSON (Content-Type: application/json).' },
  422: { name: 'IdempotencyKeyReused', description: 'The Idempotency-Key was already used for another request.' },
  429: { name: 'TooManyRequests', description: 'Too many requests of this kind: try again later.' },
  503: {
    name: 'Unavailable',
    description: 'Not available now (the database is unreachable, or a limit is busy): try again shortly.',
  },
  507: {
    name: 'InsufficientStorage',
    description: "The embedded database's disk is full: nothing was saved; reads still work (decision 060).",
  },
  500: { name: 'ServerError', description: 'Something went wrong on the server; the message says only that.' },
};

const successes: Record<string, string> = { 200: 'The answer.', 201: 'Created.', 204: 'Done; no body.' };

/** The schema of a 2xx body in a media type that is not JSON. */
const mediaSchema = (type: string): Json =>
  type === 'application/pdf'
    ? { type: 'string', contentMediaType: 'application/pdf' }
    : { type: 'string', description: `A ${type} document.` };

type Route = TransformArgs['route'] & {
  config?: { access?: string; cache?: unknown; sessionOnly?: boolean };
  schema?: (RouteDocs & { body?: unknown; querystring?: unknown; params?: unknown; description?: string }) | null;
};

/** Does a body or query name a record by its id (clientId, marketAgentId…)? Then it can be 404. */
const namesRecord = (schema: unknown) =>
  objectShapes(schema).some((shape) => Object.keys(shape).some((key) => /(^id|Id|Ids)$/.test(key)));

/** Every error a route can answer: what its declaration implies, and the refusals it names itself. */
// Long: one branch per error status, in the order of the table in decision 048; splitting it would scatter that table.
export function errorAnswers(method: string, route: Route): Answer[] {
  const schema = route.schema ?? {};
  const access = route.config?.access;
  const mutation = isMutation(method);
  const found = new Set<Answer>(schema.refusals ?? []);
  // A body, a query or an address that fails its schema; a mutation declaring no body refuses one.
  if (schema.body || schema.querystring || schema.params || mutation) found.add(400);
  if (access !== 'public') found.add(401);
  // An API token past its requests per minute (plugins/auth.ts, decision 063).
  if (access !== 'public' && !route.config?.sessionOnly) found.add(429);
  // A role without the permission; a mutation sent by another site (plugins/security.ts); a user
  // still on a printed first password (plugins/auth.ts, decision 050).
  if (access !== 'public' || mutation) found.add(403);
  if (schema.params || namesRecord(schema.body) || namesRecord(schema.querystring)) found.add(404);
  if (mutation) {
    found.add(413);
    found.add(415);
  }
  if (takesIdempotencyKey(method, access)) {
    found.add(409);
    found.add(422);
  }
  if (route.config?.cache) found.add(304);
  // The database unreachable (decision 060): any route may need it; a write may find its disk full.
  found.add(503);
  if (mutation) found.add(507);
  found.add(500);
  return [...found].sort();
}

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** getClientsById for GET /api/clients/{id}: the method and the path after /api, params as By…. */
export function operationIdFor(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? `By${capital(param[1]!)}` : words(segment).map(capital).join('');
    });
  return method.toLowerCase() + parts.join('');
}

/** The description's first sentence, or the method and path when the route has no description. */
export function summaryFor(method: string, path: string, description: string | undefined): string {
  const sentence = description
    ?.split(/(?<=[.!?])\s/)[0]
    ?.replace(/[.]$/, '')
    .trim();
  return sentence || `${method} ${path}`;
}

/** Fastify's /api/clients/ (a plugin's '/' route) is the same address as /api/clients. */
export const documentPath = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url);

/** None on a public route; the session cookie, or an API token where one may be used (decision 063). */
const securityOf = (route: Route): Record<string, string[]>[] =>
  route.config?.access === 'public'
    ? []
    : route.config?.sessionOnly
      ? [{ session: [] }]
      : [{ session: [] }, { bearer: [] }];

/** jsonSchemaTransform, then the operation's summary, id, security, answers and media types. */
function transform(args: TransformArgs) {
  const out = jsonSchemaTransform(args);
  if ((out.schema as { hide?: boolean }).hide) return out;
  const route = args.route as Route;
  const method = [route.method].flat()[0]!;
  const url = documentPath(out.url);
  const path = url.replace(/:(\w+)/g, '{$1}');
  const { refusals: _refusals, produces, summary, operationId, ...schema } = out.schema as Json & RouteDocs;
  if (takesIdempotencyKey(method, route.config?.access)) {
    const headers = (schema.headers ?? { type: 'object', properties: {} }) as { properties?: Json };
    schema.headers = { ...headers, properties: { ...headers.properties, 'Idempotency-Key': idempotencyKeyHeader } };
  }
  return {
    url,
    schema: {
      ...schema,
      summary: summary ?? summaryFor(method, path, schema.description as string | undefined),
      operationId: operationId ?? operationIdFor(method, path),
      security: securityOf(route),
      // Carried to transformObject, which turns them into responses (swagger would make them JSON).
      'x-answers': { errors: errorAnswers(method, route), produces: produces ?? null },
    },
  };
}

type Operation = Json & {
  responses: Record<string, Json>;
  'x-answers'?: { errors: Answer[]; produces: string[] | null };
};

/** Each operation's error answers as references to components.responses, and its 2xx media types. */
function transformObject({ openapiObject }: { openapiObject: Json }) {
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
  const used = new Set<Answer>();
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const declared = operation['x-answers'];
      if (!declared) continue;
      delete operation['x-answers'];
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response.description === 'Default Response') response.description = successes[status] ?? 'The answer.';
        if (!status.startsWith('2') || !declared.produces) continue;
        // A route that answers JSON or a document by Accept (a statement, decision 064) keeps its JSON schema.
        const json = (response.content as Record<string, Json> | undefined)?.['application/json'];
        response.content = Object.fromEntries(
          declared.produces.map((type) => [
            type,
            type === 'application/json' && json ? json : { schema: mediaSchema(type) },
          ]),
        );
      }
      for (const status of declared.errors) {
        if (operation.responses[status]) continue;
        operation.responses[status] = { $ref: `#/components/responses/${answers[status].name}` };
        used.add(status);
      }
    }
  }
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const components = (openapiObject.components ?? {}) as Json;
  openapiObject.components = {
    ...components,
    schemas: { ...(components.schemas as Json), Error: errorSchema },
    responses: Object.fromEntries(
      [...used].sort().map((status) => {
        const { name, description } = answers[status];
        return [name, status === 304 ? { description } : { description, content: errorContent }];
      }),
    ),
  };
  return openapiObject;
}

async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cratekeeper API',
        description:
          'Crate distribution, tracking and billing for a pepper farm. Sign in with POST /api/auth/login: ' +
          'the answer sets the session cookie (ck_session) that every guarded operation needs. Other systems ' +
          'send an API token instead (Authorization: Bearer ck_…, made in Settings → API tokens; docs/api.md).',
        version: '0.1.0',
      },
      servers: [{ url: '/', description: "This farm's own server" }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ck_session' },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API token (ck_…): a read token may make every GET its owner may, a write token also its writes.',
          },
        },
      },
    },
    transform,
    transformObject: transformObject as never,
  });
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}

export default fp(docsPlugin, { name: 'docs' });
