import { SEARCH_TOTAL_CAP } from '@hit21/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/database.ts';
import { foldSearch, namePattern } from '../../../../db/name-folding.ts';
import { standings, standingsNames, standingsState } from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { type BlockBoard, boardPage, withRanks } from '../rank-blocks-repository.ts';

/**
 * A page of `board` with its total, in one statement. A search's matches are counted up to `limit`
 * (decision 018), one past the cap or the page's end: under it every match is sorted; past it the
 * order index is walked until the page is full, from the member `after` when the page lies past the cap.
 */
export function rankedPageQuery(options: {
  seasonId: string;
  board: BlockBoard;
  page: number;
  pageSize: number;
  /** The board's rows (with `ord`) where `condition` holds too. */
  rowsWhere: (condition?: SQL) => SQL;
  /** The board's `ord`s, the ranks' count. */
  ords: SQL;
  counted?: Partial<SearchMatch>;
  /** The user id of the page before's last member (`isPastSearchCap`). */
  after?: string;
}): { query: SQL; limit?: number } {
  const { seasonId, board, pageSize, rowsWhere, counted, after } = options;
  const offset = (options.page - 1) * pageSize;
  if (!counted) return { query: boardPage(seasonId, board, rowsWhere(), offset, pageSize) };
  const ranked = sql`page as (${withRanks(seasonId, board, options.ords)})`;
  if (after !== undefined) {
    const cursor = sql`(select ord from (${rowsWhere(sql`user_id = ${after}`)}) as cursor)`;
    const walk = rowsWhere(allOf([counted.walkedCondition, sql`ord > ${cursor}`]));
    const query = sql`with walked as materialized (${walk} order by ord limit ${pageSize + 1}),
      found as materialized (select * from walked order by ord limit ${pageSize}), ${ranked}
      select ${offset} + (select count(*) from walked) as total, page.* from (select) as one left join page on true`;
    return { query, limit: offset + pageSize + 1 };
  }
  const limit = Math.max(SEARCH_TOTAL_CAP, offset + pageSize) + 1;
  const matches = rowsWhere(counted.condition);
  const query = sql`with counted as materialized (select count(*) as total from (${matches} limit ${limit}) as match),
    listed as materialized (select * from (${matches}) as match where (select total from counted) < ${limit}),
    found as materialized (
      select * from (select * from listed order by ord limit ${pageSize} offset ${offset}) as sorted
      union all
      select * from (${rowsWhere(counted.walkedCondition)} order by ord limit ${pageSize} offset ${offset}) as walk
        where (select total from counted) >= ${limit}), ${ranked}
    select counted.total, page.* from counted left join page on true`;
  return { query, limit };
}

export function allOf(parts: (SQL | undefined)[]): SQL {
  const defined = parts.filter((part) => part !== undefined);
  return sql.join(defined, sql` and `);
}

/** The total a page answers from its count: capped when `limit` was reached. */
export function cappedTotal(counted: number, limit?: number): { total: number; isTotalCapped: boolean } {
  return limit !== undefined && counted >= limit
    ? { total: limit - 1, isTotalCapped: true }
    : { total: counted, isTotalCapped: false };
}

/** A search's condition, and the same tested row by row (no trigram index) for walks. */
export type SearchMatch = { condition: SQL; walkedCondition: SQL };

/** Name, country or club contains the search; the groups matched here so the planner can size each side. */
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
  // pg_trgm needs three characters: a shorter search scans (textlike), quicker than a whole index walk.
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
