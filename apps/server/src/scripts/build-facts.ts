/**
 * Imports a season from FPL CSV data and writes its committed facts file.
 *   npm run data:build -- --from ../shared/data/fpl [--season 2025-26]
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatSeasonFacts, readSeasonConfig, seasonDataDir } from '../plugins/app/season/bundled-seasons.ts';
import { ImportError } from '../plugins/app/season/import-error.ts';
import { previousSeasonId, readFplSeason } from '../plugins/app/season/read-fpl-season.ts';

const { values } = parseArgs({
  options: { from: { type: 'string' }, season: { type: 'string', default: '2025-26' } },
});
if (!values.from) {
  console.error(
    'Usage: npm run data:build -- --from <folder with one sub-folder per season> [--season 2025-26]',
  );
  process.exit(2);
}

const seasonId = values.season;
const fromDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from);
const previousDir = path.join(fromDir, previousSeasonId(seasonId));
try {
  const facts = await readFplSeason({
    seasonDir: path.join(fromDir, seasonId),
    previousSeasonDir: existsSync(previousDir) ? previousDir : undefined,
    season: await readSeasonConfig(seasonId),
  });
  const target = path.join(seasonDataDir(seasonId), 'facts.json');
  await writeFile(target, formatSeasonFacts(facts));
  console.log(
    `Wrote ${target}: ${facts.clubs.length} clubs, ${facts.players.length} players, ${facts.goals.length} goal rows.`,
  );
} catch (error) {
  if (error instanceof ImportError) {
    console.error(`Import refused: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
