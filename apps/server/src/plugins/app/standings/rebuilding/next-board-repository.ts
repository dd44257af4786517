import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../../../db/database.ts';
import { searchKeySql } from '../../../../db/name-folding.ts';
import { POSITION_STRIDE, standingsMemberChanges } from '../../../../db/schema/index.ts';
import type { REBUILT_TABLES } from '../model.ts';
import { type BoardScoring, scoredMembers, setRankingSettings } from './board-scoring-repository.ts';
import { dropReplacedBoard, seasonLiteral } from './board-swap-repository.ts';

/**
 * The whole board ranked into `standings_next`, and its shape checked. In a board rebuild
 * (recompute-standings.ts) the stored tables `standings`, `standings_rank_blocks` and
 * `league_standings` are replaced whole by `<table>_next`, built beside them. The rebuild's
 * statements (this folder's repositories) take the db of the operation's own connection where a
 * session matters (the lock, the table being loaded).
 *
 * The new tables are unlogged: nothing they hold is written to the write-ahead log a second
 * time, gigabytes a re-rank at ten million players (figures: docs/benchmarks/standings.md).
 * Everything in them is computed from logged tables: a crash of the database empties them (not a clean
 * restart), and the next check rebuilds the board (`isBoardLostSql`). Physical standbys do not
 * get them: a server reading from one would have to rank on its own.
 */

/** Drops what a rebuild cut off halfway left. */
export async function dropLeftovers(db: Database): Promise<void> {
  for (const table of [
    'standings_next',
    'standings_changes_covered',
    'standings_movers',
    'standings_merge_buckets',
  ]) {
    await db.execute(sql.raw(`drop table if exists ${table}`));
  }
  await dropReplacedBoard(db);
}

/**
 * The season's new board as a fresh `standings_next` (one left by a rebuild cut off halfway is
 * dropped), scored and ranked by the database in one statement, then the other seasons' rows
 * copied as they are, so that no member leaves it (at ten million players, reading them into the
 * server took most of a recompute):
 * - a member is anyone whose onboarding is complete (name, country and club known), with or
 *   without a squad; the squad's total and goal-date limbs are the sums of its footballers'
 *   among `footballers` (the others have not scored), read from its `squads` row: one row per
 *   squad, slot by slot, costs a fraction of grouping four picks per squad;
 * - the status is the domain's `squadStatus`: bust over `goalTarget`, else going bust with no
 *   squad or a pick without a goal (bust once the season is over), else safe;
 * - the order is the domain's `rankingColumns`: group, goals (more first, fewer among the bust),
 *   the goal-date limbs one by one (larger first), the coin toss (`coinTossKey`: the first 32
 *   bits of the MD5 of `season:user`) and the user id; the columns before the coin toss are
 *   sorted as the one byte string of `rankingKey` (a dozen limbs or more by the season's end:
 *   compared column by column, they were slower to sort); the brute-force test of the
 *   stored ranks holds all of this to the rules;
 * - the position numbers that order (`rebuiltPosition`), and the rows are stored in it (one
 *   sort serves both), so a board's page reads neighbouring rows and its index is built from rows
 *   in order; every board (the global one, a country's or club's: that order restricted to its
 *   members) is numbered from the rank blocks (`countNextBoard`) rather than by more sorts of
 *   every member here.
 * The sort spills to disk past `work_mem`, so the memory it takes is bounded.
 */
export async function rankNextBoard(db: Database, options: BoardScoring): Promise<void> {
  const { seasonId } = options;
  await dropLeftovers(db);
  await db.transaction(
    async (tx) => {
      await setRankingSettings(tx);
      // The order's columns are the member subquery's own, so that the statement's last ORDER BY
      // (rows stored in rank order) is the numbering's sort and needs none of its own.
      const orderColumns = sql.raw('rank_key, coin_toss, user_id');
      // The member changes this snapshot holds (the ranking below reads the same one): the swap
      // settles them, and those made since are placed on the new board (settleCoveredChanges).
      await tx.execute(sql`create table standings_changes_covered as
      select ${standingsMemberChanges.userId} as user_id, ${standingsMemberChanges.seq} as seq
      from ${standingsMemberChanges}`);
      // A new table from a query, unlike an insert, may be filled by a parallel plan: the squads
      // are scored and the global order sorted by two processes, quicker (decision 005). Columns in the stored table's order and types.
      await tx.execute(sql`create unlogged table standings_next as
      select ${seasonId}::text as season_id, user_id, status, total_goals,
        row_number() over (order by ${orderColumns}) * ${POSITION_STRIDE}::bigint - ${POSITION_STRIDE / 2}::bigint as position,
        full_name, country, club, ${searchKeySql(sql.raw('full_name'))} collate "C" as search_name
      from ${scoredMembers(options)} as ranked
      order by ${orderColumns}`);
    },
    { isolationLevel: 'repeatable read' },
  );
  await completeNextBoard(db, seasonId);
}

/**
 * Gives `standings_next` the rest of the stored table's shape (its NOT NULL columns) and its
 * season's partition constraint. A table made from a query has only the query's columns: should
 * they ever differ from the stored table's (a migration added one), the rebuild stops here rather
 * than swap in a board without it.
 */
export async function completeNextBoard(db: Database, seasonId: string): Promise<void> {
  const columns = await selectRows<{
    table_name: string;
    shape: string;
    is_nullable: string;
    column_name: string;
  }>(
    db,
    sql`select table_name, column_name, is_nullable,
        concat_ws(' ', column_name, data_type, collation_name, column_default) as shape
      from information_schema.columns
      where table_schema = current_schema() and table_name in ('standings', 'standings_next')
      order by table_name, ordinal_position`,
  );
  const shapeOf = (table: string) =>
    columns
      .filter((column) => column.table_name === table)
      .map((column) => column.shape)
      .join(', ');
  if (shapeOf('standings') !== shapeOf('standings_next')) {
    throw new Error(
      `The rebuilt board's columns (${shapeOf('standings_next')}) are not the stored board's (${shapeOf('standings')})`,
    );
  }
  const required = columns.filter(
    (column) => column.table_name === 'standings' && column.is_nullable === 'NO',
  );
  if (required.length > 0) {
    const setNotNull = required
      .map((column) => `alter column "${column.column_name}" set not null`)
      .join(', ');
    await db.execute(sql.raw(`alter table standings_next ${setNotNull}`));
  }
  await constrainToSeason(db, 'standings', seasonId);
}

/**
 * A check that `<table>_next` holds the season's rows only, which the swap's attach as the
 * season's partition then trusts rather than reading every row to make sure.
 */
export async function constrainToSeason(
  db: Database,
  table: (typeof REBUILT_TABLES)[number],
  seasonId: string,
): Promise<void> {
  await db.execute(
    sql.raw(
      `alter table ${table}_next add constraint ${table}_next_season check (season_id = '${seasonLiteral(seasonId)}')`,
    ),
  );
}
