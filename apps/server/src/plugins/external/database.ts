import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    databaseEngine: DatabaseHandle['engine'];
  }
}

export interface DatabasePluginOptions {
  database: DatabaseHandle;
  /** Close the database when the app closes (false when the caller owns it, as tests do). */
  closeOnShutdown: boolean;
}

/** Exposes the already-opened database as `fastify.db`. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (fastify, { database, closeOnShutdown }) => {
    fastify.decorate('db', database.db);
    fastify.decorate('databaseEngine', database.engine);
    if (closeOnShutdown) fastify.addHook('onClose', () => database.close());
  },
  { name: 'db' },
);
