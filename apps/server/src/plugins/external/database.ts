import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The handle behind `db`: its engine, and connections of their own for bulk work. */
    database: DatabaseHandle;
  }
}

/**
 * Exposes the already-opened database as `fastify.db`, and its handle as `fastify.database`.
 * Whoever opened it closes it, after `app.close()` has drained the requests that may still be
 * using it.
 */
export const databasePlugin = fp<{ database: DatabaseHandle }>(
  async (fastify, { database }) => {
    fastify.decorate('db', database.db);
    fastify.decorate('database', database);
  },
  { name: 'db' },
);
