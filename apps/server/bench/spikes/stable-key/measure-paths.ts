/**
 * Measures 2 to 4 of the spike on the sparse per-goal key: the first board at gameweek 37, a live
 * goal of gameweek 38's most-picked scorer, the next three scorers' goals, the rest of the
 * gameweek caught up at once, and rank lookups and deep pages before and after.
 * `SPIKE_DB=spike_1m node --import tsx apps/server/bench/spikes/stable-key/measure-paths.ts`
 * (`keep` as an argument: the board already built is used as it is; the write paths' switches,
 * SPIKE_UNLOGGED, SPIKE_VACUUM, SPIKE_INDEX_MEMORY, SPIKE_BLOCKS, SPIKE_UPDATE_BY, are in
 * `write-paths.ts`; SPIKE_CHECK_BLOCKS=1 counts every block again at the end).
 */
import { checkBlocks } from './block-check.ts';
import { cutBlocks } from './blocks.ts';
import { readScorers, writeScorers } from './key-sql.ts';
import { assignMembers, BOARD_INDEXES, codeCountriesAndClubs, createMemberBoard } from './member-board.ts';
import { checkOrder } from './order-check.ts';
import { measureReads } from './reads.ts';
import { AFTER_GAMEWEEK_37, AFTER_GAMEWEEK_38, connect, relationMiB, timed } from './spike-db.ts';
import { catchUpGameweek, placeLiveGoals } from './write-paths.ts';

const client = await connect();
const other = await connect();
await client.query('create extension if not exists intarray');

if (process.argv[2] !== 'keep') {
  await timed('first board at gameweek 37 (numbered, keyed, indexed, blocks cut)', async () => {
    await timed('  members numbered', () => assignMembers(client));
    await codeCountriesAndClubs(client);
    const { scorers } = await readScorers(client, AFTER_GAMEWEEK_37);
    await writeScorers(client, scorers);
    await client.query('set jit = on');
    await timed('  keyed', () => createMemberBoard(client, 'spike_board'));
    await client.query('set jit = off');
    await timed('  indexed on two connections', () => {
      const [country, club, global, member] = BOARD_INDEXES('spike_board');
      return Promise.all([
        client.query(country ?? '').then(() => client.query(member ?? '')),
        other.query(club ?? '').then(() => other.query(global ?? '')),
      ]);
    });
    for (const name of [
      'spike_board',
      ...['country', 'club', 'global', 'member'].map((index) => `spike_board_${index}`),
    ]) {
      console.log(`  ${name}: ${await relationMiB(client, name)}`);
    }
    await client.query('vacuum analyze spike_board');
    await timed('  blocks cut', () => cutBlocks(client, 'spike_board'));
  });
}

// Gameweek 38's held goals by their scorers' pickers, the most-picked first (the bench's order).
const { rows: held } = await client.query<{ player_id: string; pickers: string }>(
  `select held.player_id, (select count(*) from picks where picks.player_id = held.player_id) as pickers
   from (select distinct player_id from goals where kickoff_at > $1) as held order by pickers desc, player_id`,
  [AFTER_GAMEWEEK_37],
);
const scorers = held.map((row) => row.player_id);
console.log(`held scorers' pickers: ${held.map((row) => row.pickers).join(', ')}`);
await measureReads(client, 'before the live goals');

await placeLiveGoals(
  client,
  "small: gameweek 38's most-picked scorer's goal",
  scorers.slice(0, 1),
  scorers.slice(0, 1),
);
await placeLiveGoals(
  client,
  'small: the next three scorers’ goals',
  scorers.slice(1, 4),
  scorers.slice(0, 4),
);
// An update that changes an indexed column is never HOT, whatever the table's fillfactor.
await client.query('select pg_stat_force_next_flush()');
const updates = await client.query(
  `select n_tup_upd, n_tup_hot_upd from pg_stat_user_tables where relname = 'spike_board'`,
);
console.log(`board rows updated by the live goals (HOT among them): ${JSON.stringify(updates.rows[0])}`);
await measureReads(client, 'after the live goals');
// The updated rows' old versions make index-only counts visit the table until a vacuum.
await timed('vacuum after the live goals', () => client.query('vacuum analyze spike_board'));
await measureReads(client, 'after the live goals and a vacuum');

// The rest but the least-picked scorer's goals, caught up at once (as the bench does).
const rest = scorers.slice(4, -1);
await catchUpGameweek([client, other], rest, scorers.slice(0, -1));
await measureReads(client, 'after the gameweek caught up');
console.log(`order after the bulk path: ${await checkOrder(client, 'spike_board', AFTER_GAMEWEEK_38, 5000)}`);
if (process.env.SPIKE_CHECK_BLOCKS === '1')
  console.log(`blocks after the bulk path: ${await checkBlocks(client)}`);
await client.end();
await other.end();
