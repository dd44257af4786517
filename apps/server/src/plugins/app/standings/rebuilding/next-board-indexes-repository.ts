import { sql } from 'drizzle-orm';
import { type Database, selectRows, setLocal, type Transaction } from '../../../../db/database.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { REBUILT_TABLES } from '../model.ts';

export interface IndexDefinition {
  tablename: (typeof REBUILT_TABLES)[number];
  indexname: string;
  indexdef: string;
}

export async function listStandingsIndexes(db: Database): Promise<IndexDefinition[]> {
  return selectRows<IndexDefinition>(
    db,
    sql`select tablename, indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = any(${textArray(REBUILT_TABLES)}::text[])`,
  );
}

/** Quickest for b-tree (small sort runs merged) and trigram builds (docs/benchmarks/standings.md). */
export const INDEX_BUILD_MEMORY = '4MB';

export async function buildNextBoardIndex(tx: Transaction, createIndexStatement: string): Promise<void> {
  // The builds side by side already keep the cores busy: no extra workers per build.
  await setLocal(tx, { maintenance_work_mem: INDEX_BUILD_MEMORY, max_parallel_maintenance_workers: '0' });
  await tx.execute(sql.raw(createIndexStatement));
}

/** Each stored index's statement on the `…_next` table, the longest first (`buildOrder`). */
export function nextBoardIndexBuilds(
  indexes: readonly IndexDefinition[],
): { statement: string; method: 'btree' | 'gin' }[] {
  return [...indexes]
    .sort((a, b) => buildOrder(a) - buildOrder(b))
    .map((index) => ({
      method: isGinIndex(index) ? 'gin' : 'btree',
      // A stored table's index is its partitions' ("ON ONLY"): the new partition's is built.
      statement: index.indexdef
        .replace(` INDEX ${index.indexname} ON `, ` INDEX ${index.indexname}_next ON `)
        .replace(
          new RegExp(` ON (?:ONLY )?(\\S+\\.)?${index.tablename} USING `),
          ` ON $1${index.tablename}_next USING `,
        ),
    }));
}

/** The index builds as tasks: the board's, its order index (built last, `buildOrder`) apart, then the others'. */
export function nextBoardIndexTasks(indexes: readonly IndexDefinition[]) {
  const tasksOf = (isOnBoard: boolean) =>
    nextBoardIndexBuilds(indexes.filter((index) => (index.tablename === 'standings') === isOnBoard)).map(
      (build) => (db: Database) => db.transaction((tx) => buildNextBoardIndex(tx, build.statement)),
    );
  const onBoard = tasksOf(true);
  const order = onBoard.pop();
  if (!order) throw new Error('The stored board has no index');
  return { order, onBoard, others: tasksOf(false) };
}

/**
 * The trigram index first, then the b-trees that sort anew, the longer key first, last the one led
 * by `ord`, whose rows arrive in order; the board's before the smaller tables'. No connection is
 * then left with a long build at the end (docs/benchmarks/standings.md).
 */
function buildOrder(index: IndexDefinition): number {
  const kind = isGinIndex(index) ? 0 : /USING btree \(ord\b/.test(index.indexdef) ? 2 : 1;
  const table = index.tablename === 'standings' ? 0 : 1;
  const keyColumns = index.indexdef.match(/\((.*)\)$/)?.[1]?.split(',').length ?? 0;
  return kind * 100 + table * 10 - Math.min(keyColumns, 9);
}

function isGinIndex(index: IndexDefinition): boolean {
  return / USING gin /i.test(index.indexdef);
}
