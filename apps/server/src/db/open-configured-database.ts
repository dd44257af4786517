import path from 'node:path';
import type { Config } from '../config/env.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { lockEmbeddedDatabaseOrExit } from './embedded-database-lock.ts';

/**
 * For an entry point (the server, `npm run sync`): the database the configuration names,
 * PostgreSQL from DATABASE_URL or else the embedded one in DATA_DIR. The embedded one is
 * locked to this process first (PGlite does not notice a second process on its folder); a
 * second process gets a clear message and exit code 1. Closing also releases the lock.
 */
export async function openConfiguredDatabaseOrExit(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  holder: string,
): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return openDatabase({ engine: 'postgres', url: config.DATABASE_URL });
  const dataDir = path.join(config.DATA_DIR, 'pglite');
  const releaseLock = await lockEmbeddedDatabaseOrExit(dataDir, holder);
  const database = await openDatabase({ engine: 'pglite', dataDir });
  return {
    ...database,
    close: async () => {
      await database.close();
      await releaseLock();
    },
  };
}
