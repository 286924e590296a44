// The database's state as this instance sees it (decision 060), for the error handler, readiness and
// /metrics: whether it answers (PostgreSQL down or restarting, or the embedded database stopped after a
// PANIC), and on the embedded database whether DATA_DIR has room. One log line when the database goes
// away and one when it is back; one when the disk runs short and one when it has room again. While
// DATA_DIR has less free space than DATA_DIR_MIN_FREE_MB every write is refused with 507 before it
// reaches the database: the embedded database keeps answering reads, and never meets a full disk while
// it writes its log (which would stop it).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type DatabaseFault,
  DEFAULT_MIN_FREE_MB,
  DISK_FULL_MESSAGE,
  databaseFault,
  EmbeddedDatabaseStopped,
} from '../db/faults.ts';
import { HttpError } from '../lib/http-error.ts';

export type DatabaseFaults = {
  /** False from a request's failure for want of the database until it answers again. */
  readonly reachable: boolean;
  /** A request failed for want of the database, or for a full disk: its fault, or null if neither. */
  noticed(err: unknown): DatabaseFault | null;
  /** The database answered (a readiness or health check): reachable again. */
  answered(): void;
  /** The embedded database's DATA_DIR: its free bytes and whether that is above the floor; null on PostgreSQL. */
  disk(): { freeBytes: number; minFreeBytes: number; room: boolean } | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    databaseFaults: DatabaseFaults;
  }
}

const MB = 1024 * 1024;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Long: the three states (reachable, stopped, room) and the four things that read or change them, side by side.
async function databaseFaultsPlugin(app: FastifyInstance) {
  const { database } = app;
  let reachable = true;
  let stopped = false;
  let room = true;
  // Read at each check: a test lowers it to let a write meet the full disk itself.
  const minFreeBytes = () => (app.config.dataDirMinFreeMb ?? DEFAULT_MIN_FREE_MB) * MB;

  const back = () => {
    if (reachable || stopped) return;
    reachable = true;
    app.log.info('the database answers again: requests that need it are served');
  };
  database.onConnect(back);
  database.onFatal(() => {
    stopped = true;
    reachable = false;
  });

  const disk = () => {
    if (!database.freeBytes) return null;
    const free = database.freeBytes();
    const floor = minFreeBytes();
    const hasRoom = free >= floor;
    if (hasRoom !== room) {
      room = hasRoom;
      const where = `DATA_DIR (${app.config.dataDir}) has ${Math.floor(free / MB)} MB free`;
      if (room) app.log.info(`${where} again: writes are taken again`);
      else {
        app.log.warn(
          `${where}, less than the ${floor / MB} MB the embedded database keeps in reserve: every write answers 507 until space is freed; reads go on`,
        );
      }
    }
    return { freeBytes: free, minFreeBytes: floor, room: hasRoom };
  };

  app.decorate('databaseFaults', {
    get reachable() {
      return reachable;
    },
    noticed(err: unknown) {
      const fault = databaseFault(err);
      if (fault === 'unavailable' && reachable) {
        reachable = false;
        const reason = err instanceof EmbeddedDatabaseStopped ? err.reason : err;
        app.log.error(
          { err: reason },
          'the database is unreachable: requests that need it answer 503 until it answers again',
        );
      }
      return fault;
    },
    answered: back,
    disk,
  } satisfies DatabaseFaults);

  // The embedded database: a write with too little room left is refused before it starts.
  if (database.freeBytes) {
    app.addHook('onRequest', async (request) => {
      if (READS.has(request.method) || !request.url.startsWith('/api/')) return;
      if (!disk()?.room) throw new HttpError(507, DISK_FULL_MESSAGE);
    });
  }
}

export default fp(databaseFaultsPlugin, { name: 'database-faults', dependencies: ['db'] });
