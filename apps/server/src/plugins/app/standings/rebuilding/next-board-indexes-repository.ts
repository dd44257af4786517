import { sql } from 'drizzle-orm';
import { type Database, selectRows, type Transaction } from '../../../../db/database.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { REBUILT_TABLES } from '../model.ts';

/** The new tables' indexes: built from the stored tables' own definitions, side by side. */

export interface IndexDefinition {
  tablename: (typeof REBUILT_TABLES)[number];
  indexname: string;
  indexdef: string;
}

/** The stored tables' index definitions (the new tables get the same). */
export async function listStandingsIndexes(db: Database): Promise<IndexDefinition[]> {
  return selectRows<IndexDefinition>(
    db,
    sql`select tablename, indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = any(${textArray(REBUILT_TABLES)}::text[])`,
  );
}

/**
 * Memory for one index build. A b-tree's sort is quicker in many small runs merged than in one
 * run in memory, and a trigram (GIN) build, which gathers its entries in memory and writes them
 * out whenever it is full, is quickest with this much too, the index the same size and its
 * searches as quick (figures for each size: docs/benchmarks/standings.md).
 */
export const INDEX_BUILD_MEMORY = '4MB';

/** The kinds of index a rebuild builds (for their order, `nextBoardIndexBuilds`). */
export type IndexBuildMethod = 'btree' | 'gin';

/** Runs one index build on `standings_next`, inside the caller's transaction. */
export async function buildNextBoardIndex(tx: Transaction, createIndexStatement: string): Promise<void> {
  await tx.execute(sql.raw(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`));
  // The builds side by side already keep the cores busy, so no extra workers per build.
  await tx.execute(sql`set local max_parallel_maintenance_workers = 0`);
  await tx.execute(sql.raw(createIndexStatement));
}
