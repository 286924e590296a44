// Strict request bodies (DESIGN §6): a field the route does not know is a 400 that names it, never
// silently dropped — a typo ("quantty") or a field the caller hoped would be honoured ("isApproved")
// is told, not ignored; nested objects (a report's dateRange) too. A mutation that declares no body
// takes none: only no body, null or {} (spec §7's "empty body"). The fields a body schema knows are
// read from its zod definition.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import errorsEnglish from '../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../shared/i18n/english.ts';
import { badRequest } from '../lib/http-error.ts';

addEnglish({ errors: errorsEnglish });

type ZodDef = {
  type?: string;
  shape?: Record<string, unknown>;
  in?: unknown;
  innerType?: unknown;
  options?: unknown[];
};
const defOf = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def?: ZodDef } } | null)?._zod?.def;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The object shapes a schema accepts at its top (through pipes, refinements, optional/nullable/default
 * wrappers and unions of objects): each maps a known field to its own schema. Empty when the schema is
 * not an object (nothing to check).
 */
export function objectShapes(schema: unknown): Record<string, unknown>[] {
  const def = defOf(schema);
  switch (def?.type) {
    case 'object':
      return [def.shape ?? {}];
    case 'pipe':
      return objectShapes(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return objectShapes(def.innerType);
    case 'union':
      return (def.options ?? []).flatMap(objectShapes);
    default:
      return [];
  }
}

/** The paths of fields in `value` that `schema` does not know ('dateRange.junk'), nested objects included. */
export function unknownFields(schema: unknown, value: unknown, prefix = ''): string[] {
  const shapes = objectShapes(schema);
  if (shapes.length === 0 || !isPlainObject(value)) return [];
  return Object.keys(value).flatMap((key) => {
    const owner = shapes.find((shape) => Object.hasOwn(shape, key));
    if (!owner) return [`${prefix}${key}`];
    return unknownFields(owner[key], value[key], `${prefix}${key}.`);
  });
}

export const unknownFieldMessage = english('errors.unknownField');
export const noBodyMessage = english('errors.noBody');

const isEmpty = (body: unknown) =>
  body === undefined || body === null || (isPlainObject(body) && Object.keys(body).length === 0);

async function strictBodiesPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body;
    if (!schema) {
      if (request.method !== 'GET' && request.method !== 'HEAD' && !isEmpty(request.body))
        throw badRequest(noBodyMessage);
      return;
    }
    const unknown = unknownFields(schema, request.body);
    if (unknown.length > 0) {
      throw badRequest(
        `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
        Object.fromEntries(unknown.map((key) => [key, unknownFieldMessage])),
      );
    }
  });
}

export default fp(strictBodiesPlugin, { name: 'strict-bodies' });
