/**
 * The bulk path alone, again, on the board `measure-paths.ts` left (gameweek 38 caught up: the
 * same movers re-keyed to the same keys, so the same work), with the write paths' switches
 * (`write-paths.ts`), then the reads; with SPIKE_VACUUM=analyze, the reads again after a vacuum:
 * `SPIKE_DB=spike_1m SPIKE_VACUUM=analyze node --import tsx apps/server/bench/spikes/stable-key/measure-bulk.ts`
 */

import { BOARD_INDEX_NAMES } from './member-board.ts';
import { measureReads } from './reads.ts';
import { AFTER_GAMEWEEK_37, connect, relationMiB, timed } from './spike-db.ts';
import { catchUpGameweek } from './write-paths.ts';

const client = await connect();
const other = await connect();
const { rows: held } = await client.query<{ player_id: string; pickers: string }>(
  `select held.player_id, (select count(*) from picks where picks.player_id = held.player_id) as pickers
   from (select distinct player_id from goals where kickoff_at > $1) as held order by pickers desc, player_id`,
  [AFTER_GAMEWEEK_37],
);
const scorers = held.map((row) => row.player_id);
console.log(
  `switches: ${['SPIKE_UNLOGGED', 'SPIKE_VACUUM', 'SPIKE_INDEX_MEMORY', 'SPIKE_BLOCKS', 'SPIKE_SWAP'].map((name) => `${name}=${process.env[name] ?? ''}`).join(' ')}`,
);
await catchUpGameweek([client, other], scorers.slice(4, -1), scorers.slice(0, -1));
if (process.env.SPIKE_SWAP !== '0') {
  for (const name of ['spike_board', ...BOARD_INDEX_NAMES.map((index) => `spike_board_${index}`)]) {
    console.log(`  ${name}: ${await relationMiB(client, name)}`);
  }
  await measureReads(client, `after the bulk path (${process.env.SPIKE_VACUUM ?? 'vacuum'})`);
  if (process.env.SPIKE_VACUUM === 'analyze') {
    await timed('vacuum afterwards', () => client.query('vacuum spike_board'));
    await measureReads(client, 'after the bulk path and a vacuum');
  }
}
await client.end();
await other.end();
