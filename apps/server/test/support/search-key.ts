import { foldSearch } from '../../src/db/name-folding.ts';

/** A name or a search as the standings' name search compares them (`searchKeySql`), for the tests' Latin names. */
export const searchKey = (text: string): string => foldSearch(text).toLowerCase();

/** The name contains the search by search key; a search of punctuation alone names nobody. */
export function nameMatches(name: string, search: string): boolean {
  const key = searchKey(search);
  return key.trim() !== '' && searchKey(name).includes(key);
}

/** A board row the search matches: its name by search key, its country or club regardless of case. */
export function matchesSearch(
  row: { fullName: string; country: string; club: string },
  search: string,
): boolean {
  const needle = search.toLowerCase();
  return (
    nameMatches(row.fullName, search) ||
    [row.country, row.club].some((field) => field.toLowerCase().includes(needle))
  );
}
