/**
 * The two write paths on a board keyed by the sparse per-goal key (`spike_board`, built at
 * gameweek 37 by `measure-paths.ts`): a live goal's pickers re-keyed in one transaction, and a
 * gameweek caught up at once by a new table of the unchanged rows and the re-keyed movers.
 */
import type pg from 'pg';
import { moveBlockCounts, recountBlocks, splitSwollenBlocks } from './blocks.ts';
import { bucketSql, goalsKeySql, readScorers, scorerJoins, writeScorers } from './key-sql.ts';
import { BOARD_INDEX_NAMES, BOARD_INDEXES, rekeyedOrdSql } from './member-board.ts';
import { AFTER_GAMEWEEK_37, SEASON, timed } from './spike-db.ts';

/**
 * The movers of `scorers`' goals, re-keyed with the goals counted: old and new `ord` and where
 * the row lies. Driven from the scorers' picks (their index), so that a few thousand pickers do
 * not cost a scan of every profile.
 */
async function keyMovers(client: pg.ClientBase, scorers: string[], live: string[]): Promise<number> {
  const { scorers: scored } = await readScorers(client, AFTER_GAMEWEEK_37, live);
  await writeScorers(client, scored);
  await client.query('drop table if exists spike_movers');
  const result = await client.query(`create temporary table spike_movers as
    select old.ctid as row_id, old.member, old.country, old.club, old.ord as old_ord,
      ${rekeyedOrdSql(bucketSql, goalsKeySql, 'old.ord')} as new_ord
    from (select distinct user_id from picks where season_id = '${SEASON}'
        and player_id = any('{${scorers.join(',')}}'::uuid[])) as picker
    join spike_members as numbered on numbered.user_id = picker.user_id collate "C"
    join spike_board as old on old.member = numbered.member
    join squads as squad on squad.season_id = '${SEASON}' and squad.user_id = picker.user_id
    ${scorerJoins}`);
  return result.rowCount ?? 0;
}

/**
 * SPIKE_UPDATE_BY=member: the board rows found by their member number (its index) rather than
 * where they lie (`ctid`, read in the same transaction, under the standings' lock).
 */
const UPDATE_BY = process.env.SPIKE_UPDATE_BY === 'member' ? 'member' : 'row_id';

/**
 * The small path: `scorers`' goals (all of `live`'s counting now) in one transaction: their
 * pickers re-keyed on the board and the block counts of the three boards moved.
 */
export async function placeLiveGoals(
  client: pg.ClientBase,
  label: string,
  scorers: string[],
  live: string[],
) {
  await timed(label, async () => {
    await client.query('begin');
    const { result: movers } = await timed('  re-keyed', () => keyMovers(client, scorers, live));
    const { result: blocks } = await timed('  block counts moved', () =>
      moveBlockCounts(client, 'spike_movers'),
    );
    const match = UPDATE_BY === 'member' ? 'board.member = mover.member' : 'board.ctid = mover.row_id';
    await timed(`  board rows updated (by ${UPDATE_BY})`, () =>
      client.query(
        `update spike_board as board set ord = mover.new_ord from spike_movers as mover where ${match}`,
      ),
    );
    await timed('  committed', () => client.query('commit'));
    console.log(`  ${movers} members re-keyed, ${blocks} block counts moved`);
  });
}

/** SPIKE_UNLOGGED=1: the new table unlogged, as today's rebuilt tables are (decision 019). */
const NEW_TABLE = process.env.SPIKE_UNLOGGED === '1' ? 'create unlogged table' : 'create table';

/**
 * The movers found by their squads and re-keyed in the statement that writes the new table; a
 * mover's old `ord` is kept in `old_ord` (null for everyone else, which costs no byte: the
 * row's null bitmap fits in its header's padding) for the block counts.
 */
async function rekeyIntoNewTable(client: pg.ClientBase, scorers: string[], live: string[]): Promise<void> {
  const { scorers: scored } = await readScorers(client, AFTER_GAMEWEEK_37, live);
  await writeScorers(client, scored);
  // The movers' hash table (1.4 million at ten million players) in memory, not in batches on
  // disk: today's rebuild counts with the same 256 MB.
  await client.query(`set work_mem = '256MB'`);
  const result = await client.query(`${NEW_TABLE} spike_board_next as
    select board.user_id, board.member, board.country, board.club,
      coalesce(${rekeyedOrdSql('mover.bucket', 'mover.key', 'board.ord')}, board.ord) as ord,
      case when mover.user_id is not null then board.ord end as old_ord
    from spike_board as board left join (
      select squad.user_id collate "C" as user_id, ${bucketSql} as bucket, ${goalsKeySql} as key
      from squads as squad ${scorerJoins}
      where squad.season_id = '${SEASON}' and squad.player_ids && '{${scorers.join(',')}}'::uuid[]) as mover
    on mover.user_id = board.user_id`);
  await client.query(`set work_mem = '64MB'`);
  console.log(`  ${result.rowCount} rows written`);
}

/** SPIKE_BLOCKS=recount: every block counted again over its key range instead of moved by the movers. */
const BLOCKS = process.env.SPIKE_BLOCKS === 'recount' ? 'recount' : 'deltas';

/** The blocks copied (their starts stay valid: the unchanged rows keep their `ord`). */
async function copyBlocks(client: pg.ClientBase): Promise<void> {
  await client.query('drop table if exists spike_blocks_next');
  await client.query(`create table spike_blocks_next (board text collate "C" not null, ord bytea not null,
    members int not null, primary key (board, ord))`);
  await client.query('insert into spike_blocks_next select * from spike_blocks');
}

/** The block counts copied and moved by the movers' deltas. */
async function moveNextBlockCounts(client: pg.ClientBase): Promise<void> {
  await copyBlocks(client);
  await client.query('drop table if exists spike_bulk_moves');
  const moves = await client.query(`create temporary table spike_bulk_moves as
    select country, club, old_ord, ord as new_ord from spike_board_next where old_ord is not null`);
  await client.query('analyze spike_bulk_moves');
  const moved = await moveBlockCounts(client, 'spike_bulk_moves', 'spike_blocks_next');
  console.log(`  ${moves.rowCount} movers, ${moved} block counts moved`);
}

/** SPIKE_VACUUM: `vacuum` (the default: index-only counts need the visibility map), `analyze` or `none`. */
const VACUUM = process.env.SPIKE_VACUUM ?? 'vacuum';

/** The new table's visibility map (for index-only counts) and statistics, timed apart. */
async function vacuumNewTable(client: pg.ClientBase): Promise<void> {
  // A snapshot older than the new table (an autovacuum's analyze of another table) keeps
  // vacuum from marking its pages all visible: then it is vacuumed again, and timed.
  for (let pass = 1; VACUUM === 'vacuum' && pass <= 3; pass += 1) {
    await timed(`  vacuum, pass ${pass}`, () => client.query('vacuum spike_board_next'));
    const { rows } = await client.query<{ pages: number; visible: number }>(
      `select relpages as pages, relallvisible as visible from pg_class where relname = 'spike_board_next'`,
    );
    console.log(`  pages all visible: ${rows[0]?.visible} of ${rows[0]?.pages}`);
    if ((rows[0]?.visible ?? 0) >= (rows[0]?.pages ?? 0)) break;
  }
  if (VACUUM !== 'none') await timed('  analyze', () => client.query('analyze spike_board_next'));
}

/** SPIKE_INDEX_MEMORY=4MB: each index build with that memory and no extra workers, as today's rebuild. */
async function buildIndexes(clients: [pg.ClientBase, pg.ClientBase]): Promise<void> {
  const memory = process.env.SPIKE_INDEX_MEMORY;
  for (const connection of clients) {
    if (!memory) continue;
    await connection.query(`set maintenance_work_mem = '${memory}'`);
    await connection.query('set max_parallel_maintenance_workers = 0');
  }
  const [longest, second, third, fourth] = BOARD_INDEXES('spike_board_next');
  await Promise.all([
    clients[0].query(longest ?? '').then(() => clients[0].query(fourth ?? '')),
    clients[1].query(second ?? '').then(() => clients[1].query(third ?? '')),
  ]);
}

/** Swaps the new table and blocks in (SPIKE_SWAP=0: drops them instead, to run the path again). */
async function swapIn(client: pg.ClientBase): Promise<void> {
  if (process.env.SPIKE_SWAP === '0') {
    await client.query('drop table spike_board_next, spike_blocks_next');
    return;
  }
  await client.query('begin');
  await client.query('drop table spike_board, spike_blocks');
  await client.query('alter table spike_board_next drop column old_ord');
  await client.query('alter index spike_blocks_next_pkey rename to spike_blocks_pkey');
  await client.query('alter table spike_board_next rename to spike_board');
  await client.query('alter table spike_blocks_next rename to spike_blocks');
  for (const index of BOARD_INDEX_NAMES) {
    await client.query(`alter index spike_board_next_${index} rename to spike_board_${index}`);
  }
  await client.query('commit');
}

/**
 * The bulk path: every goal of `live` counted at once: the movers (pickers of `scorers`)
 * re-keyed and written with the unchanged rows into a new table, the block counts moved by the
 * movers (beside the new table's vacuum, on the other connection), its indexes built on two
 * connections, only the swollen blocks cut again, and the new table swapped in.
 */
export async function catchUpGameweek(clients: pg.ClientBase[], scorers: string[], live: string[]) {
  const [client, other] = clients;
  if (!client || !other) throw new Error('Two connections');
  const started = performance.now();
  await client.query('drop table if exists spike_board_next');
  await timed('bulk: movers re-keyed and written with the unchanged rows, one statement', () =>
    rekeyIntoNewTable(client, scorers, live),
  );
  const counts = BLOCKS === 'deltas' ? () => moveNextBlockCounts(other) : () => copyBlocks(other);
  await timed(
    `bulk: block counts ${BLOCKS === 'deltas' ? 'moved' : 'copied'} (other connection) beside ${VACUUM}`,
    () => Promise.all([timed('  block counts', counts), vacuumNewTable(client)]),
  );
  await timed('bulk: indexes built on two connections', () => buildIndexes([client, other]));
  if (BLOCKS === 'recount') {
    await timed('bulk: blocks counted again over their key ranges, on two connections', () =>
      Promise.all([
        recountBlocks(client, 'spike_board_next', 'spike_blocks_next', 'global').then(() =>
          recountBlocks(client, 'spike_board_next', 'spike_blocks_next', 'club'),
        ),
        recountBlocks(other, 'spike_board_next', 'spike_blocks_next', 'country'),
      ]),
    );
  }
  await timed('bulk: swollen blocks cut again', async () => {
    console.log(`  ${await splitSwollenBlocks(client, 'spike_board_next', 'spike_blocks_next')} blocks cut`);
    await client.query('analyze spike_blocks_next');
  });
  await timed('bulk: swapped in', () => swapIn(client));
  console.log(`bulk: ${((performance.now() - started) / 1000).toFixed(2)} s in all`);
}
