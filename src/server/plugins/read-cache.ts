// Hot reads from memory (decision 032). A GET route that declares `config.cache` (its tags,
// lib/route-options.ts `cached()`) is answered from the read cache (lib/read-cache.ts) while nothing it
// depends on changed, with an ETag; a caller that sends the current one in If-None-Match gets 304.
// The guard has run before (preHandler comes after every onRequest hook and the query's validation),
// and answers are kept per caller, so nobody is ever served what they may not see. A mutation's own
// change events are applied here as soon as they committed, and its answer says the newest one in
// `x-change-id`; a read that names a change this instance hasn't heard of yet (`x-seen-change`: the
// browser saw it answered or streamed by another instance) goes to the database.
import { constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeTag } from '../../shared/change-tags.ts';
import { onChangeRecorded } from '../lib/changes.ts';
import { farmToday } from '../lib/farm-date.ts';
import {
  type CachedAnswer,
  createReadCache,
  etagOf,
  gzipEtagOf,
  matchesEtag,
  type ReadCache,
  type ReadCacheOptions,
} from '../lib/read-cache.ts';
import type { SessionUser } from './auth.ts';

/** What a cached route depends on: every tag whose change may alter its answer. */
export type CachePolicy = {
  tags: readonly ChangeTag[];
  /** The same answer for every caller (public data): kept once, not per caller. */
  everyone?: boolean;
};

/** The newest change a mutation's answer recorded. */
export const CHANGE_ID_HEADER = 'x-change-id';
/** Every change a mutation's answer recorded, by id ('12,13'), and the tags they name ('clients,crates'):
 * the browser that made the write refreshes from its answer and skips those events when they stream. */
export const CHANGE_IDS_HEADER = 'x-change-ids';
export const CHANGE_TAGS_HEADER = 'x-change-tags';
/** The newest change the browser knows of (from an answer or its event stream). */
export const SEEN_CHANGE_HEADER = 'x-seen-change';

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy;
  }
  interface FastifyInstance {
    readCache: ReadCache<SessionUser>;
    /** Every route answered from the cache, with the tags it depends on (tests walk it). */
    cachedRoutes: { url: string; tags: readonly ChangeTag[] }[];
  }
  interface FastifyRequest {
    /** This read's fill of the cache, finished when its answer is sent. */
    cacheFill: { finish(answer: { body: string; contentType: string } | null): CachedAnswer | null } | null;
    /** Answered from the cache (its ETag is already set). */
    cacheServed: boolean;
  }
}

/** The farm's day, looked up at most once a second: an answer read yesterday is never today's. */
function farmDayClock(timeZone: string) {
  let day = '';
  let until = 0;
  return () => {
    const now = Date.now();
    if (now >= until) {
      day = farmToday(timeZone, new Date(now));
      until = now + 1000;
    }
    return day;
  };
}

/** Whose answer this is: everyone's, or the signed-in caller's; null when a caller-bound route has none. */
function cacheKey(request: FastifyRequest, policy: CachePolicy, day: string): string | null {
  if (policy.everyone) return `*|${day}|${request.url}`;
  const user = request.sessionUser;
  return user ? `${user.id}|${day}|${request.url}` : null;
}

/** Does the caller know of a change this instance has not applied yet? */
function callerIsAhead(request: FastifyRequest, cache: ReadCache<SessionUser>): boolean {
  const seen = request.headers[SEEN_CHANGE_HEADER];
  if (typeof seen !== 'string' || !/^\d{1,15}$/.test(seen)) return false;
  return !cache.hasSeen(Number(seen));
}

/** Smaller answers go as they are: gzip's header and the work would outweigh what they save. */
const GZIP_FROM_BYTES = 1024;

/** Does the caller take gzip (every browser says so; `gzip;q=0` refuses it)? */
function takesGzip(request: FastifyRequest): boolean {
  const accept = request.headers['accept-encoding'];
  return typeof accept === 'string' && /(?:^|,)\s*gzip\s*(?:,|$|;\s*q=(?:1|0\.\d*[1-9]))/i.test(accept);
}

/**
 * A cached answer, gzipped once for all callers that take it: a phone on a slow link gets a list in
 * a seventh of the bytes, and the app writes less per answer. Its ETag is the weak form of the plain
 * answer's, so either one held by the caller gets the 304.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  request.cacheServed = true;
  reply.header('vary', 'accept-encoding');
  const gzip = answer.body.length >= GZIP_FROM_BYTES && takesGzip(request);
  reply.header('etag', gzip ? gzipEtagOf(answer.etag) : answer.etag);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.header('content-type', answer.contentType);
  if (!gzip) return reply.send(answer.body);
  answer.gzip ??= gzipSync(answer.body, { level: constants.Z_BEST_SPEED });
  return reply.header('content-encoding', 'gzip').send(answer.gzip);
}

/**
 * As an answer goes out: a mutation's committed changes are applied here at once and named in its
 * answer; a cached route's fresh answer is stored (if nothing changed meanwhile) and gets its ETag,
 * or 304 when the caller already holds it.
 */
function afterAnswer(cache: ReadCache<SessionUser>, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const made = request.write?.changes;
  if (made && made.length > 0) {
    for (const event of made) cache.apply(event);
    if (reply.statusCode < 300) {
      reply.header(CHANGE_ID_HEADER, String(Math.max(...made.map((e) => e.id))));
      reply.header(CHANGE_IDS_HEADER, made.map((e) => e.id).join(','));
      reply.header(CHANGE_TAGS_HEADER, [...new Set(made.flatMap((e) => e.tags))].join(','));
    }
  }
  const policy = request.routeOptions.config?.cache;
  if (!policy || request.cacheServed) return payload;
  reply.header('vary', 'accept-encoding');
  const body = reply.statusCode === 200 && typeof payload === 'string' ? payload : null;
  const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
  const stored = request.cacheFill?.finish(body === null ? null : { body, contentType });
  request.cacheFill = null;
  if (body === null) return payload;
  const etag = stored?.etag ?? etagOf(body);
  reply.header('etag', etag);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
}

async function readCachePlugin(app: FastifyInstance, opts: ReadCacheOptions) {
  const cache = createReadCache<SessionUser>(opts);
  app.decorate('readCache', cache);
  app.decorateRequest('cacheFill', null);
  app.decorateRequest('cacheServed', false);
  const today = farmDayClock(app.config.farmTimezone);
  app.decorate('cachedRoutes', []);
  app.addHook('onRoute', (route) => {
    const policy = route.config?.cache;
    if (policy && route.method === 'GET') app.cachedRoutes.push({ url: route.url, tags: policy.tags });
  });

  // Writes made in this process keep their scopes out of the cache until their commit is heard.
  const stopListening = onChangeRecorded((event) => cache.recorded(event));
  app.addHook('onClose', async () => stopListening());

  app.addHook('preHandler', async (request, reply) => {
    const policy = request.routeOptions.config?.cache;
    if (!policy || request.method !== 'GET' || !cache.usable(policy.tags) || callerIsAhead(request, cache)) return;
    const key = cacheKey(request, policy, today());
    if (!key) return;
    const answer = cache.get(key, policy.tags) ?? (await cache.pending(key, policy.tags));
    if (answer) return sendCached(request, reply, answer);
    request.cacheFill = cache.startFill(key, policy.tags);
  });

  app.addHook('onSend', async (request, reply, payload) => afterAnswer(cache, request, reply, payload));

  // A read that ended without an answer (an error before onSend, a dropped connection) wakes its waiters.
  const release = async (request: FastifyRequest) => {
    request.cacheFill?.finish(null);
    request.cacheFill = null;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

export default fp(readCachePlugin, { name: 'read-cache', dependencies: ['db'] });
