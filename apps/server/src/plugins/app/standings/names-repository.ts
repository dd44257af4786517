import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/database.ts';
import { standings, standingsNames } from '../../../db/schema/index.ts';
import { textArray } from '../../../db/sql-values.ts';
import { waitToPlace } from './locks.ts';

/**
 * Removes from `standingsNames` the names no stored board holds any more, so that nothing of a
 * name stays once no board shows it: those of `searchNames` (search keys of the members an
 * account's deletion took off, with the placing lock taken), or all of them
 * (`forgetAllUnheldNames`).
 */
export async function forgetUnheldNames(db: Executor, searchNames?: readonly string[]): Promise<void> {
  if (searchNames?.length === 0) return;
  const among = searchNames ? sql`name.search_name = any(${textArray(searchNames)}::text[]) and` : sql``;
  await db.execute(sql`delete from ${standingsNames} as name
    where ${among} not exists (select from ${standings} where ${standings.searchName} = name.search_name)`);
}

/**
 * After a rebuild's swap: `forgetUnheldNames` for every name, once the placement under way, if
 * any, has committed (placements go on during a rebuild). Otherwise a placement putting a member
 * on the board under a name no row held, whose row the tidy cannot see yet, would lose the name
 * to it, and the name search would miss the member until the next rebuild.
 */
export async function forgetAllUnheldNames(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await waitToPlace(tx);
    await forgetUnheldNames(tx);
  });
}
