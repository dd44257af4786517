import { eq, sql } from 'drizzle-orm';
import { type Database, selectRows, type Transaction } from '../../../../db/database.ts';
import { type RankedWith, standingsMemberChanges, standingsState } from '../../../../db/schema/index.ts';
import { REBUILT_TABLES } from '../model.ts';
import type { IndexDefinition } from './next-board-indexes-repository.ts';

/** The goals the stored board of a season counted, if there is one. */
export async function readStoredRankedWith(db: Database, seasonId: string): Promise<RankedWith | undefined> {
  const [state] = await db
    .select({ rankedWith: standingsState.rankedWith })
    .from(standingsState)
    .where(eq(standingsState.seasonId, seasonId));
  return state?.rankedWith;
}

/** The changes the new board read leave the log; those placed on the old board since are placed again. */
export async function settleCoveredChanges(tx: Transaction): Promise<void> {
  await tx.execute(sql`delete from ${standingsMemberChanges} as change using standings_changes_covered as covered
    where change.user_id = covered.user_id and change.seq = covered.seq`);
  await tx.execute(sql`update ${standingsMemberChanges} set applied = false
    where ${standingsMemberChanges.applied}`);
  await tx.execute(sql`drop table standings_changes_covered`);
}

/**
 * Replaces the season's partition of each stored table with its `<table>_next`, whose indexes
 * join the stored table's without a build. The old one is renamed `_old` and dropped after the
 * commit (`dropReplacedBoard`): dropped here, the commit unlinked files while readers waited.
 */
export async function swapInNextBoard(
  tx: Transaction,
  seasonId: string,
  indexes: readonly IndexDefinition[],
): Promise<void> {
  const run = (statement: string) => tx.execute(sql.raw(statement));
  const season = seasonLiteral(seasonId);
  for (const table of REBUILT_TABLES) {
    const partition = partitionName(table, seasonId);
    const ownIndexes = indexes.filter((index) => index.tablename === table).map((index) => index.indexname);
    const [stored] = await selectRows<{ is_stored: boolean }>(
      tx,
      sql`select to_regclass(${partition}) is not null as is_stored`,
    );
    if (stored?.is_stored) {
      await run(`alter table ${table} detach partition ${partition}`);
      await run(`alter table ${partition} rename to ${table}_old`);
      // A partition the migration made has its indexes named by PostgreSQL: they leave with it.
      for (const index of ownIndexes) {
        await run(`alter index if exists ${partitionName(index, seasonId)} rename to ${index}_old`);
      }
    }
    // Rows of the season written while it had no partition of its own; the new board holds its own.
    await run(`delete from ${table}_default where season_id = '${season}'`);
    await run(`alter table ${table}_next rename to ${partition}`);
    for (const index of ownIndexes) {
      await run(`alter index ${index}_next rename to ${partitionName(index, seasonId)}`);
    }
    await run(`alter table ${table} attach partition ${partition} for values in ('${season}')`);
  }
}

/** The name of a season's partition of a stored table, or of one of its indexes. */
export function partitionName(name: string, seasonId: string): string {
  const suffix = seasonLiteral(seasonId)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
  return `${name}_${suffix}`;
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
 * What the stored board was computed from. `computed_at` is the database's time, like
 * `leagues.members_changed_at`, which the league standings compare with the rebuild's start.
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
