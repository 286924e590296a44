// Makes the database and configuration available to every plugin and route, and gives each request
// its database handle: for a mutation, one carrying the request's write context (lib/write-context.ts),
// which the audit, idempotency and read-cache plugins fill and every transaction on the handle carries.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { newWriteContext, type WriteContext, writingWith } from '../lib/write-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
  }
  interface FastifyRequest {
    /** The database for this request's handler and services: a mutation's carries `write`. */
    db: Db;
    /** A mutation's write context (who, audit action, idempotency claim, changes announced); null on a read. */
    write: WriteContext | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function dbPlugin(app: FastifyInstance, opts: { database: Database; config: Config }) {
  const { db } = opts.database;
  app.decorate('db', db);
  app.decorate('database', opts.database);
  app.decorate('config', opts.config);
  app.decorateRequest('db', null as unknown as Db);
  app.decorateRequest('write', null);
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method)) {
      request.db = db;
      return;
    }
    request.write = newWriteContext();
    request.db = writingWith(db, request.write);
  });
}

export default fp(dbPlugin, { name: 'db' });
