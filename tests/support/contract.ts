// The contract check (decision 048): every answer an API test gets is held against the OpenAPI
// document the app serves — its status must be declared for that operation, its media type must be one
// the document gives for that status, and a JSON body must match the declared schema. buildTestApp
// hangs contractHook on every route, and the test during which an answer broke the contract fails.
//
// Cheap on purpose (the API suite runs ~1800 tests twice in CI): the document is read once per worker,
// and each operation's schema for a status is compiled once, the first time an answer needs it.

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Json = Record<string, unknown>;
type Response = { $ref?: string; description?: string; content?: Record<string, { schema?: Json }> };
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components?: { responses?: Record<string, Response> };
};

/** One answer as it goes out: the route's pattern (/api/clients/:id), not the address called. */
export type Answer = { method: string; route: string; status: number; contentType?: string; body?: string | null };

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const documentPath = (route: string) =>
  (route.length > 1 ? route.replace(/\/$/, '') : route).replace(/:(\w+)/g, '{$1}');

/** Checks answers against one document; returns what is wrong with one, or null when it keeps the contract. */
export function contractFor(doc: Document): (answer: Answer) => string | null {
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc as object, 'openapi');
  const validators = new Map<string, ValidateFunction>();

  const resolve = (response: Response | undefined): [Response | undefined, string | undefined] => {
    const name = response?.$ref?.replace('#/components/responses/', '');
    return name
      ? [doc.components?.responses?.[name], `#/components/responses/${escapePointer(name)}`]
      : [response, undefined];
  };

  return ({ method, route, status, contentType, body }) => {
    const path = documentPath(route);
    const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
    const operation = doc.paths[path]?.[verb];
    const where = `${method} ${path}`;
    if (!operation) return `${where} is not in the OpenAPI document`;
    const key = String(status);
    const [response, refPointer] = resolve(operation.responses[key] ?? operation.responses[`${key[0]}XX`]);
    if (!response) {
      return `${where} answered ${status}, which its document does not declare (it declares ${Object.keys(operation.responses).join(', ')})`;
    }
    const empty = body === undefined || body === null || body === '';
    if (!response.content)
      return empty ? null : `${where} answered ${status} with a body its document does not declare`;
    const type = contentType?.split(';')[0]?.trim().toLowerCase();
    const declared = Object.keys(response.content);
    if (!type || !declared.includes(type)) {
      return `${where} answered ${status} as ${type ?? 'no content type'}; its document says ${declared.join(' or ')}`;
    }
    if (type !== 'application/json' || typeof body !== 'string') return null;
    const pointer = `${refPointer ?? `#/paths/${escapePointer(path)}/${verb}/responses/${key}`}/content/application~1json/schema`;
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi${pointer}` });
      validators.set(pointer, validate);
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return `${where} answered ${status} as JSON that does not parse`;
    }
    if (validate(value)) return null;
    const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
    return `${where} answered ${status} with a body that does not match its document: ${problems.join('; ')}`;
  };
}

type Check = (answer: Answer) => string | null;

// Making the document takes a second or two, so it is made once per worker, not once per test file:
// every app built from the same routes has the same document (the server project's files share their
// workers' modules), so apps with the same route table share one check. An app without the route table
// (a bare one in a unit test) gets its own.
const byRouteTable = new Map<string, Check>();
const byApp = new WeakMap<object, Check>();
const routeTableKeys = new WeakMap<object, string>();

function checkFor(server: FastifyRequest['server']): Check {
  const table = (server as { routeAccess?: { method: string; url: string; access: string }[] }).routeAccess;
  const make = () => contractFor(server.swagger() as unknown as Document);
  if (!table) {
    const check = byApp.get(server) ?? make();
    byApp.set(server, check);
    return check;
  }
  let key = routeTableKeys.get(table);
  if (key === undefined) {
    key = table.map((r) => `${r.method} ${r.url} ${r.access}`).join('\n');
    routeTableKeys.set(table, key);
  }
  const check = byRouteTable.get(key) ?? make();
  byRouteTable.set(key, check);
  return check;
}

/** An onSend hook (BuildOptions.onAnswer) that adds each broken answer's problem to `problems`. */
export function contractHook(problems: string[]) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || request.routeOptions.schema?.hide) return payload;
    // A compressed body (the read cache's gzip) is the same JSON, checked when sent uncompressed.
    const encoded = !!reply.getHeader('content-encoding');
    const problem = checkFor(request.server)({
      method: request.method,
      route,
      status: reply.statusCode,
      contentType: reply.getHeader('content-type') as string | undefined,
      body: encoded
        ? undefined
        : typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : undefined,
    });
    if (problem) problems.push(problem);
    return payload;
  };
}
