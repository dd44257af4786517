import { GOAL_TARGET, isSeasonOver, RANKING_GROUP_ORDER, type SeasonConfig } from '@hit21/core';
import type { Database, DatabaseHandle } from '../../../../db/database.ts';
import { hasSqlState } from '../../../../db/database-errors.ts';
import type { RankedWith } from '../../../../db/schema/index.ts';
import {
  lockStoredBoards,
  releaseRecomputeLock,
  startRecomputing,
  stopRecomputing,
  takeRecomputeLock,
} from '../locks.ts';
import type { StaleReason } from '../model.ts';
import { forgetAllUnheldNames } from '../names-repository.ts';
import { lateGoalChange, type RankingInputs, rankedWith, readRankingInputs } from '../ranking-inputs.ts';
import type { BoardScoring } from './board-scoring-repository.ts';
import {
  dropReplacedBoard,
  readStoredRankedWith,
  saveStandingsState,
  settleCoveredChanges,
  swapInNextBoard,
} from './board-swap-repository.ts';
import { mergeLateGoals } from './late-goals-merge-repository.ts';
import {
  addNextBoardNames,
  analyzeNextBoard,
  analyzeNextBoardRows,
  type BoardGroup,
  countNextBoard,
  createNextLeagueStandings,
  prepareNextTables,
} from './next-board-counts-repository.ts';
import {
  buildNextBoardIndex,
  type IndexBuildMethod,
  type IndexDefinition,
  listStandingsIndexes,
} from './next-board-indexes-repository.ts';
import { rankNextBoard } from './next-board-repository.ts';

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
      /** Everyone ranked again, or a gameweek's late goals merged into the stored order (`mergeLateGoals`). */
      method: 'ranked' | 'merged';
      members: number;
      durationMs: number;
      computedFor: Date;
    }
  /** Another instance holds the lock; it is recomputing now. */
  | { status: 'busy' };

/**
 * Recomputes a season's boards as they stand at `now`: reads the goals that count and the
 * version stamps in one snapshot and turns the goals into each scorer's total and goal-date
 * limbs with the domain's rules (`goalDateLimbs`: a few hundred footballers); has the
 * database score and rank every member from them in one statement (`rankNextBoard`) into a
 * fresh table, `standings_next` (or, when goals were only added since the stored board, score
 * their late scorers' pickers alone and merge them into the stored order: `mergeLateGoals`); then, side by side on several connections, counts it per
 * country and club in one scan (`countNextBoard`: the rank blocks of their boards into
 * `standings_rank_blocks_next`), puts every league of the season's approved members in that
 * order into `league_standings_next` and builds the new tables' indexes
 * (`countAndIndexNextBoard`); then swaps them in for the stored tables with the state row in one
 * short transaction. Readers see the old board until that commit and the new one after it.
 * No member passes through the server, whatever the number of players. A member who changes
 * while the board is built may be read before or after the change: the change also moves the
 * version stamp, so the next check recomputes anyway. A session-level advisory lock keeps it to
 * one recompute at a time across instances; a table left by a recompute cut off halfway is
 * dropped by the next one.
 */
export async function recomputeStandings(options: {
  database: DatabaseHandle;
  season: SeasonConfig;
  now: Date;
  /**
   * Why the board is rebuilt (standings-freshness.ts): when the goals that count changed (too
   * many pickers to place), the stored order is kept where the change allows (`mergeLateGoals`).
   */
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
        const inputs = await readInputsInOneSnapshot(connection.db, season.id, now);
        phaseDone('read');
        const indexes = await listStandingsIndexes(connection.db);
        const seasonOver = isSeasonOver(season.gameweeks, now);
        const scoring = {
          seasonId: season.id,
          footballers: inputs.footballers,
          limbCount: inputs.limbCount,
          isSeasonOver: seasonOver,
          goalTarget: GOAL_TARGET,
          groupOrder: RANKING_GROUP_ORDER,
        };
        const method =
          options.reason === 'goals counted changed' &&
          (await mergeWhenGoalsAllow(connection.db, scoring, rankedWith(inputs, seasonOver)))
            ? 'merged'
            : 'ranked';
        if (method === 'ranked') await rankNextBoard(connection.db, scoring);
        phaseDone('ranked');
        await prepareNextTables(connection.db, season.id);
        const groups = await countAndIndexNextBoard(database, season.id, indexes);
        phaseDone('counted and indexed');

        const members = groups.reduce((sum, group) => sum + group.members, 0);
        const durationMs = Math.round(performance.now() - started);
        const state = {
          computedFor: now,
          inputsVersion: inputs.inputsVersion,
          goalsFingerprint: inputs.goalsFingerprint,
          members,
          countries: distinctSorted(groups.map((group) => group.country)),
          clubs: distinctSorted(groups.map((group) => group.club)),
          durationMs,
          rankedWith: rankedWith(inputs, seasonOver),
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
        // Readers have the new board; still under the rebuild's lock, so no other rebuild adds names.
        await forgetAllUnheldNames(connection.db);
        await dropReplacedBoard(connection.db);
        return { status: 'recomputed', method, members, durationMs, computedFor: now };
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
 * Builds `standings_next` by merging the pickers of the late scorers into the stored order when
 * the stored board's goals and `next`'s differ only by goals added after it (`lateGoalChange`);
 * false when they do not, or the merge declines, and the board is ranked whole instead.
 */
async function mergeWhenGoalsAllow(db: Database, scoring: BoardScoring, next: RankedWith): Promise<boolean> {
  const stored = await readStoredRankedWith(db, scoring.seasonId);
  const change = stored && lateGoalChange(stored, next);
  if (!stored || !change) return false;
  return mergeLateGoals(db, { ...scoring, rankedWith: stored, lateScorers: change.lateScorers });
}

/** The version stamps and the goals that count at `now`, from one snapshot. */
function readInputsInOneSnapshot(db: Database, seasonId: string, now: Date): Promise<RankingInputs> {
  return db.transaction((tx) => readRankingInputs(tx, seasonId, now), {
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
): Promise<BoardGroup[]> {
  const builds = nextBoardIndexBuilds(indexes).map((build) => ({
    ...build,
    task: (db: Database) => db.transaction((tx) => buildNextBoardIndex(tx, build.statement)),
  }));
  const isOnBoard = (build: { statement: string }) =>
    / ON (\S+\.)?standings_next USING /.test(build.statement);
  let groups: BoardGroup[] = [];
  // The leagues first (the longest single piece of work), then the count
  // and the board's builds, the longest first.
  await runSideBySide(database, [
    (db) => createNextLeagueStandings(db, seasonId),
    async (db) => {
      groups = await countNextBoard(db, seasonId);
    },
    ...builds.filter(isOnBoard).map((build) => build.task),
    addNextBoardNames,
  ]);
  await runSideBySide(database, [
    ...builds.filter((build) => !isOnBoard(build)).map((build) => build.task),
    analyzeNextBoardRows,
  ]);
  await analyzeNextBoard(database.db);
  return groups;
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
 * anew, the longer their key the longer (country or club, position, season before user, season
 * and the names, season), last those led by `position`, whose rows arrive in their order
 * (docs/benchmarks/standings.md). The board's before the smaller
 * tables' of each kind.
 */
function buildOrder(index: IndexDefinition): number {
  const kind = isGinIndex(index) ? 0 : /USING btree \("position"/.test(index.indexdef) ? 2 : 1;
  const table = index.tablename === 'standings' ? 0 : 1;
  const keyColumns = index.indexdef.match(/\((.*)\)$/)?.[1]?.split(',').length ?? 0;
  return kind * 100 + table * 10 - Math.min(keyColumns, 9);
}

function isGinIndex(index: IndexDefinition): boolean {
  return / USING gin /i.test(index.indexdef);
}
