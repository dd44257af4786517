import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/database.ts';
import { standings, standingsNames } from '../../../db/schema/index.ts';
import { textArray } from '../../../db/sql-values.ts';
import { waitToPlace } from './locks.ts';

/** Forgets the names no stored board holds any more; only `searchNames` when given (a deletion's). */
export async function forgetUnheldNames(db: Executor, searchNames?: readonly string[]): Promise<void> {
  if (searchNames?.length === 0) return;
  const among = searchNames ? sql`name.search_name = any(${textArray(searchNames)}::text[]) and` : sql``;
  await db.execute(sql`delete from ${standingsNames} as name
    where ${among} not exists (select from ${standings} where ${standings.searchName} = name.search_name)`);
}

/**
 * Every name, after a rebuild's swap, once a placement under way has committed: else a name it
 * adds, whose row the tidy cannot see yet, would be lost to the search until the next rebuild.
 */
export async function forgetAllUnheldNames(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await waitToPlace(tx);
    await forgetUnheldNames(tx);
  });
}
