/**
 * The two write paths on a board keyed by the sparse per-goal key (`spike_board`, built at
 * gameweek 37 by `measure-paths.ts`): a live goal's pickers re-keyed in one transaction, and a
 * gameweek caught up at once by a new table of the unchanged rows and the re-keyed movers.
 */
import type pg from 'pg';
import { cutBlocks, moveBlockCounts } from './blocks.ts';
import { bucketSql, goalsKeySql, ordSql, readScorers, scorerJoins, writeScorers } from './key-sql.ts';
import { AFTER_GAMEWEEK_37, SEASON, timed } from './spike-db.ts';

/** The board's indexes: the three orders and the member's row; the longest first. */
export const BOARD_INDEXES = (table: string) => [
  `create index ${table}_country on ${table} (country, ord)`,
  `create index ${table}_club on ${table} (club, ord)`,
  `create unique index ${table}_global on ${table} (ord)`,
  `create unique index ${table}_user on ${table} (user_id)`,
];

/**
 * The movers of `scorers`' goals, re-keyed with the goals counted: old and new order columns.
 * Driven from the scorers' picks (their index) and the board, so that a few thousand pickers do
 * not cost a scan of every profile.
 */
async function keyMovers(
  client: pg.ClientBase,
  movers: string,
  scorers: string[],
  live: string[],
): Promise<number> {
  const { scorers: scored } = await readScorers(client, AFTER_GAMEWEEK_37, live);
  await writeScorers(client, scored);
  await client.query(`drop table if exists ${movers}`);
  const result = await client.query(`create temporary table ${movers} as
    select *, ${ordSql('new_bucket', 'new_key', 'toss', 'user_id')} as new_ord from (
    select old.user_id, old.country, old.club, old.toss, old.ord as old_ord,
      ${bucketSql} as new_bucket, ${goalsKeySql} as new_key
    from (select distinct user_id from picks where season_id = '${SEASON}'
        and player_id = any('{${scorers.join(',')}}'::uuid[])) as picker
    join spike_board as old on old.user_id = picker.user_id collate "C"
    join squads as squad on squad.season_id = '${SEASON}' and squad.user_id = picker.user_id
    ${scorerJoins}) as mover`);
  return result.rowCount ?? 0;
}

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
    const { result: movers } = await timed('  re-keyed', () =>
      keyMovers(client, 'spike_movers', scorers, live),
    );
    const { result: blocks } = await timed('  block counts moved', () =>
      moveBlockCounts(client, 'spike_movers'),
    );
    await timed('  board rows updated', () =>
      client.query(`update spike_board as board set bucket = mover.new_bucket, key = mover.new_key, ord = mover.new_ord
        from spike_movers as mover where board.user_id = mover.user_id`),
    );
    await timed('  committed', () => client.query('commit'));
    console.log(`  ${movers} members re-keyed, ${blocks} block counts moved`);
  });
}

/**
 * The unchanged rows and the re-keyed movers appended in no order: the index builds sort anyway.
 * (Written in the global order, PostgreSQL sorted every row: it merges a union's
 * sorted halves only when each is one table, and leaving the movers out takes a join.)
 */
async function mergeIntoNewTable(client: pg.ClientBase): Promise<void> {
  await client.query('analyze spike_bulk_movers');
  await client.query(`create table spike_board_next as
    select board.user_id, board.country, board.club, board.bucket, board.key, board.toss, board.ord
    from spike_board as board
    where not exists (select from spike_bulk_movers as mover where mover.user_id = board.user_id)
    union all
    select user_id, country, club, new_bucket, new_key, toss, new_ord from spike_bulk_movers`);
}

/** SPIKE_FUSED=1: the movers found by their squads and re-keyed in the statement that writes the new table. */
const FUSED = process.env.SPIKE_FUSED === '1';

async function rekeyIntoNewTable(client: pg.ClientBase, scorers: string[], live: string[]): Promise<void> {
  const { scorers: scored } = await readScorers(client, AFTER_GAMEWEEK_37, live);
  await writeScorers(client, scored);
  const result = await client.query(`create table spike_board_next as
    select board.user_id, board.country, board.club, coalesce(mover.bucket, board.bucket) as bucket,
      coalesce(mover.key, board.key) as key, board.toss,
      case when mover.user_id is null then board.ord
        else ${ordSql('mover.bucket', 'mover.key', 'board.toss', 'board.user_id')} end as ord
    from spike_board as board left join (
      select squad.user_id collate "C" as user_id, ${bucketSql} as bucket, ${goalsKeySql} as key
      from squads as squad ${scorerJoins}
      where squad.season_id = '${SEASON}' and squad.player_ids && '{${scorers.join(',')}}'::uuid[]) as mover
    on mover.user_id = board.user_id`);
  console.log(`  ${result.rowCount} rows written`);
}

/**
 * The bulk path: every goal of `live` counted at once: the movers (pickers of `scorers`) re-keyed,
 * the unchanged rows and the movers written in order into a new table, its indexes built on two
 * connections, the blocks cut again, and the new table swapped in.
 */
export async function catchUpGameweek(
  clients: pg.ClientBase[],
  scorers: string[],
  live: string[],
): Promise<void> {
  const [client, other] = clients;
  if (!client || !other) throw new Error('Two connections');
  const started = performance.now();
  await client.query('drop table if exists spike_board_next');
  if (FUSED) {
    await timed('bulk: movers re-keyed and written with the unchanged rows, one statement', () =>
      rekeyIntoNewTable(client, scorers, live),
    );
  } else {
    const { result: movers } = await timed('bulk: movers re-keyed', () =>
      keyMovers(client, 'spike_bulk_movers', scorers, live),
    );
    console.log(`  ${movers} movers`);
    await timed('bulk: unchanged rows and movers appended into a new table', () => mergeIntoNewTable(client));
  }
  await timed('bulk: indexes built on two connections', async () => {
    const [longest, second, third, fourth] = BOARD_INDEXES('spike_board_next');
    await Promise.all([
      (async () => {
        await client.query(longest ?? '');
        await client.query(fourth ?? '');
      })(),
      (async () => {
        await other.query(second ?? '');
        await other.query(third ?? '');
      })(),
    ]);
  });
  await timed('bulk: blocks counted again from the new table', async () => {
    await client.query('vacuum analyze spike_board_next');

    await cutBlocks(client, 'spike_board_next', 'spike_blocks_next');
  });
  await timed('bulk: swapped in', async () => {
    await client.query('begin');
    await client.query('drop table spike_board, spike_blocks');
    await client.query('alter index spike_blocks_next_pkey rename to spike_blocks_pkey');
    await client.query('alter table spike_board_next rename to spike_board');
    await client.query('alter table spike_blocks_next rename to spike_blocks');
    for (const index of ['country', 'club', 'global', 'user']) {
      await client.query(`alter index spike_board_next_${index} rename to spike_board_${index}`);
    }
    await client.query('commit');
  });
  console.log(`bulk: ${((performance.now() - started) / 1000).toFixed(2)} s in all`);
}
