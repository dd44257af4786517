/**
 * What a live goal's row updates cost per index the board keeps: the most-picked held scorer's
 * pickers' rows given a new `ord` (one byte longer, so no update can be HOT), in a transaction
 * rolled back, with every index, then with some dropped inside the same transaction:
 * `SPIKE_DB=spike_1m node --import tsx apps/server/bench/spikes/stable-key/measure-update.ts`
 */
import { AFTER_GAMEWEEK_37, connect, SEASON, timed } from './spike-db.ts';

const client = await connect();
const { rows } = await client.query<{ player_id: string }>(
  `select player_id from (select distinct player_id from goals where kickoff_at > $1) as held
   order by (select count(*) from picks where picks.player_id = held.player_id) desc, player_id limit 1`,
  [AFTER_GAMEWEEK_37],
);
await client.query(
  `create temporary table spike_update_rows as
  select board.ctid as row_id from (select distinct user_id from picks
    where season_id = '${SEASON}' and player_id = $1) as picker
  join spike_members as numbered on numbered.user_id = picker.user_id collate "C"
  join spike_board as board on board.member = numbered.member`,
  [rows[0]?.player_id],
);
const variants: [string, string[]][] = [
  ['every index (country, club, global, member)', []],
  ['without the member index', ['spike_board_member']],
  ['with the global index only', ['spike_board_member', 'spike_board_country', 'spike_board_club']],
];
for (const [label, dropped] of variants) {
  await client.query('begin');
  for (const index of dropped) await client.query(`drop index ${index}`);
  const { result } = await timed(`rows updated, ${label}`, () =>
    client.query(`update spike_board as board set ord = board.ord || '\\x00'::bytea
      from spike_update_rows as mover where board.ctid = mover.row_id`),
  );
  console.log(`  ${result.rowCount} rows`);
  await client.query('rollback');
}
await client.end();
