// GET /api/events (DESIGN §6): a Server-Sent Events stream that tells a signed-in browser which data
// changed, as domain tags, so it refetches at once. Only the tags the user may see are sent. Each
// change carries `id:`; a reconnect with Last-Event-ID (or ?lastEventId=) replays what it missed, or
// sends 'refetch-all' when that is no longer kept. A stream whose session ends gets 'signed-out'.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { COMMIT_SKEW_MS, eventsSince, findEventTime, latestEventId } from '../../lib/change-log.ts';
import { type ChangeEvent, canSee } from '../../lib/changes.ts';
import { routeOptions, sessionOnly } from '../../lib/route-options.ts';
import { currentUser, type SessionUser } from '../../plugins/auth.ts';
import type { ChangeHub, EventStream } from '../../plugins/events.ts';

const route = routeOptions('events');

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2000;
/** After this instance stops (a deploy, a restart): soon, to whichever instance answers. */
const SHUTDOWN_RETRY_MS = 500;
/** More missed changes than this: refetching everything is cheaper than replaying them. */
const REPLAY_LIMIT = 500;
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

/** A control event ('ready', 'refetch-all') carrying the newest id, so a reconnect knows where it left off. */
const markerMessage = (name: string, latest: number | null) =>
  `${latest === null ? '' : `id: ${latest}\n`}event: ${name}\ndata: {}\n\n`;

type Write = (text: string) => void;
type Viewer = { userId: number; role: string };

/**
 * Step 1: answers 200 with an event stream and subscribes it to the change hub at once, so a change
 * committed during the replay is not lost; live changes are held back until `goLive`.
 */
function openStream(hub: ChangeHub, reply: FastifyReply, user: SessionUser) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });

  let heldBack: ChangeEvent[] | null = [];
  let open = true;
  const write: Write = (text) => {
    if (!open) return;
    res.write(text);
    if (res.writableLength > MAX_BUFFERED_BYTES) stream.close('too-slow');
  };
  const stream: EventStream = {
    userId: user.id,
    role: user.role,
    sessionId: user.sessionId,
    send: (event) => {
      if (heldBack) heldBack.push(event);
      else write(changeMessage(event));
    },
    heartbeat: () => write(': heartbeat\n\n'),
    close: (reason) => {
      if (!open) return;
      if (reason === 'signed-out') write('event: signed-out\ndata: {}\n\n');
      if (reason === 'shutting-down') write(`retry: ${SHUTDOWN_RETRY_MS}\n: shutting down\n\n`);
      open = false;
      hub.remove(stream);
      res.end();
    },
  };
  res.on('close', () => {
    open = false;
    hub.remove(stream);
  });
  hub.add(stream);
  write(`retry: ${RETRY_MS}\n: connected\n\n`);

  /** Step 3: writes the live changes held back during the replay (but not twice), then sends them as they come. */
  const goLive = (alreadySent: Set<number>) => {
    const waiting = heldBack ?? [];
    heldBack = null;
    for (const event of waiting) if (!alreadySent.has(event.id)) write(changeMessage(event));
  };
  return { write, goLive };
}

/**
 * The changes after `lastId` (and those committed shortly before it, which can land after it), or
 * null when the browser must refetch everything: the id is unknown or purged, or too much was missed.
 */
async function missedSince(db: Executor, lastId: number | undefined): Promise<ChangeEvent[] | null> {
  const lastSeenAt = lastId === undefined ? null : await findEventTime(db, lastId);
  if (!lastSeenAt) return null;
  const missed = await eventsSince(db, {
    afterId: lastId!,
    since: new Date(lastSeenAt.getTime() - COMMIT_SKEW_MS),
    limit: REPLAY_LIMIT + 1,
  });
  return missed.length > REPLAY_LIMIT ? null : missed;
}

/**
 * Step 2: a first connection learns the newest id ('ready'); a reconnect gets what it missed that its
 * user may see (each id added to `sent`), or 'refetch-all'.
 */
async function replayMissed(db: Executor, write: Write, rawLastId: unknown, viewer: Viewer, sent: Set<number>) {
  if (rawLastId === undefined) {
    write(markerMessage('ready', await latestEventId(db)));
    return;
  }
  const lastId = parseEventId(rawLastId);
  const missed = await missedSince(db, lastId);
  if (!missed) {
    write(markerMessage('refetch-all', await latestEventId(db)));
    return;
  }
  for (const event of missed) {
    if (event.id === lastId || !canSee(event.audience, viewer)) continue;
    sent.add(event.id);
    write(changeMessage(event));
  }
}

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    // The browser's live updates; other systems hear of changes by webhook (decision 063).
    sessionOnly(
      route('signed-in', {
        summary: 'Server-Sent Events: `change` {tags} per committed change the caller may see',
        querystring: eventsQuery,
        produces: ['text/event-stream'],
      }),
    ),
    async (request, reply) => {
      const user = currentUser(request);
      const rawLastId = request.headers['last-event-id'] ?? request.query.lastEventId;
      const { write, goLive } = openStream(app.changeHub, reply, user);
      const sent = new Set<number>();
      try {
        await replayMissed(request.db, write, rawLastId, { userId: user.id, role: user.role }, sent);
      } catch (err) {
        request.log.warn({ err }, 'could not replay change events');
        write('event: refetch-all\ndata: {}\n\n');
      }
      goLive(sent);
    },
  );
};

export default eventRoutes;
