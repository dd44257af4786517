import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/database.ts';
import { foldSearch } from '../../../../db/name-folding.ts';
import { standings, standingsNames, standingsState } from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';

/** A board search's condition: a name, country or club containing the search. */

export interface SearchMatch {
  /** A row matches: its name, country or club contains the search. */
  condition: SQL;
  /** The same, each name tested as it is read (not through the trigram index): for walks. */
  walkedCondition: SQL;
}

/**
 * The name contains the search (the names' trigram index, `standingsNames`), or the country or
 * club does: those few countries and clubs are matched first, against the board's lists in the
 * state row, so that each side of the OR is an index condition the planner can size.
 */
export async function searchMatch(db: Executor, seasonId: string, search: string): Promise<SearchMatch> {
  const [lists] = await db
    .select({ countries: standingsState.countries, clubs: standingsState.clubs })
    .from(standingsState)
    .where(eq(standingsState.seasonId, seasonId));
  const { countries, clubs } = groupsMatching(search, lists);
  // pg_trgm needs three characters. A shorter search is a scan: the function form of LIKE keeps
  // the planner from a walk of the whole trigram index, several times slower than the scan.
  const isScan = foldSearch(search).length < 3;
  // Lower-cased by the database, as the stored names are (searchKeySql): one case mapping.
  const pattern = sql`lower(${likePattern(search)})`;
  const tested = sql`textlike(${standings.searchName}, ${pattern})`;
  // The names containing the text, through the trigram index of the board's distinct names, then
  // the rows holding them through the board's b-tree on its names.
  const named = sql`${standings.searchName} = any(array(select ${standingsNames.searchName} from ${standingsNames}
    where ${standingsNames.searchName} like ${pattern}))`;
  const groups = groupCondition(countries, clubs);
  const orInGroups = (nameCondition: SQL) => (groups ? sql`(${nameCondition} or ${groups})` : nameCondition);
  return { condition: orInGroups(isScan ? tested : named), walkedCondition: orInGroups(tested) };
}

/**
 * The board's countries and clubs (the state row's lists) whose name contains the search,
 * case-insensitively: a search matches every member of those.
 */
function groupsMatching(
  search: string,
  lists: { countries: string[]; clubs: string[] } | undefined,
): { countries: string[]; clubs: string[] } {
  const needle = search.toLowerCase();
  const matching = (names: string[] = []) => names.filter((name) => name.toLowerCase().includes(needle));
  return { countries: matching(lists?.countries), clubs: matching(lists?.clubs) };
}

/** Country in `countries` or club in `clubs`; undefined when both are empty. */
function groupCondition(countries: string[], clubs: string[]): SQL | undefined {
  const conditions = [
    countries.length > 0 ? sql`${standings.country} = any(${textArray(countries)}::text[])` : undefined,
    clubs.length > 0 ? sql`${standings.club} = any(${textArray(clubs)}::text[])` : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? sql`(${sql.join(conditions, sql` or `)})` : undefined;
}

/**
 * `search` as a LIKE pattern matching a stored name (`searchKeySql`) that contains it, folded as
 * the names are: its wildcards are punctuation, which the folding drops. A search of punctuation
 * alone names nobody: its pattern is an apostrophe, which no folded name is.
 */
export function likePattern(search: string): string {
  const key = foldSearch(search);
  return key.trim() === '' ? "'" : `%${key}%`;
}
