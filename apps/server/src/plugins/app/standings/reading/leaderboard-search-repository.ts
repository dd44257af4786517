import { SEARCH_TOTAL_CAP } from '@hit21/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/database.ts';
import { foldSearch } from '../../../../db/name-folding.ts';
import { standings, standingsNames, standingsState } from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';

/** A board search's condition, and the same tested row by row (no trigram index) for walks. */
export interface SearchMatch {
  condition: SQL;
  walkedCondition: SQL;
}

/**
 * The name contains the search (the names' trigram index), or the country or club does: those
 * are matched first against the state row's lists, so that each side of the OR is an index
 * condition the planner can size.
 */
export async function searchMatch(db: Executor, seasonId: string, search: string): Promise<SearchMatch> {
  const [lists] = await db
    .select({ countries: standingsState.countries, clubs: standingsState.clubs })
    .from(standingsState)
    .where(eq(standingsState.seasonId, seasonId));
  const needle = search.toLowerCase();
  const matching = (names: string[] = []) => names.filter((name) => name.toLowerCase().includes(needle));
  const groupCondition = inGroups(matching(lists?.countries), matching(lists?.clubs));
  const pattern = namePattern(search);
  const tested = sql`textlike(${standings.searchName}, ${pattern})`;
  // The board's distinct names through their trigram index, then their rows by the board's b-tree.
  const named = sql`${standings.searchName} = any(array(select ${standingsNames.searchName} from ${standingsNames}
    where ${standingsNames.searchName} like ${pattern}))`;
  const orInGroups = (name: SQL) => (groupCondition ? sql`(${name} or ${groupCondition})` : name);
  // pg_trgm needs three characters: a shorter search scans, as the function form of LIKE makes the
  // planner do (a walk of the whole trigram index is several times slower).
  const isScan = foldSearch(search).length < 3;
  return { condition: orInGroups(isScan ? tested : named), walkedCondition: orInGroups(tested) };
}

/** Country in `countries` or club in `clubs`; undefined when both are empty. */
function inGroups(countries: string[], clubs: string[]): SQL | undefined {
  const conditions = [
    countries.length > 0 ? sql`${standings.country} = any(${textArray(countries)}::text[])` : undefined,
    clubs.length > 0 ? sql`${standings.club} = any(${textArray(clubs)}::text[])` : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? sql`(${sql.join(conditions, sql` or `)})` : undefined;
}

/** `likePattern`, lower-cased by the database as the stored names are (searchKeySql). */
export function namePattern(search: string): SQL {
  return sql`lower(${likePattern(search)})`;
}

/**
 * `search` as a LIKE pattern matching a stored name that contains it, folded as the names are:
 * its wildcards are punctuation, which the folding drops. Punctuation alone names nobody: its
 * pattern is an apostrophe, which no folded name is.
 */
export function likePattern(search: string): string {
  const key = foldSearch(search);
  return key.trim() === '' ? "'" : `%${key}%`;
}

/**
 * How many of a search's matches a page counts (decision 018): the cap, or as far as the page's
 * end past it, and one more, which says that more match than the total shown.
 */
export function countLimit(offset: number, pageSize: number): number {
  return Math.max(SEARCH_TOTAL_CAP, offset + pageSize) + 1;
}

/** The total a page answers from its count: capped when `limit` (`countLimit`) was reached. */
export function cappedTotal(counted: number, limit?: number): { total: number; isTotalCapped: boolean } {
  return limit !== undefined && counted >= limit
    ? { total: limit - 1, isTotalCapped: true }
    : { total: counted, isTotalCapped: false };
}

/**
 * The common table expressions `counted` (the matches counted up to `limit`, in no order, so
 * along whichever index finds them) and `found` (the page's rows, with their `ord`). Up to the
 * cap every match is read and sorted; past it, matches are many, so the order index is walked
 * instead (`walked`), each row tested as it is read, until the page is full. The count gates each.
 */
export function cappedSearchPage(options: {
  /** The matching rows with their `ord`, unordered. */
  matches: SQL;
  /** The same rows, found along the order index. */
  walked: SQL;
  limit: number;
  offset: number;
  pageSize: number;
}): SQL {
  const { matches, walked, limit, offset, pageSize } = options;
  return sql`counted as materialized (select count(*) as total from (${matches} limit ${limit}) as match),
    listed as materialized (select * from (${matches}) as match where (select total from counted) < ${limit}),
    found as materialized (
      select * from (select * from listed order by ord limit ${pageSize} offset ${offset}) as sorted
      union all
      select * from (${walked} order by ord limit ${pageSize} offset ${offset}) as walk
        where (select total from counted) >= ${limit})`;
}
