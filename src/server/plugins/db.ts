// Makes the database and configuration available to every plugin and route.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
  }
}

async function dbPlugin(app: FastifyInstance, opts: { database: Database; config: Config }) {
  app.decorate('db', opts.database.db);
  app.decorate('database', opts.database);
  app.decorate('config', opts.config);
}

export default fp(dbPlugin, { name: 'db' });
