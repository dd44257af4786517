/**
 * Today's whole rebuild (`recomputeStandings`, everyone ranked after gameweek 38) on the spike's
 * population, for a figure of today's code under the same machine load as the spike's:
 * `SPIKE_DB=spike_10m node --import tsx apps/server/bench/spikes/stable-key/measure-today.ts`
 */
import { openDatabase } from '../../../src/db/database.ts';
import { findActiveSeason } from '../../../src/plugins/app/season/season-repository.ts';
import { recomputeStandings } from '../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { requestBoardRebuild } from '../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { AFTER_GAMEWEEK_38, load } from './spike-db.ts';

const name = process.env.SPIKE_DB ?? 'spike_1m';
if (!/^spike_\w+$/.test(name)) throw new Error('SPIKE_DB must start with spike_');
const database = await openDatabase({
  engine: 'postgres',
  url: `postgres://postgres@127.0.0.1:5432/${name}`,
});
const season = await findActiveSeason(database.db);
await requestBoardRebuild(database.db);
const phases: string[] = [];
const started = performance.now();
const result = await recomputeStandings({
  database,
  season,
  now: new Date(AFTER_GAMEWEEK_38),
  onPhase: (phase, elapsed) => phases.push(`${phase} ${(elapsed / 1000).toFixed(1)}`),
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `today's rebuild after gameweek 38: ${seconds} s, ${JSON.stringify(result)} [${phases.join(', ')}] (load ${load()})`,
);
await database.close();
