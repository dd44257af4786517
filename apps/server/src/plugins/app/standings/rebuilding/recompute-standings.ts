import { isSeasonOver, type SeasonConfig } from '@hit21/core';
import type { Database, DatabaseHandle } from '../../../../db/database.ts';
import { hasSqlState } from '../../../../db/database-errors.ts';
import {
  lockStoredBoards,
  releaseRecomputeLock,
  startRecomputing,
  stopRecomputing,
  takeRecomputeLock,
  waitToPlace,
} from '../locks.ts';
import type { BoardScoring } from '../member-scoring-repository.ts';
import type { StaleReason } from '../model.ts';
import { forgetAllUnheldNames } from '../names-repository.ts';
import { cutSwollenBlocks } from '../rank-blocks-repository.ts';
import { changedScorers, type RankingInputs, readRankingInputs } from '../ranking-inputs.ts';
import {
  dropReplacedBoard,
  readStoredBoard,
  type StoredBoard,
  saveStandingsState,
  settleCoveredChanges,
  swapInNextBoard,
} from './board-swap-repository.ts';
import {
  addNextBoardNames,
  analyzeNextBoard,
  analyzeNextBoardRows,
  type BoardGroup,
  countNextBoard,
  createNextLeagueStandings,
  prepareNextTables,
  vacuumNextBoardRows,
} from './next-board-counts-repository.ts';
import {
  buildNextBoardIndex,
  type IndexBuildMethod,
  type IndexDefinition,
  listStandingsIndexes,
} from './next-board-indexes-repository.ts';
import { dropNextBoardPlaces, rankNextBoard } from './next-board-repository.ts';
import { copyNextLeaguesAndBlocks, recountNextBlocks, rekeyNextBoard } from './rekeyed-board-repository.ts';

/**
 * How long a swap waits for the readers of the stored tables before it lets go and tries again
 * (lockStoredBoards): short, as readers queued behind the waiting swap wait that long too.
 */
const SWAP_LOCK_TIMEOUT_MS = 200;
/** Swap attempts before the recompute gives up (the next check starts another). */
const SWAP_ATTEMPTS = 50;

export type RecomputePhase = 'read' | 'ranked' | 'counted and indexed' | 'swapped' | 'tidied';

export type RecomputeResult =
  | {
      status: 'recomputed';
      /** Everyone scored, or the stored board copied with the changed scorers' pickers re-keyed. */
      method: 'scored' | 'rekeyed';
      members: number;
      durationMs: number;
      computedFor: Date;
    }
  /** Another instance holds the lock; it is recomputing now. */
  | { status: 'busy' };

/**
 * Recomputes a season's boards as they stand at `now`: reads the goals that count and the
 * version stamps in one snapshot; has the database score every member from them and store the
 * board in `ord` order in one statement (`rankNextBoard`) into a fresh table, `standings_next`;
 * then, side by side on several connections, cuts every board into rank blocks in one scan
 * (`countNextBoard`), puts every league's approved members into `league_standings_next`
 * (`createNextLeagueStandings`) and builds the new tables' indexes (`countAndIndexNextBoard`);
 * then swaps them in for the season's partitions with the state row in one short transaction.
 * Readers see the old board until that commit and the new one after it. No member passes through
 * the server, whatever the number of players. A member who changes while the board is built may
 * be read before or after the change: the change is logged (`markMemberChanged`) and placed on
 * the new board. A session-level advisory lock keeps it to one recompute at a time across
 * instances; a table left by a recompute cut off halfway is dropped by the next one.
 */
export async function recomputeStandings(options: {
  database: DatabaseHandle;
  season: SeasonConfig;
  now: Date;
  /** Why the board is rebuilt (standings-freshness.ts), for the log. */
  reason?: StaleReason;
  /** Called as each phase ends, with the milliseconds since the start (the benchmark prints them). */
  onPhase?: (phase: RecomputePhase, elapsedMs: number) => void;
}): Promise<RecomputeResult> {
  const { database, season, now } = options;
  const started = performance.now();
  const phaseDone = (phase: RecomputePhase) => options.onPhase?.(phase, performance.now() - started);
  if (!startRecomputing(database)) return { status: 'busy' };
  const result = await database
    .withConnection(async (connection): Promise<RecomputeResult> => {
      if (!(await takeRecomputeLock(connection.db))) return { status: 'busy' };
      try {
        const inputs = await readInputsInOneSnapshot(connection.db, season, now);
        phaseDone('read');
        const indexes = await listStandingsIndexes(connection.db);
        const scoring = { seasonId: season.id, rankedWith: inputs.rankedWith };
        const stored = await rekeyWhenGoalsAllow(connection.db, scoring, options.reason);
        if (!stored) await rankNextBoard(connection.db, scoring);
        phaseDone('ranked');
        await prepareNextTables(connection.db, season.id);
        const board = stored
          ? await indexAndRecountNextBoard(database, season.id, indexes).then(() => stored)
          : await countAndIndexNextBoard(database, season.id, indexes);
        phaseDone('counted and indexed');

        const { members } = board;
        const durationMs = Math.round(performance.now() - started);
        const state = {
          computedFor: now,
          inputsVersion: inputs.inputsVersion,
          goalsFingerprint: inputs.goalsFingerprint,
          members,
          countries: board.countries,
          clubs: board.clubs,
          durationMs,
          rankedWith: inputs.rankedWith,
        };
        await swapWhenReadersAllow(() =>
          connection.db.transaction(async (tx) => {
            await lockStoredBoards(tx, SWAP_LOCK_TIMEOUT_MS);
            await swapInNextBoard(tx, season.id, indexes);
            await settleCoveredChanges(tx);
            await saveStandingsState(tx, season.id, state);
          }),
        );
        phaseDone('swapped');
        if (stored) await cutSwollenBlocksWhenPlacingAllows(connection.db, season.id);
        // Readers have the new board; still under the rebuild's lock, so no other rebuild adds names.
        await forgetAllUnheldNames(connection.db);
        await dropReplacedBoard(connection.db);
        return {
          status: 'recomputed',
          method: stored ? 'rekeyed' : 'scored',
          members,
          durationMs,
          computedFor: now,
        };
      } finally {
        // Should the unlock fail, it throws: `withConnection` then closes the connection, which frees the lock.
        await releaseRecomputeLock(connection.db);
      }
    })
    .finally(() => stopRecomputing(database));
  if (result.status === 'recomputed') phaseDone('tidied');
  return result;
}

/**
 * The bulk path (`rekeyNextBoard`) when the goals that count changed since a stored board of the
 * same season's end: answers that board, or undefined when the board is to be scored whole.
 */
async function rekeyWhenGoalsAllow(
  db: Database,
  scoring: BoardScoring,
  reason: StaleReason | undefined,
): Promise<StoredBoard | undefined> {
  if (reason !== 'goals counted changed') return undefined;
  const stored = await readStoredBoard(db, scoring.seasonId);
  if (!stored || stored.rankedWith.isSeasonOver !== scoring.rankedWith.isSeasonOver) return undefined;
  await rekeyNextBoard(db, scoring, changedScorers(stored.rankedWith, scoring.rankedWith));
  return stored;
}

/** After a bulk path's swap: its blocks grown too large cut, between placements. */
async function cutSwollenBlocksWhenPlacingAllows(db: Database, seasonId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await waitToPlace(tx);
    await cutSwollenBlocks(tx, seasonId);
  });
}

/** The version stamps and the goals that count at `now`, from one snapshot. */
function readInputsInOneSnapshot(db: Database, season: SeasonConfig, now: Date): Promise<RankingInputs> {
  const seasonOver = isSeasonOver(season.gameweeks, now);
  return db.transaction((tx) => readRankingInputs(tx, season.id, now, seasonOver), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** Runs the swap, again after a pause while it cannot take the stored tables in time. */
async function swapWhenReadersAllow(swap: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await swap();
    } catch (error) {
      if (attempt >= SWAP_ATTEMPTS || !hasSqlState(error, LOCK_NOT_AVAILABLE)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * Math.random() * attempt));
    }
  }
}

/** PostgreSQL's SQLSTATE when a lock was not granted within `lock_timeout`. */
const LOCK_NOT_AVAILABLE = '55P03';

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
async function countAndIndexNextBoard(
  database: DatabaseHandle,
  seasonId: string,
  indexes: readonly IndexDefinition[],
): Promise<Omit<StoredBoard, 'rankedWith'>> {
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
async function indexAndRecountNextBoard(
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
