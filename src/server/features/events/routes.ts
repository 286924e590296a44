// GET /api/events (DESIGN §6): a Server-Sent Events stream that tells a signed-in browser which data
// changed, as domain tags, so it refetches at once. Only the tags the user may see are sent. Each
// change carries `id:`; a reconnect with Last-Event-ID (or ?lastEventId=) replays what it missed, or
// sends 'refetch-all' when that is no longer kept. A stream whose session ends gets 'signed-out'.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ChangeEvent, canSee } from '../../lib/changes.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { EventStream } from '../../plugins/events.ts';
import * as repo from './repository.ts';

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2000;
/** More missed changes than this: refetching everything is cheaper than replaying them. */
const REPLAY_LIMIT = 500;
/** Replayed too: changes committed shortly before the last one seen (commits land out of id order). */
const COMMIT_SKEW_MS = 5000;
/** A stream this far behind (a browser not reading) is closed rather than buffered. */
const MAX_BUFFERED_BYTES = 256 * 1024;

const eventsQuery = z.object({ lastEventId: z.string().max(30).optional() });

const parseEventId = (value: unknown): number | undefined => {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
};

// One text per change, however many streams send it.
const messages = new WeakMap<ChangeEvent, string>();
const changeMessage = (event: ChangeEvent) => {
  let text = messages.get(event);
  if (text === undefined) {
    text = `id: ${event.id}\nevent: change\ndata: ${JSON.stringify({ tags: event.tags })}\n\n`;
    messages.set(event, text);
  }
  return text;
};

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['events'],
        summary: 'Server-Sent Events: `change` {tags} per committed change the caller may see',
        querystring: eventsQuery,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const rawLastId = request.headers['last-event-id'] ?? request.query.lastEventId;
      const lastId = parseEventId(rawLastId);
      const viewer = { userId: user.id, role: user.role };

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx and similar proxies would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });

      let replaying: ChangeEvent[] | null = [];
      const sentIds = new Set<number>();
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        res.write(text);
        if (res.writableLength > MAX_BUFFERED_BYTES) stream.close(false);
      };
      const stream: EventStream = {
        userId: user.id,
        role: user.role,
        sessionId: user.sessionId,
        send: (event) => {
          if (replaying) replaying.push(event);
          else write(changeMessage(event));
        },
        heartbeat: () => write(': heartbeat\n\n'),
        close: (signedOut) => {
          if (!open) return;
          if (signedOut) write('event: signed-out\ndata: {}\n\n');
          open = false;
          app.changeHub.remove(stream);
          res.end();
        },
      };
      res.on('close', () => {
        open = false;
        app.changeHub.remove(stream);
      });
      // Subscribed before the replay is read, so a change committed meanwhile is not lost; live
      // changes wait until the replay is written.
      app.changeHub.add(stream);
      write(`retry: ${RETRY_MS}\n: connected\n\n`);

      try {
        if (rawLastId === undefined) {
          // A first connection: the newest id, so a reconnect knows where it left off.
          const latest = await repo.latestEventId(app.db);
          write(`${latest === null ? '' : `id: ${latest}\n`}event: ready\ndata: {}\n\n`);
        } else {
          const lastSeenAt = lastId === undefined ? null : await repo.findEventTime(app.db, lastId);
          const missed = lastSeenAt
            ? await repo.eventsSince(app.db, {
                afterId: lastId!,
                since: new Date(lastSeenAt.getTime() - COMMIT_SKEW_MS),
                limit: REPLAY_LIMIT + 1,
              })
            : null;
          if (!missed || missed.length > REPLAY_LIMIT) {
            // Too old (purged), unknown or too many: the browser refetches every query.
            const latest = await repo.latestEventId(app.db);
            write(`${latest === null ? '' : `id: ${latest}\n`}event: refetch-all\ndata: {}\n\n`);
          } else {
            for (const event of missed) {
              if (event.id === lastId || !canSee(event.audience, viewer)) continue;
              sentIds.add(event.id);
              write(changeMessage(event));
            }
          }
        }
      } catch (err) {
        request.log.warn({ err }, 'could not replay change events');
        write('event: refetch-all\ndata: {}\n\n');
      }
      const waiting = replaying;
      replaying = null;
      for (const event of waiting) if (!sentIds.has(event.id)) write(changeMessage(event));
    },
  );
};

export default eventRoutes;
