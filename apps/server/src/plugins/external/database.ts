import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    databaseEngine: DatabaseHandle['engine'];
  }
}

/**
 * Exposes the already-opened database as `fastify.db`. Whoever opened it closes it, after
 * `app.close()` has drained the requests that may still be using it.
 */
export const databasePlugin = fp<{ database: DatabaseHandle }>(
  async (fastify, { database }) => {
    fastify.decorate('db', database.db);
    fastify.decorate('databaseEngine', database.engine);
  },
  { name: 'db' },
);
