/**
 * Brings goals up to date once, from the FPL API or a folder of FPL CSV files.
 *   npm run sync [-- --source <FPL API base URL | folder>]   (default: STATS_SYNC_SOURCE)
 * Uses the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR), prints
 * what changed or why nothing did, and exits 0 when the goals are up to date, 1 otherwise.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { lockEmbeddedDatabaseOrExit } from '../db/embedded-database-lock.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { describeStatsSyncResult, isApiUrl, runStatsSync } from '../stats-sync/run-stats-sync.ts';

const { values } = parseArgs({ options: { source: { type: 'string' } } });

let config: ReturnType<typeof parseConfig>;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const givenSource = values.source ?? config.STATS_SYNC_SOURCE;
if (!givenSource) {
  console.error('Usage: npm run sync -- --source <FPL API base URL or folder> (or set STATS_SYNC_SOURCE)');
  process.exit(1);
}
// A folder is relative to where npm was run, not to the repository root.
const source = isApiUrl(givenSource)
  ? givenSource
  : path.resolve(process.env.INIT_CWD ?? process.cwd(), givenSource);

const pgliteDir = path.join(config.DATA_DIR, 'pglite');
const releaseLock = config.DATABASE_URL
  ? undefined
  : await lockEmbeddedDatabaseOrExit(pgliteDir, 'npm run sync');
const database = await openDatabase(
  config.DATABASE_URL
    ? { engine: 'postgres', url: config.DATABASE_URL }
    : { engine: 'pglite', dataDir: pgliteDir },
);
let exitCode = 1;
try {
  // The same start as the server's: migrations, then the committed seasons when they changed.
  await prepareDatabase(database);
  const result = await runStatsSync({ db: database.db, source, seasonId: config.SEASON_ID });
  const line = describeStatsSyncResult(source, result);
  if (result.status === 'ok') {
    console.log(line);
    exitCode = 0;
  } else {
    console.error(line);
  }
} finally {
  await database.close();
  await releaseLock?.();
}
process.exit(exitCode);
