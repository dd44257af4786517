import { sql } from 'drizzle-orm';
import { type Database, selectRows, type Transaction } from '../../../../db/database.ts';
import { standingsMemberChanges } from '../../../../db/schema/index.ts';
import { type BoardScoring, scoredMembers } from '../member-scoring-repository.ts';
import type { REBUILT_TABLES } from '../model.ts';
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
  for (const table of ['standings_next', 'standings_changes_covered', 'standings_movers']) {
    await db.execute(sql.raw(`drop table if exists ${table}`));
  }
  await dropReplacedBoard(db);
}

/**
 * The season's new board as a fresh `standings_next` (one left by a rebuild cut off halfway is
 * dropped), scored by the database in one statement (`scoredMembers`: every member's status,
 * goals and `ord`) and stored in `ord` order, with each row's place in that order (`place`, for
 * the rank blocks, `countNextBoard`; dropped before the swap). One sort serves both, and the
 * board's indexes are built from rows in order. The sort spills to disk past `work_mem`, so the
 * memory it takes is bounded; at ten million players, reading the members into the server took
 * most of a rebuild.
 */
export async function rankNextBoard(db: Database, scoring: BoardScoring): Promise<void> {
  const { seasonId } = scoring;
  await dropLeftovers(db);
  await db.transaction(
    async (tx) => {
      await setRankingSettings(tx);
      // The member changes this snapshot holds (the ranking below reads the same one): the swap
      // settles them, and those made since are placed on the new board (settleCoveredChanges).
      await tx.execute(sql`create table standings_changes_covered as
      select ${standingsMemberChanges.userId} as user_id, ${standingsMemberChanges.seq} as seq
      from ${standingsMemberChanges}`);
      // A new table from a query, unlike an insert, may be filled by a parallel plan: the squads
      // are scored and sorted by two processes (decision 005). Columns in the stored table's order.
      await tx.execute(sql`create unlogged table standings_next as
      select ${seasonId}::text as season_id, member.*, row_number() over (order by member.ord) as place
      from ${scoredMembers(scoring)} as member
      order by member.ord`);
    },
    { isolationLevel: 'repeatable read' },
  );
  await completeNextBoard(db, seasonId);
}

/** Session settings for the rebuild's large statements, inside the caller's transaction. */
async function setRankingSettings(tx: Transaction): Promise<void> {
  // Each process sorts its share in runs of this size and merges them, quicker than with more
  // memory (figures: docs/benchmarks/standings.md).
  await tx.execute(sql`set local work_mem = '64MB'`);
  // Compiled to machine code (off for the server's other statements, database.ts): worth it for
  // a statement this long.
  await tx.execute(sql`set local jit = on`);
  // The two workers score and sort; the leading process only merges their sorted halves,
  // numbers and writes the rows.
  await tx.execute(sql`set local parallel_leader_participation = off`);
}

/** The places `rankNextBoard` numbered leave the new board once its rank blocks are counted. */
export async function dropNextBoardPlaces(db: Database): Promise<void> {
  await db.execute(sql`alter table standings_next drop column place`);
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
        and column_name <> 'place'
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
