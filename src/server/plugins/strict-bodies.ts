// Strict request bodies (DESIGN §6): a field the route does not know is a 400 that names it, never
// silently dropped — a typo ("quantty") or a field the caller hoped would be honoured ("isApproved")
// is told, not ignored. The fields a body schema knows are read from its zod definition once per route.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error.ts';

type ZodDef = {
  type?: string;
  shape?: Record<string, unknown>;
  in?: unknown;
  innerType?: unknown;
  options?: unknown[];
};
const defOf = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def?: ZodDef } } | null)?._zod?.def;

/**
 * The top-level fields an object body schema accepts (through pipes, refinements, optional/nullable/
 * default wrappers and unions of objects), or null when the schema is not an object (nothing to check).
 */
export function knownFields(schema: unknown): Set<string> | null {
  const def = defOf(schema);
  if (!def) return null;
  switch (def.type) {
    case 'object':
      return new Set(Object.keys(def.shape ?? {}));
    case 'pipe':
      return knownFields(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return knownFields(def.innerType);
    case 'union': {
      const sets = (def.options ?? []).map(knownFields).filter((s): s is Set<string> => s !== null);
      return sets.length === 0 ? null : new Set(sets.flatMap((s) => [...s]));
    }
    default:
      return null;
  }
}

export const unknownFieldMessage = 'This field is not accepted here';

async function strictBodiesPlugin(app: FastifyInstance) {
  const cache = new WeakMap<object, Set<string> | null>();
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body;
    const body = request.body;
    if (!schema || body === null || typeof body !== 'object' || Array.isArray(body)) return;
    if (!cache.has(schema)) cache.set(schema, knownFields(schema));
    const known = cache.get(schema);
    if (!known) return;
    const unknown = Object.keys(body).filter((key) => !known.has(key));
    if (unknown.length > 0) {
      throw badRequest(
        `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
        Object.fromEntries(unknown.map((key) => [key, unknownFieldMessage])),
      );
    }
  });
}

export default fp(strictBodiesPlugin, { name: 'strict-bodies' });
