import type { Database } from '../../../db/database.ts';
import { type LoadResult, loadSeasonFacts } from './load-season-facts.ts';
import { type FplSeasonSource, readFplSeason } from './read-fpl-season.ts';

/**
 * Imports a season straight from FPL CSV files into the database. Every file is read and
 * checked before anything is written, and the write is one transaction: a bad file leaves
 * the database as it was.
 */
export async function importFplSeason(db: Database, source: FplSeasonSource): Promise<LoadResult> {
  return loadSeasonFacts(db, await readFplSeason(source));
}
