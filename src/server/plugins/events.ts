// The change hub (DESIGN §6, §6a): listens for committed change events on the database (PostgreSQL
// LISTEN on its own connection, so a change made by any instance arrives; PGlite's in-process
// LISTEN), and hands each one to the open event streams whose user may see it. It also beats the
// streams' hearts, closes the streams of ended sessions, purges old events and ends every stream
// when the app closes. GET /api/events (features/events/routes.ts) opens the streams.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Role } from '../../shared/auth.ts';
import type { Database } from '../db/client.ts';
import { CONNECT_TIMEOUT_MS } from '../db/faults.ts';
import { COMMIT_SKEW_MS, eventsSince, latestEventId, purgeEventsBefore } from '../lib/change-log.ts';
import { CHANGES_CHANNEL, type ChangeEvent, canSee } from '../lib/changes.ts';
import type { ReadCache } from '../lib/read-cache.ts';
import { liveSessionIds } from '../lib/sessions.ts';

/** A comment line this often keeps proxies from closing an idle stream; sessions are re-checked with it. */
export const HEARTBEAT_MS = 20_000;
/** How long change events are kept for replay; an older Last-Event-ID gets 'refetch-all'. */
export const EVENT_RETENTION_MS = 60 * 60_000;
const PURGE_EVERY_MS = 5 * 60_000;

/** One open event stream. */
export type StreamCloseReason = 'signed-out' | 'shutting-down' | 'too-slow';

export type EventStream = {
  userId: number;
  role: Role;
  sessionId: number;
  /** Sends a change the stream's user may see. */
  send(event: ChangeEvent): void;
  /** Writes a heartbeat comment. */
  heartbeat(): void;
  /**
   * Closes the stream: 'signed-out' tells the browser not to reconnect; 'shutting-down' (this instance
   * is stopping) tells it to reconnect soon, to another instance if there is one; 'too-slow' (a
   * browser not reading) just ends it.
   */
  close(reason: StreamCloseReason): void;
};

export type ChangeHub = {
  add(stream: EventStream): void;
  remove(stream: EventStream): void;
  readonly size: number;
  /** Hands an event to every stream that may see it (once per event id). */
  dispatch(event: ChangeEvent): void;
  /** A heartbeat for every stream, then the session check (the timer calls it; tests may too). */
  heartbeat(): Promise<void>;
  /** Closes the streams whose session ended or whose user was removed. */
  checkSessions(): Promise<void>;
  /** Deletes events older than the retention (a timer calls it; tests may too). */
  purge(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    changeHub: ChangeHub;
  }
}

type Listener = { close(): Promise<void> };

/** PGlite: one process, its own LISTEN. */
async function listenPglite(database: Database, onPayload: (payload: string) => void): Promise<Listener> {
  const unlisten = await database.pglite!.listen(CHANGES_CHANNEL, onPayload);
  return { close: () => unlisten() };
}

/**
 * PostgreSQL: a dedicated connection (a pooled one would be handed to queries) that reconnects with
 * backoff when it drops, for as long as the database is away; after a reconnect `onReconnect` replays
 * what was committed since the first drop. A reconnect whose replay fails (the database is still
 * recovering) is dropped and tried again, never left half-listening (decision 060).
 */
// Long: one small state machine (the connection, closed, the retry timer, its delay and when the
// connection first dropped) whose steps (connect, attempt, watch, dropped, close) share that state.
async function listenPostgres(
  url: string,
  log: FastifyBaseLogger,
  onPayload: (payload: string) => void,
  onReconnect: (droppedAt: Date) => Promise<void>,
  onDropped: () => void,
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = 500;
  /** When the listener first lost the database, until a reconnect's replay has covered it. */
  let droppedAt: Date | null = null;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    // A socket error before watch() (or after close) must not crash the process.
    c.on('error', () => {});
    c.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL && n.payload) onPayload(n.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANGES_CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    return c;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => void attempt(), delay);
  };

  const attempt = async () => {
    retryTimer = undefined;
    if (closed || !droppedAt) return;
    const since = droppedAt;
    let next: pg.Client | null = null;
    try {
      next = await connect();
      if (closed) {
        await next.end();
        return;
      }
      watch(next);
      await onReconnect(since);
      if (client !== next) {
        onDropped(); // it dropped again during the replay: the read cache stays off
        return;
      }
      droppedAt = null;
      delay = 500;
      log.info('change-event listener reconnected to the database');
    } catch (err) {
      log.warn({ err }, 'change-event listener could not reconnect yet');
      delay = Math.min(delay * 2, 10_000);
      if (next && client === next) {
        client = null;
        await next.end().catch(() => {});
      }
      onDropped();
      scheduleReconnect();
    }
  };

  const dropped = (c: pg.Client) => {
    if (closed || client !== c) return;
    client = null;
    c.end().catch(() => {});
    onDropped();
    if (!droppedAt) {
      droppedAt = new Date();
      log.warn('change-event listener lost its database connection; reconnecting');
    }
    scheduleReconnect();
  };

  const watch = (c: pg.Client) => {
    client = c;
    c.on('error', () => dropped(c));
    c.on('end', () => dropped(c));
  };

  watch(await connect());
  return {
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** Remembers the last ids dispatched, so a replayed event is not handed out twice. */
function recentIds(capacity: number) {
  const seen = new Set<number>();
  const order: number[] = [];
  return {
    /** True the first time an id is offered. */
    add(id: number) {
      if (seen.has(id)) return false;
      seen.add(id);
      order.push(id);
      if (order.length > capacity) seen.delete(order.shift()!);
      return true;
    },
  };
}

/**
 * Closes the streams whose session ended or whose user was removed: one query for every open stream;
 * a check asked for while one runs runs once more after it.
 */
function sessionChecker(app: FastifyInstance, streams: Set<EventStream>) {
  let running: Promise<void> | null = null;
  let checkAgain = false;

  const closeEnded = async (open: EventStream[]) => {
    try {
      const live = await liveSessionIds(app.db, [...new Set(open.map((s) => s.sessionId))]);
      for (const stream of open) if (!live.has(stream.sessionId)) stream.close('signed-out');
    } catch (err) {
      app.log.warn({ err }, 'could not check the event streams’ sessions');
    }
  };

  const check = async (): Promise<void> => {
    if (running) {
      checkAgain = true;
      return running;
    }
    running = (async () => {
      do {
        checkAgain = false;
        const open = [...streams];
        if (open.length === 0) break;
        await closeEnded(open);
      } while (checkAgain);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return { check, settled: async () => void (await running) };
}

/** The hub's dispatch: each event once, to the read cache and to every stream whose user may see it. */
function dispatcher(streams: Set<EventStream>, checkSessions: () => Promise<void>, readCache: ReadCache<unknown>) {
  const dispatched = recentIds(4096);
  const deliver = (event: ChangeEvent) => {
    for (const stream of streams) {
      if (canSee(event.audience, { userId: stream.userId, role: stream.role })) stream.send(event);
    }
  };
  return (event: ChangeEvent) => {
    if (!dispatched.add(event.id)) return;
    readCache.apply(event);
    // A sign-out, a password change or a removed user: first close the streams that lost their
    // session ('signed-out'), so an ended session is never sent a change it could only answer with 401s.
    if (event.tags.includes('users')) void checkSessions().then(() => deliver(event));
    else deliver(event);
  };
}

/**
 * Listens on the database, replaying after a PostgreSQL reconnect what was committed meanwhile. The
 * read cache is used only while the listener hears every change: off while it is down, on again
 * (from empty) once the replay is done.
 */
async function listenForChanges(app: FastifyInstance, dispatch: (event: ChangeEvent) => void): Promise<Listener> {
  const onPayload = (payload: string) => {
    try {
      dispatch(JSON.parse(payload) as ChangeEvent);
    } catch (err) {
      app.log.warn({ err }, 'ignored a malformed change event');
    }
  };
  const replayMissed = async (droppedAt: Date) => {
    const missed = await eventsSince(app.db, {
      afterId: Number.MAX_SAFE_INTEGER,
      since: new Date(droppedAt.getTime() - COMMIT_SKEW_MS),
      limit: 10_000,
    });
    for (const event of missed) dispatch(event);
    app.readCache.setListening(true, (await latestEventId(app.db)) ?? 0);
  };
  const database = app.database;
  const listener =
    database.kind === 'postgres' && database.url
      ? await listenPostgres(database.url, app.log, onPayload, replayMissed, () => app.readCache.setListening(false))
      : await listenPglite(database, onPayload);
  app.readCache.setListening(true, (await latestEventId(app.db)) ?? 0);
  return listener;
}

async function eventsPlugin(app: FastifyInstance) {
  const streams = new Set<EventStream>();
  const sessions = sessionChecker(app, streams);
  const dispatch = dispatcher(streams, sessions.check, app.readCache);

  const purge = () =>
    purgeEventsBefore(app.db, new Date(Date.now() - EVENT_RETENTION_MS)).catch((err) =>
      app.log.warn({ err }, 'could not purge old change events'),
    );

  const hub: ChangeHub = {
    add: (stream) => void streams.add(stream),
    remove: (stream) => void streams.delete(stream),
    get size() {
      return streams.size;
    },
    dispatch,
    heartbeat: async () => {
      for (const stream of streams) stream.heartbeat();
      await sessions.check();
    },
    checkSessions: sessions.check,
    purge,
  };
  app.decorate('changeHub', hub);

  const listener = await listenForChanges(app, dispatch);
  await purge();
  const heartbeatTimer = setInterval(() => void hub.heartbeat(), HEARTBEAT_MS).unref();
  const purgeTimer = setInterval(() => void purge(), PURGE_EVERY_MS).unref();

  // Before the server stops accepting: end every stream (browsers reconnect, to another instance if
  // there is one), or the open responses would keep close() waiting.
  app.addHook('preClose', async () => {
    clearInterval(heartbeatTimer);
    clearInterval(purgeTimer);
    for (const stream of [...streams]) stream.close('shutting-down');
  });
  app.addHook('onClose', async () => {
    app.readCache.setListening(false);
    await sessions.settled();
    // A database that went away (or stopped, decision 060) does not keep the app from closing.
    await listener.close().catch((err) => app.log.warn({ err }, 'could not stop listening for changes'));
  });
}

export default fp(eventsPlugin, { name: 'events', dependencies: ['db', 'read-cache'] });
