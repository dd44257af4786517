/**
 * Brings goals up to date once, from the FPL API or a folder of FPL CSV files.
 *   npm run sync [-- --source <FPL API base URL | folder>]   (default: STATS_SYNC_SOURCE)
 * Uses the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR), prints
 * what changed or why nothing did, and exits 0 when the goals are up to date, 1 otherwise.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfigOrExit } from '../config/env.ts';
import { openConfiguredDatabaseOrExit } from '../db/open-configured-database.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { describeStatsSyncResult, isApiUrl, runStatsSync } from '../plugins/app/stats-sync/run-stats-sync.ts';

const { values } = parseArgs({ options: { source: { type: 'string' } } });

const config = parseConfigOrExit(process.env);

const givenSource = values.source ?? config.STATS_SYNC_SOURCE;
if (!givenSource) {
  console.error('Usage: npm run sync -- --source <FPL API base URL or folder> (or set STATS_SYNC_SOURCE)');
  process.exit(1);
}
// A folder is relative to where npm was run, not to the repository root.
const source = isApiUrl(givenSource)
  ? givenSource
  : path.resolve(process.env.INIT_CWD ?? process.cwd(), givenSource);

const database = await openConfiguredDatabaseOrExit(config, 'npm run sync');
let exitCode = 1;
try {
  // The same start as the server's: migrations, then the committed seasons when they changed.
  await prepareDatabase(database);
  const result = await runStatsSync({ database, source, seasonId: config.SEASON_ID });
  const line = describeStatsSyncResult(source, result);
  if (result.status === 'ok') {
    console.log(line);
    exitCode = 0;
  } else {
    console.error(line);
  }
} finally {
  await database.close();
}
process.exit(exitCode);
