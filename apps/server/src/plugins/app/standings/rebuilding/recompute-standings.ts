import { changedScorers, isSeasonOver, type SeasonConfig } from '@hit21/core';
import { type Database, type DatabaseHandle, runSideBySide } from '../../../../db/database.ts';
import { retryOnSqlState, SQL_STATES } from '../../../../db/database-errors.ts';
import {
  betweenPlacements,
  lockStoredBoards,
  releaseRecomputeLock,
  startRecomputing,
  stopRecomputing,
  takeRecomputeLock,
} from '../locks.ts';
import type { BoardScoring } from '../member-scoring-repository.ts';
import type { StaleReason } from '../model.ts';
import { forgetUnheldNames } from '../names-repository.ts';
import { cutSwollenBlocks } from '../rank-blocks-repository.ts';
import { readRankingInputs } from '../ranking-inputs.ts';
import {
  dropReplacedBoard,
  readStoredRankedWith,
  saveStandingsState,
  settleCoveredChanges,
  swapInNextBoard,
} from './board-swap-repository.ts';
import {
  addNextBoardNames,
  analyzeNextBoard,
  countNextBoard,
  createNextLeagueStandings,
  vacuumNextLeaguesAndBlocks,
} from './next-board-counts-repository.ts';
import {
  type IndexDefinition,
  listStandingsIndexes,
  nextBoardIndexTasks,
} from './next-board-indexes-repository.ts';
import { prepareNextTables, rankNextBoard } from './next-board-repository.ts';
import { copyNextLeaguesAndBlocks, recountNextBlocks, rekeyNextBoard } from './rekeyed-board-repository.ts';

/** How long a swap waits for readers before it tries again: readers queued behind it wait as long. */
const SWAP_LOCK_TIMEOUT_MS = 200;
/** Swap attempts, further apart each time, before the rebuild gives up (the next check starts another). */
const SWAP_RETRY = { code: SQL_STATES.lockNotAvailable, attempts: 50, pauseMs: 20 };

export type RecomputePhase = 'read' | 'ranked' | 'counted and indexed' | 'swapped' | 'tidied';

type Recomputed = { method: 'scored' | 'rekeyed'; members: number; durationMs: number; computedFor: Date };
export type RecomputeResult = ({ status: 'recomputed' } & Recomputed) | { status: 'busy' };

type NextBoard = { members: number; countries: string[]; clubs: string[] };

/** Rebuilds a season's boards as they stand at `now` and swaps them in (README: write path 2). */
export async function recomputeStandings(options: {
  database: DatabaseHandle;
  season: SeasonConfig;
  now: Date;
  /** Why the board is rebuilt, for the log and the choice of method. */
  reason?: StaleReason;
  /** Called as each phase ends, with the milliseconds since the start (the benchmark prints them). */
  onPhase?: (phase: RecomputePhase, elapsedMs: number) => void;
}): Promise<RecomputeResult> {
  const { database, season, now } = options;
  const started = performance.now();
  const phaseDone = (phase: RecomputePhase) => options.onPhase?.(phase, performance.now() - started);
  if (!startRecomputing(database)) return { status: 'busy' };
  const result = await database
    .withConnection(async ({ db }): Promise<RecomputeResult> => {
      if (!(await takeRecomputeLock(db))) return { status: 'busy' };
      try {
        const inputs = await db.transaction(
          (tx) => readRankingInputs(tx, season.id, now, isSeasonOver(season.gameweeks, now)),
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
        phaseDone('read');
        const indexes = await listStandingsIndexes(db);
        const scoring = { seasonId: season.id, rankedWith: inputs.rankedWith };
        const rekeyed = await rekeyWhenGoalsAllow(db, scoring, options.reason);
        if (!rekeyed) await rankNextBoard(db, scoring);
        phaseDone('ranked');
        await prepareNextTables(db, season.id);
        const board = await countAndIndexNextBoard(database, season.id, indexes, rekeyed);
        phaseDone('counted and indexed');
        const durationMs = Math.round(performance.now() - started);
        const { inputsVersion, goalsFingerprint, rankedWith } = inputs;
        const state = { computedFor: now, inputsVersion, goalsFingerprint, durationMs, rankedWith };
        await retryOnSqlState(SWAP_RETRY, () =>
          db.transaction(async (tx) => {
            await lockStoredBoards(tx, SWAP_LOCK_TIMEOUT_MS);
            await swapInNextBoard(tx, season.id, indexes);
            await settleCoveredChanges(tx);
            await saveStandingsState(tx, season.id, { ...state, ...board });
          }),
        );
        phaseDone('swapped');
        // Readers have the new board; under the rebuild's lock, no other rebuild adds names. A re-keyed
        // board holds the stored one's names, but its grown blocks are cut. Between placements: a name
        // one under way adds, its row unseen by the tidy, would be lost to search until the next rebuild.
        await betweenPlacements(db, (tx) =>
          rekeyed ? cutSwollenBlocks(tx, season.id) : forgetUnheldNames(tx),
        );
        await dropReplacedBoard(db);
        const method = rekeyed ? 'rekeyed' : 'scored';
        return { status: 'recomputed', method, members: board.members, durationMs, computedFor: now };
      } finally {
        // Should the unlock fail, it throws: `withConnection` then closes the connection, which frees the lock.
        await releaseRecomputeLock(db);
      }
    })
    .finally(() => stopRecomputing(database));
  if (result.status === 'recomputed') phaseDone('tidied');
  return result;
}

/** The stored board re-keyed when only the goals counted changed (not the season's end); else undefined. */
async function rekeyWhenGoalsAllow(db: Database, scoring: BoardScoring, reason: StaleReason | undefined) {
  if (reason !== 'goals counted changed') return undefined;
  const stored = await readStoredRankedWith(db, scoring.seasonId);
  if (!stored || stored.isSeasonOver !== scoring.rankedWith.isSeasonOver) return undefined;
  return rekeyNextBoard(db, scoring, changedScorers(stored.scorers, scoring.rankedWith.scorers));
}

/**
 * The other new tables and the indexes, side by side, the longest first (docs/benchmarks/standings.md).
 * A scored board's blocks are counted along its order index, built first; a re-keyed board's,
 * copied, are counted again once its indexes are built.
 */
async function countAndIndexNextBoard(
  database: DatabaseHandle,
  seasonId: string,
  indexes: readonly IndexDefinition[],
  rekeyed: NextBoard | undefined,
): Promise<NextBoard> {
  const builds = nextBoardIndexTasks(indexes);
  let board = rekeyed;
  const orderThenCount = async (db: Database) => {
    await builds.order(db);
    board = await countNextBoard(db, seasonId);
  };
  await runSideBySide(
    database,
    rekeyed
      ? [(db) => copyNextLeaguesAndBlocks(db, seasonId), ...builds.onBoard, builds.order]
      : [
          orderThenCount,
          (db) => createNextLeagueStandings(db, seasonId),
          ...builds.onBoard,
          addNextBoardNames,
        ],
  );
  // Vacuumed, a re-keyed board's blocks are counted along its indexes alone.
  const analyzeBoard = (db: Database) => analyzeNextBoard(db, rekeyed ? 'vacuum (analyze)' : 'analyze');
  await runSideBySide(database, [...builds.others, analyzeBoard]);
  await vacuumNextLeaguesAndBlocks(database.db);
  if (rekeyed) await runSideBySide(database, recountNextBlocks);
  if (!board) throw new Error('The new board was not counted');
  return board;
}
