import { sql } from 'drizzle-orm';
import { type Database, selectRows, setLocal, type Transaction } from '../../../../db/database.ts';
import { standingsMemberChanges } from '../../../../db/schema/index.ts';
import { type BoardScoring, scoredMembers } from '../member-scoring-repository.ts';
import type { REBUILT_TABLES } from '../model.ts';
import { dropReplacedBoard, seasonLiteral } from './board-swap-repository.ts';

// The `*_next` tables are unlogged, so a rebuild writes no gigabytes of WAL (docs/benchmarks/standings.md).
// A crash empties them and the next check rebuilds (`isBoardLostSql`); physical standbys lack them.

/** A fresh `standings_next` (a cut-off rebuild's leftovers dropped), filled in one snapshot. */
export async function loadNextBoard<T>(
  db: Database,
  seasonId: string,
  fill: (tx: Transaction) => Promise<T>,
): Promise<T> {
  for (const table of ['standings_next', 'standings_changes_covered', 'standings_movers']) {
    await db.execute(sql.raw(`drop table if exists ${table}`));
  }
  await dropReplacedBoard(db);
  const loaded = await db.transaction(fill, { isolationLevel: 'repeatable read' });
  await completeNextBoard(db, seasonId);
  return loaded;
}

/**
 * Everyone scored in one statement, stored in `ord` order: the order index is then built from
 * rows in order, and the blocks are counted along it (`countNextBoard`).
 */
export async function rankNextBoard(db: Database, scoring: BoardScoring): Promise<void> {
  await loadNextBoard(db, scoring.seasonId, async (tx) => {
    // Small sort runs merged are quicker; jit is off elsewhere (database.ts); the two workers
    // score and sort, the leader only merges and writes.
    await setLocal(tx, { work_mem: '64MB', jit: 'on', parallel_leader_participation: 'off' });
    // The changes this snapshot holds: the swap settles them (settleCoveredChanges).
    await tx.execute(sql`create table standings_changes_covered as
      select ${standingsMemberChanges.userId} as user_id, ${standingsMemberChanges.seq} as seq
      from ${standingsMemberChanges}`);
    // A table made from a query, unlike an insert, may be filled by a parallel plan (decision 005).
    await tx.execute(sql`create unlogged table standings_next as
      select ${scoring.seasonId}::text as season_id, member.* from ${scoredMembers(scoring)} as member
      order by member.ord`);
  });
}

/** The stored table's NOT NULL columns and the season's check; a rebuild stops if its columns differ. */
async function completeNextBoard(db: Database, seasonId: string): Promise<void> {
  const [stored, next] = await selectRows<{ shape: string; not_null: string[] | null }>(
    db,
    sql`select string_agg(concat_ws(' ', column_name, data_type, collation_name, column_default), ', '
          order by ordinal_position) as shape,
        array_agg(format('%I', column_name) order by ordinal_position) filter (where is_nullable = 'NO') as not_null
      from information_schema.columns
      where table_schema = current_schema() and table_name in ('standings', 'standings_next')
      group by table_name order by table_name`,
  );
  if (stored?.shape !== next?.shape) {
    throw new Error(
      `The rebuilt board's columns (${next?.shape}) are not the stored board's (${stored?.shape})`,
    );
  }
  const notNull = stored?.not_null ?? [];
  // One scan checks the season and the NOT NULL columns; `set not null` then trusts the check.
  await constrainToSeason(db, 'standings', seasonId, notNull);
  const setNotNull = notNull.map((column) => `alter column ${column} set not null`);
  if (setNotNull.length > 0) await db.execute(sql.raw(`alter table standings_next ${setNotNull.join(', ')}`));
}

/** Fresh, empty `standings_rank_blocks_next` and `league_standings_next` of the stored shape. */
export async function prepareNextTables(db: Database, seasonId: string): Promise<void> {
  for (const table of ['standings_rank_blocks', 'league_standings'] as const) {
    await db.execute(sql.raw(`drop table if exists ${table}_next`));
    await db.execute(
      sql.raw(`create unlogged table ${table}_next (like ${table} including defaults including constraints)`),
    );
    await constrainToSeason(db, table, seasonId);
  }
}

/** A check the swap's attach trusts rather than reading every row (and that `notNull` hold no null). */
async function constrainToSeason(
  db: Database,
  table: (typeof REBUILT_TABLES)[number],
  seasonId: string,
  notNull: readonly string[] = [],
) {
  const check = [
    `season_id = '${seasonLiteral(seasonId)}'`,
    ...notNull.map((column) => `${column} is not null`),
  ].join(' and ');
  await db.execute(sql.raw(`alter table ${table}_next add constraint ${table}_next_season check (${check})`));
}
