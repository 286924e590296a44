// A route's guard and documentation in one call, so a route table reads as a list of endpoints with
// who may call each and what it says (STYLE: every route declares its schemas and its guard):
//   app.get('/cycles', route('read:billing:any', 'Every cycle, latest first.', { querystring, response }), handler)
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { type ChangeTag, farmRecordTags } from '../../shared/change-tags.ts';

type Access = NonNullable<FastifyContextConfig['access']>;
type Options<S> = { config: { access: Access }; schema: S & { tags: string[]; description?: string } };

/** The options maker for the routes of one OpenAPI tag: `route(access, [description,] schema)`. */
export function routeOptions(tag: string) {
  const tags = [tag];
  function route<S extends FastifySchema>(access: Access, schema: S): Options<S>;
  function route<S extends FastifySchema>(access: Access, description: string, schema: S): Options<S>;
  function route<S extends FastifySchema>(access: Access, first: S | string, second?: S): Options<S> {
    const [description, schema] = typeof first === 'string' ? [first, second as S] : [undefined, first];
    return { config: { access }, schema: { tags, ...(description === undefined ? {} : { description }), ...schema } };
  }
  return route;
}

/**
 * What most reads depend on: the farm's records. Not messages or the outbox (no hot read shows them).
 * Writes are rare next to reads (a busy farm books a few a minute), so a read that names more tags than
 * it strictly needs loses little, while one that names too few would be served stale: name generously.
 */
export const FARM_DATA: readonly ChangeTag[] = farmRecordTags;

/**
 * A read answered from memory while none of `tags` changed (plugins/read-cache.ts, decision 032):
 * `app.get('/', cached(route('read:x', schema), ['transmissions', 'users']), handler)`. Name every tag
 * whose change can alter the answer; `everyone` when the answer is the same for every caller.
 */
export function cached<O extends { config: { access: Access } }>(
  options: O,
  tags: readonly ChangeTag[],
  { everyone = false } = {},
): O {
  return { ...options, config: { ...options.config, cache: { tags, everyone } } };
}
