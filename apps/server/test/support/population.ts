import { addPopulation, type PopulationOptions } from '../../bench/standings-population.ts';
import type { Database } from '../../src/db/database.ts';
import { hasSqlState } from '../../src/db/database-errors.ts';

/** PostgreSQL's SQLSTATE when it ends one of two transactions waiting for each other. */
const DEADLOCK_DETECTED = '40P01';

/**
 * `addPopulation` beside a running server: in one transaction, tried again when it deadlocks
 * with the server's own jobs (its constraint drops take the tables a placement reads; PostgreSQL
 * then ends one of the two). Each try starts from nothing: the one ended rolled back whole.
 */
export async function addPopulationBeside(db: Database, options: PopulationOptions) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => addPopulation(tx, options));
    } catch (error) {
      if (attempt >= 5 || !hasSqlState(error, DEADLOCK_DETECTED)) throw error;
    }
  }
}
