import type { Database, DatabaseHandle } from '../../../../db/database.ts';
import {
  addNextBoardNames,
  analyzeNextBoard,
  analyzeNextBoardRows,
  type BoardGroup,
  countNextBoard,
  createNextLeagueStandings,
  vacuumNextBoardRows,
} from './next-board-counts-repository.ts';
import {
  buildNextBoardIndex,
  type IndexBuildMethod,
  type IndexDefinition,
} from './next-board-indexes-repository.ts';
import { dropNextBoardPlaces } from './next-board-repository.ts';
import { copyNextLeaguesAndBlocks, recountNextBlocks } from './rekeyed-board-repository.ts';

/**
 * The work a rebuild does between scoring the new board and swapping it in, side by side on as
 * many connections as the database usefully runs: its rank blocks, its leagues and its indexes.
 */

function distinctSorted(names: readonly string[]): string[] {
  return [...new Set(names)].sort();
}

/**
 * Counts the new board into its rank blocks (`countNextBoard`), ranks the leagues on it
 * (`createNextLeagueStandings`), adds its new names (`addNextBoardNames`) and builds its indexes,
 * each reading the whole new board, side by side on as many connections as the database usefully
 * runs; then the other new tables' indexes, once they are filled, and the board's statistics,
 * which the count must not have (`analyzeNextBoardRows`). One process does each of these: side
 * by side they keep the cores busy (the leagues, the longest, no longer wait for a core of their
 * own: docs/benchmarks/standings.md). Returns the count's groups.
 */
export async function countAndIndexNextBoard(
  database: DatabaseHandle,
  seasonId: string,
  indexes: readonly IndexDefinition[],
): Promise<{ members: number; countries: string[]; clubs: string[] }> {
  const builds = indexBuilds(indexes);
  let groups: BoardGroup[] = [];
  // The leagues first (the longest single piece of work), then the count
  // and the board's builds, the longest first.
  await runSideBySide(database, [
    (db) => createNextLeagueStandings(db, seasonId),
    async (db) => {
      groups = await countNextBoard(db, seasonId);
    },
    ...builds.onBoard,
    addNextBoardNames,
  ]);
  await dropNextBoardPlaces(database.db);
  await runSideBySide(database, [...builds.others, analyzeNextBoardRows]);
  await analyzeNextBoard(database.db);
  return {
    members: groups.reduce((sum, group) => sum + group.members, 0),
    countries: distinctSorted(groups.map((group) => group.country)),
    clubs: distinctSorted(groups.map((group) => group.club)),
  };
}

/**
 * The bulk path's side by side: the stored leagues' rows and blocks copied, the indexes built,
 * the new board vacuumed (its counts then read its indexes alone), and every block counted again.
 */
export async function indexAndRecountNextBoard(
  database: DatabaseHandle,
  seasonId: string,
  indexes: readonly IndexDefinition[],
): Promise<void> {
  const builds = indexBuilds(indexes);
  await runSideBySide(database, [(db) => copyNextLeaguesAndBlocks(db, seasonId), ...builds.onBoard]);
  await runSideBySide(database, [...builds.others, vacuumNextBoardRows]);
  await analyzeNextBoard(database.db);
  await recountNextBlocks(database.db);
}

/** The rebuild's index builds as tasks: those on the new board, then the other tables'. */
function indexBuilds(indexes: readonly IndexDefinition[]) {
  const builds = nextBoardIndexBuilds(indexes).map((build) => ({
    ...build,
    task: (db: Database) => db.transaction((tx) => buildNextBoardIndex(tx, build.statement)),
  }));
  const isOnBoard = (build: { statement: string }) =>
    / ON (\S+\.)?standings_next USING /.test(build.statement);
  return {
    onBoard: builds.filter(isOnBoard).map((build) => build.task),
    others: builds.filter((build) => !isOnBoard(build)).map((build) => build.task),
  };
}

/** Runs the tasks in their order on up to `parallelConnections` connections, each taking the next task as it finishes one. */
async function runSideBySide(
  database: DatabaseHandle,
  tasks: readonly ((db: Database) => Promise<void>)[],
): Promise<void> {
  const queue = [...tasks];
  const runners = Array.from({ length: Math.min(database.parallelConnections, queue.length) }, () =>
    database.withConnection(async (connection) => {
      for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
        await task(connection.db).catch((error: unknown) => {
          queue.length = 0;
          throw error;
        });
      }
    }),
  );
  await Promise.all(runners);
}

/**
 * The index builds of a rebuild, each the stored index's statement on the `…_next` table under
 * the `…_next` name, with its kind, the longest first so that no connection is left with a long
 * one at the end (`buildOrder`).
 */
export function nextBoardIndexBuilds(
  indexes: readonly IndexDefinition[],
): { statement: string; method: IndexBuildMethod }[] {
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

/**
 * Which builds go first (smaller first): a trigram index (the league standings' one; the board's
 * names have theirs outside the rebuild, `standingsNames`), then the b-trees that sort the rows
 * anew, the longer their key the longer (country or club and `ord`, user and season, the names,
 * season), last the one led by `ord`, whose rows arrive in their order
 * (docs/benchmarks/standings.md). The board's before the smaller tables' of each kind.
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
