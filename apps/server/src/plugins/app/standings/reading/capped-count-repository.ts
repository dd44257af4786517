import { SEARCH_TOTAL_CAP } from '@hit21/core';
import { type SQL, sql } from 'drizzle-orm';

/**
 * How many of a search's matches a page counts (decision 018): SEARCH_TOTAL_CAP, or as far as
 * the page's end past it, and one more, which says that more match than the total shown.
 */
export function countLimit(offset: number, pageSize: number): number {
  return Math.max(SEARCH_TOTAL_CAP, offset + pageSize) + 1;
}

/** The total a page answers from its capped count (`counted`, at most `limit`). */
export function cappedTotal(counted: number, limit: number): { total: number; isTotalCapped: boolean } {
  return counted >= limit
    ? { total: limit - 1, isTotalCapped: true }
    : { total: counted, isTotalCapped: false };
}

/**
 * The common table expressions `counted` (a search's matches counted up to `limit`, in no order,
 * so along whichever index finds them) and `found` (the page's rows, with their `ord`), in
 * one statement. Up to the cap, every match is read through that index and sorted; past it,
 * matches are many, so the order index is walked instead (`walked`: the same rows, each tested as
 * it is read) until the page is full. Only one of the two runs: each is gated by the count.
 */
export function cappedSearchPage(options: {
  /** The matching rows with their `ord`: `select … from … where …`, unordered. */
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
