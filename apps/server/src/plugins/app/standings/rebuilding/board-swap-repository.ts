import { eq, sql } from 'drizzle-orm';
import { type Database, selectRows, type Transaction } from '../../../../db/database.ts';
import { type RankedWith, standingsMemberChanges, standingsState } from '../../../../db/schema/index.ts';
import { REBUILT_TABLES } from '../model.ts';
import type { IndexDefinition } from './next-board-indexes-repository.ts';

/**
 * The swap of a rebuilt board for the stored one, in one short transaction, and the state row
 * that says what the stored board was computed from.
 */

/** The goals the stored board of a season counted, if there is one. */
export async function readStoredRankedWith(db: Database, seasonId: string): Promise<RankedWith | undefined> {
  const [state] = await db
    .select({ rankedWith: standingsState.rankedWith })
    .from(standingsState)
    .where(eq(standingsState.seasonId, seasonId));
  return state?.rankedWith;
}

/**
 * In the swap's transaction: the member changes the new board's ranking read leave the log, and
 * those placed on the old board since (or never) are to be placed on the new one.
 */
export async function settleCoveredChanges(tx: Transaction): Promise<void> {
  await tx.execute(sql`delete from ${standingsMemberChanges} as change using standings_changes_covered as covered
    where change.user_id = covered.user_id and change.seq = covered.seq`);
  await tx.execute(
    sql`update ${standingsMemberChanges} set applied = false where ${standingsMemberChanges.applied}`,
  );
  await tx.execute(sql`drop table standings_changes_covered`);
}

/**
 * Replaces the season's partition of each stored table with its `<table>_next`: the partition
 * leaves (renamed `<table>_old`, its indexes `<index>_old`, dropped after the commit by
 * `dropReplacedBoard`, as dropping here made the commit unlink files while readers waited on the
 * swap's locks), the new table takes its name and joins, its indexes joining the stored table's
 * without a build (they were built from the same definitions). The other seasons are not touched.
 */
export async function swapInNextBoard(
  tx: Transaction,
  seasonId: string,
  indexes: readonly IndexDefinition[],
): Promise<void> {
  for (const table of REBUILT_TABLES) {
    const partition = partitionName(table, seasonId);
    const ownIndexes = indexes.filter((index) => index.tablename === table);
    const [stored] = await selectRows<{ is_stored: boolean }>(
      tx,
      sql`select to_regclass(${partition}) is not null as is_stored`,
    );
    if (stored?.is_stored) {
      await tx.execute(sql.raw(`alter table ${table} detach partition ${partition}`));
      await tx.execute(sql.raw(`alter table ${partition} rename to ${table}_old`));
      for (const index of ownIndexes) {
        // A partition the migration made has its indexes named by PostgreSQL: they leave with it.
        await tx.execute(
          sql.raw(
            `alter index if exists ${partitionName(index.indexname, seasonId)} rename to ${index.indexname}_old`,
          ),
        );
      }
    }
    // Rows of the season written while it had no partition of its own; the new board holds its own.
    await tx.execute(sql.raw(`delete from ${table}_default where season_id = '${seasonLiteral(seasonId)}'`));
    await tx.execute(sql.raw(`alter table ${table}_next rename to ${partition}`));
    for (const index of ownIndexes) {
      await tx.execute(
        sql.raw(`alter index ${index.indexname}_next rename to ${partitionName(index.indexname, seasonId)}`),
      );
    }
    await tx.execute(
      sql.raw(
        `alter table ${table} attach partition ${partition} for values in ('${seasonLiteral(seasonId)}')`,
      ),
    );
  }
}

/** The name of a season's partition of a stored table, or of one of its indexes. */
export function partitionName(name: string, seasonId: string): string {
  return `${name}_${seasonLiteral(seasonId)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')}`;
}

/** A season id as it may stand in a statement's text (DDL takes no parameters): ours only. */
export function seasonLiteral(seasonId: string): string {
  if (!/^[A-Za-z0-9-]{1,12}$/.test(seasonId)) throw new Error(`Not a season id: ${seasonId}`);
  return seasonId;
}

/** Drops the tables a swap replaced (`swapInNextBoard`), once readers have the new ones. */
export async function dropReplacedBoard(db: Database): Promise<void> {
  for (const table of REBUILT_TABLES) {
    await db.execute(sql.raw(`drop table if exists ${table}_old`));
  }
}

/**
 * Records what the stored board of a season was computed from, and when: `computed_at` is the
 * database's time, like `leagues.members_changed_at`, which the league standings compare with
 * the computation's start (`computed_at` less `duration_ms`). In the swap's transaction.
 */
export async function saveStandingsState(
  db: Transaction,
  seasonId: string,
  state: Omit<typeof standingsState.$inferInsert, 'seasonId' | 'computedAt' | 'revision' | 'placedAt'>,
): Promise<void> {
  // A rebuilt board starts with no member changes placed on it.
  const values = { ...state, computedAt: sql`now()`, revision: 0, placedAt: null };
  await db
    .insert(standingsState)
    .values({ seasonId, ...values })
    .onConflictDoUpdate({ target: standingsState.seasonId, set: values });
}
