import { changedScorers, isSeasonOver, type SeasonConfig } from '@hit21/core';
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
import { type RankingInputs, readRankingInputs } from '../ranking-inputs.ts';
import {
  dropReplacedBoard,
  readStoredRankedWith,
  saveStandingsState,
  settleCoveredChanges,
  swapInNextBoard,
} from './board-swap-repository.ts';
import { countAndIndexNextBoard, indexAndRecountNextBoard } from './next-board-builds.ts';
import { prepareNextTables } from './next-board-counts-repository.ts';
import { listStandingsIndexes } from './next-board-indexes-repository.ts';
import { rankNextBoard } from './next-board-repository.ts';
import { rekeyNextBoard } from './rekeyed-board-repository.ts';

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
        const rekeyed = await rekeyWhenGoalsAllow(connection.db, scoring, options.reason);
        if (!rekeyed) await rankNextBoard(connection.db, scoring);
        phaseDone('ranked');
        await prepareNextTables(connection.db, season.id);
        const board = rekeyed
          ? await indexAndRecountNextBoard(database, season.id, indexes).then(() => rekeyed)
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
        if (rekeyed) await cutSwollenBlocksWhenPlacingAllows(connection.db, season.id);
        // Readers have the new board; still under the rebuild's lock, so no other rebuild adds names.
        await forgetAllUnheldNames(connection.db);
        await dropReplacedBoard(connection.db);
        return {
          status: 'recomputed',
          method: rekeyed ? 'rekeyed' : 'scored',
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
 * same season's end: answers that board's members, countries and clubs, or undefined when the
 * board is to be scored whole.
 */
async function rekeyWhenGoalsAllow(db: Database, scoring: BoardScoring, reason: StaleReason | undefined) {
  if (reason !== 'goals counted changed') return undefined;
  const stored = await readStoredRankedWith(db, scoring.seasonId);
  if (!stored || stored.isSeasonOver !== scoring.rankedWith.isSeasonOver) return undefined;
  return rekeyNextBoard(db, scoring, changedScorers(stored.scorers, scoring.rankedWith.scorers));
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
