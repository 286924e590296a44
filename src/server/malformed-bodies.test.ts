// Every mutation, sent by a caller allowed to make it at a real record, with a body
// broken on purpose — not an object at all, a required field missing, a field the route does not know,
// a field of the wrong type, a number far out of range, junk nested deep, or text that is not JSON — is
// a 4xx with a message, never a 2xx or a 5xx, and leaves every table exactly as it was. After the broken
// ones, the same request with its valid body is answered as the authorization matrix declares, so the
// refusals were the body's doing and not a stale id. What "broken" means is read from each route's body
// schema in the OpenAPI description (app.swagger()); a body the schema might accept is never sent.
// fuzz.test.ts does the other half: any string in every text field and path id.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAccessWorld, callerNames, callRow, type Row } from '../../tests/support/access-table.ts';
import { fingerprint, holdScheduledJobs } from '../../tests/support/fingerprint.ts';
import { buildTestApp } from '../../tests/support/test-app.ts';

// Without FARM_ACCESS_CODE, as access-table.ts expects: the farm store may replace the generated code.
const app = await buildTestApp({ farmAccessCode: undefined });
const world = await buildAccessWorld(app);
await holdScheduledJobs(app);

// ---- the body schemas, and a conservative check of a value against one ----

type Schema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
};

type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
};
const doc = app.swagger() as unknown as OpenApi;

/** The route's body schema; null when it declares none. */
function bodySchema(method: string, url: string): Schema | null {
  const path = url.replace(/:([^/]+)/g, '{$1}');
  const op = (doc.paths[path] ?? doc.paths[path.replace(/\/$/, '')])?.[method.toLowerCase()];
  return op?.requestBody?.content?.['application/json']?.schema ?? null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether `value` might be accepted by `schema`: true whenever unsure, so a body this calls invalid is
 * invalid for the server too. Objects are closed (unknown fields are a 400, DESIGN §6).
 */
function mayAccept(schema: Schema | undefined, value: unknown, top = true): boolean {
  // No schema, or an empty one (the spec's ignored fields, z.unknown()): anything goes, null included.
  if (!schema || Object.keys(schema).length === 0) return true;
  // OpenAPI 3.1 (JSON Schema): null is `type: 'null'`, one of a type list, or a branch of anyOf/oneOf.
  const types = [schema.type ?? []].flat();
  if (value === null) {
    return (
      !!schema.nullable ||
      types.includes('null') ||
      [schema.anyOf, schema.oneOf].some((b) => b?.some((s) => mayAccept(s, null, top)))
    );
  }
  if (types.length > 1) return types.some((type) => mayAccept({ ...schema, type }, value, top));
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && !branches.some((s) => mayAccept(s, value, top))) return false;
  // Text may be trimmed before it is checked: the trimmed form counts too.
  const forms = typeof value === 'string' ? [value, value.trim()] : [value];
  if (schema.enum && !forms.some((v) => schema.enum!.includes(v))) return false;
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string') return false;
      const lengths = (forms as string[]).flatMap((v) => [v.length, [...v].length]);
      if (schema.minLength !== undefined && lengths.every((l) => l < schema.minLength!)) return false;
      if (schema.maxLength !== undefined && lengths.every((l) => l > schema.maxLength!)) return false;
      if (schema.pattern && !(forms as string[]).some((v) => new RegExp(schema.pattern!, 'u').test(v))) return false;
      return true;
    }
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      if (schema.type === 'integer' && !Number.isSafeInteger(value)) return false;
      const exMin = schema.exclusiveMinimum;
      const exMax = schema.exclusiveMaximum;
      if (typeof exMin === 'number' && value <= exMin) return false;
      if (typeof exMax === 'number' && value >= exMax) return false;
      if (schema.minimum !== undefined && (exMin === true ? value <= schema.minimum : value < schema.minimum))
        return false;
      if (schema.maximum !== undefined && (exMax === true ? value >= schema.maximum : value > schema.maximum))
        return false;
      return true;
    }
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value) && value.every((v) => mayAccept(schema.items, v, false));
    case 'object': {
      if (!isObject(value)) return false;
      const props = schema.properties ?? {};
      if ((schema.required ?? []).some((k) => !Object.hasOwn(value, k))) return false;
      // Unknown fields are refused at every depth (strict-bodies.ts).
      return Object.entries(value).every(([k, v]) => Object.hasOwn(props, k) && mayAccept(props[k], v, false));
    }
    default:
      return true;
  }
}

/** A route without a body schema takes no body: only none, null or {} is a valid one. */
const mayAcceptBody = (schema: Schema | null, parsed: unknown) =>
  schema
    ? mayAccept(schema, parsed)
    : parsed === undefined || parsed === null || (isObject(parsed) && Object.keys(parsed).length === 0);

// ---- broken bodies ----

/** Numbers JSON can write but JavaScript cannot keep: spliced into the text as written. */
const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '1e-400',
  '0.1e1',
];
const raw = (text: string) => ({ __raw: text });
const toText = (value: unknown) =>
  JSON.stringify(value, (_k, v) => (isObject(v) && typeof v.__raw === 'string' ? `\u0000${v.__raw}\u0000` : v)).replace(
    /"\\u0000([^"\\]*)\\u0000"/g,
    '$1',
  );

const nested = (depth: number, leaf: unknown = 1): unknown =>
  Array.from({ length: depth }).reduce<unknown>((inner, _, i) => (i % 2 ? [inner] : { a: inner }), leaf);

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0.5,
    '',
    ' ',
    'x',
    '1',
    '0x1',
    'true',
    'null',
    [],
    [1],
    [null],
    {},
  ),
  fc.constantFrom(...RAW_NUMBERS).map(raw),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 31, 1e21, 1e308),
  fc.constantFrom(
    nested(40),
    nested(400, 'x'),
    { $gt: '' },
    { toString: 'x' },
    JSON.parse('{"__proto__":{"isAdmin":true}}'),
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 30 }),
  fc.constant('x'.repeat(20_000)),
);

const extraName = fc.oneof(
  fc.constantFrom(
    'isAdmin',
    'role',
    'userId',
    'id',
    'status',
    'createdAt',
    'fromUserId',
    'approved',
    '__proto__',
    'constructor',
    '',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);

type Broken = { kind: string; text: string };

function brokenBodies(schema: Schema | null, base: unknown): fc.Arbitrary<Broken> {
  const baseObject = isObject(base) ? base : {};
  const props = Object.keys(schema?.properties ?? {});
  const required = schema?.required ?? [];
  const withField = (k: string, v: unknown) =>
    Object.defineProperty({ ...baseObject }, k, { value: v, enumerable: true });
  const kinds: fc.Arbitrary<Broken>[] = [
    fc
      .constantFrom<unknown>(null, [], [baseObject], 'text', 0, true, raw('1e400'), nested(300))
      .map((v) => ({ kind: 'not an object', text: toText(v) })),
    fc
      .tuple(extraName, junk)
      .map(([k, v]) => ({ kind: `unknown field ${JSON.stringify(k)}`, text: toText(withField(k, v)) })),
    fc
      .constantFrom('{', '{"a":}', '{"a":1}{', 'nul', '[1,]', "{'a':1}", '\u0000', '{"a":"\\ud800"', '{"a":1,,}', '"')
      .map((text) => ({ kind: 'not JSON', text })),
  ];
  if (required.length > 0) {
    kinds.push(
      fc.constantFrom(...required).map((k) => {
        const { [k]: _, ...rest } = baseObject;
        return { kind: `without ${k}`, text: toText(rest) };
      }),
    );
  }
  if (props.length > 0) {
    const field = fc.tuple(fc.constantFrom(...props), junk);
    kinds.push(field.map(([k, v]) => ({ kind: `${k} = junk`, text: toText(withField(k, v)) })));
    kinds.push(
      fc.array(field, { minLength: 2, maxLength: 4 }).map((fields) => ({
        kind: `${fields.map(([k]) => k).join(', ')} = junk`,
        text: toText(Object.assign({ ...baseObject }, Object.fromEntries(fields))),
      })),
    );
  }
  return fc.oneof(...kinds).filter(({ text }) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return true; // not JSON: broken by definition
    }
    return !mayAcceptBody(schema, parsed);
  });
}

// ---- the mutations, each with a caller allowed to make it and its valid body ----

type Target = { route: string; row: Row; caller: (typeof callerNames)[number]; schema: Schema | null };
const targets: Target[] = app.routeAccess
  .filter((r) => r.method !== 'GET')
  .map((r) => {
    const route = `${r.method} ${r.url}`;
    const rows = world.rows.filter((w) => w.route === route);
    for (const row of rows) {
      const caller = callerNames.find((n) => row.expect[n] < 300);
      if (caller) return { route, row, caller, schema: bodySchema(r.method, r.url) };
    }
    throw new Error(`${route}: access-table.ts has no row a caller may make (auth.test.ts says which)`);
  });

describe('malformed bodies to every mutation', () => {
  it('covers every mutation route', () => {
    expect(targets.length).toBe(app.routeAccess.filter((r) => r.method !== 'GET').length);
  });

  for (const target of targets) {
    const runs = target.schema === null ? 8 : 20;
    // A route without a body schema takes none (strict-bodies.ts): only none, null or {}.
    it(`${target.route} as ${target.caller}: 4xx, nothing stored; then the valid body works`, async () => {
      const caller = world.callers[target.caller];
      const base = target.row.call(caller).payload;
      const before = await fingerprint(app.db);
      await fc.assert(
        fc.asyncProperty(brokenBodies(target.schema, base), async (broken) => {
          const { res } = await callRow(app, target.row, caller, { payload: { raw: broken.text } });
          const what = `${broken.kind}: ${broken.text.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, what).toBeLessThan(500);
          expect(typeof res.json().message, what).toBe('string');
          expect(res.body, what).not.toMatch(/\n\s+at /);
          const after = await fingerprint(app.db);
          expect(
            Object.keys(after).filter((table) => after[table] !== before[table]),
            `${what}: tables changed`,
          ).toEqual([]);
        }),
        { numRuns: runs },
      );
      const { res } = await callRow(app, target.row, caller);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(target.row.expect[target.caller]);
    });
  }
});
