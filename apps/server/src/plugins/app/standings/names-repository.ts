import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { standings, standingsNames } from '../../../db/schema/index.ts';
import { textArray } from '../../../db/sql-values.ts';

/** Forgets the names no stored board holds any more; only `searchNames` when given (a deletion's). */
export async function forgetUnheldNames(db: Executor, searchNames?: readonly string[]): Promise<void> {
  if (searchNames?.length === 0) return;
  const among = searchNames ? sql`name.search_name = any(${textArray(searchNames)}::text[]) and` : sql``;
  await db.execute(sql`delete from ${standingsNames} as name
    where ${among} not exists (select from ${standings} where ${standings.searchName} = name.search_name)`);
}
