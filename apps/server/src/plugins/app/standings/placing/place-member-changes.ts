import { changedScorers, isSeasonOver, type SeasonConfig } from '@hit21/core';
import type { DatabaseHandle, Transaction } from '../../../../db/database.ts';
import { hasSqlState } from '../../../../db/database-errors.ts';
import type { RankedWith } from '../../../../db/schema/index.ts';
import { holdOffRebuilds, isRecomputing, lockBoardsForPlacing } from '../locks.ts';
import { MAX_GOAL_MOVERS, MAX_PLACED_CHANGES } from '../model.ts';
import { readRankingInputs } from '../ranking-inputs.ts';
import {
  addPickersToPlace,
  addUsersToPlace,
  createPlacingTables,
  insertMembers,
  removeMembers,
} from './board-rows-repository.ts';
import { CannotPlace } from './cannot-place.ts';
import { listUnplacedChanges, type MemberChange, settlePlacedChanges } from './member-changes-repository.ts';
import {
  type GoalsPlaced,
  type PlacingState,
  readPlacingState,
  saveBoardRevision,
} from './placing-state-repository.ts';
import { applyBlockMoves } from './rank-block-counts-repository.ts';

export type PlaceResult =
  | {
      status: 'placed';
      /** Members put (back) on the board, and rows taken off it. */
      placed: number;
      removed: number;
      /** Footballers whose goals changed, and their pickers moved with them (goals placed only). */
      scorersChanged: number;
      moved: number;
      durationMs: number;
    }
  | { status: 'unchanged' }
  /** Another instance is placing now, or this one rebuilding. */
  | { status: 'busy' }
  /** The changes cannot be placed on the stored board: a rebuild must rank them. */
  | { status: 'needs rebuild'; reason: string };

/** PostgreSQL's SQLSTATE when a repeatable-read transaction meets a concurrent change. */
const SERIALIZATION_FAILURE = '40001';

/**
 * Puts the members changed since the stored board (`markMemberChanged`) at their places on it,
 * in one transaction, instead of ranking everyone again: each is taken off every board (the
 * global one, their country's and club's, their leagues') and put back scored as they are now,
 * with the board's goals (`scoredMembers`): their `ord` is their place, whoever else is on the
 * board. The rank blocks and the state row move in step. Readers see the board before or after,
 * never half of it. The transaction reads one snapshot; a change committed meanwhile is placed
 * next time.
 */
export async function placeMemberChanges(options: {
  database: DatabaseHandle;
  season: SeasonConfig;
  /**
   * Also score the board with the goals that count at this moment instead of those it counted:
   * the pickers of every footballer whose goals changed are placed again, as changed members
   * are. Everyone else keeps their `ord`, which depends on their own picks' goals alone.
   */
  goalsAt?: Date;
}): Promise<PlaceResult> {
  const { database, season, goalsAt } = options;
  // The embedded database's single session would interleave with its own rebuild, and its
  // advisory locks cannot tell one from the other; on PostgreSQL they can (holdOffRebuilds).
  if (database.engine === 'pglite' && isRecomputing(database)) return { status: 'busy' };
  const started = performance.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { result, settle } = await database.db.transaction(
        (tx) => placeInOneTransaction(tx, season, { started, goalsAt }),
        { isolationLevel: 'repeatable read' },
      );
      // Once placed, the changes leave the log: a member changed again meanwhile keeps their newer
      // change (its own `seq`). In the placement's snapshot this would be a write conflict; a
      // crash before it only places the same changes again, and a rebuild started since read them.
      if (settle) await settlePlacedChanges(database.db, settle, { isRebuildRunning: false });
      return result;
    } catch (error) {
      if (error instanceof CannotPlace) return { status: 'needs rebuild', reason: error.message };
      // A member deleted or changed by another transaction since the snapshot: read again.
      if (attempt < 3 && hasSqlState(error, SERIALIZATION_FAILURE)) continue;
      throw error;
    }
  }
}

async function placeInOneTransaction(
  tx: Transaction,
  season: SeasonConfig,
  options: { started: number; goalsAt: Date | undefined },
): Promise<{
  result: PlaceResult;
  /** The changes placed, to take out of the log once committed. */
  settle?: MemberChange[];
}> {
  const work = await readWorkToPlace(tx, season, options.goalsAt);
  if ('result' in work) return work;
  const { state, changes, isRebuildRunning, goals } = work;
  await createPlacingTables(tx);
  await addUsersToPlace(
    tx,
    changes.map((change) => change.userId),
  );
  const moved = goals ? await addPickersToPlace(tx, season.id, goals.scorers) : 0;
  if (moved > MAX_GOAL_MOVERS) throw new CannotPlace(`the goals moved more than ${MAX_GOAL_MOVERS} members`);
  const { removed } = await removeMembers(tx, season.id);
  const placed = await insertMembers(tx, {
    seasonId: season.id,
    rankedWith: goals?.placed.rankedWith ?? state.rankedWith,
  });
  await applyBlockMoves(tx, season.id);
  // A rebuild under way may not have read these changes: they stay in the log, marked placed,
  // for its swap to mark unplaced again; marked in this transaction, before that swap can run.
  if (isRebuildRunning) await settlePlacedChanges(tx, changes, { isRebuildRunning });
  const durationMs = Math.round(performance.now() - options.started);
  await saveBoardRevision(tx, season.id, {
    memberChange: placed.placed - removed,
    countries: [...new Set([...state.countries, ...placed.countries])].sort(),
    clubs: [...new Set([...state.clubs, ...placed.clubs])].sort(),
    placeMs: durationMs,
    goals: goals?.placed,
  });
  return {
    result: {
      status: 'placed',
      placed: placed.placed,
      removed,
      scorersChanged: goals?.scorers.length ?? 0,
      moved,
      durationMs,
    },
    settle: isRebuildRunning ? undefined : changes,
  };
}

/** What a placement is to place, read under its locks in its snapshot. */
interface WorkToPlace {
  state: PlacingState;
  changes: MemberChange[];
  isRebuildRunning: boolean;
  goals: { placed: GoalsPlaced; scorers: string[] } | undefined;
}

/**
 * Takes the placement's locks and reads the stored board's state, the changes waiting and the
 * footballers whose goals changed; answers the result when there is nothing to place or another
 * is placing.
 */
async function readWorkToPlace(
  tx: Transaction,
  season: SeasonConfig,
  goalsAt: Date | undefined,
): Promise<WorkToPlace | { result: PlaceResult }> {
  if (!(await lockBoardsForPlacing(tx))) return { result: { status: 'busy' } };
  const state = await readPlacingState(tx, season.id);
  if (!state) throw new CannotPlace('no stored board yet');
  if (state.isBoardLost) throw new CannotPlace('the stored board was lost in a crash of the database');
  const changes = await listUnplacedChanges(tx, MAX_PLACED_CHANGES + 1);
  if (changes.length === 0 && !goalsAt) return { result: { status: 'unchanged' } };
  if (changes.length > MAX_PLACED_CHANGES) throw new CannotPlace(`more than ${MAX_PLACED_CHANGES} changes`);
  const isRebuildRunning = !(await holdOffRebuilds(tx));
  // A rebuild under way ranks with goals of its own: its board replaces this one anyway.
  if (goalsAt && isRebuildRunning) throw new CannotPlace('a rebuild is running');
  const goals = goalsAt ? await readGoalChanges(tx, season, state.rankedWith, goalsAt) : undefined;
  return { state, changes, isRebuildRunning, goals };
}

/** The goals that count at `now`, read in the placement's snapshot, and the footballers whose goals changed. */
async function readGoalChanges(
  tx: Transaction,
  season: SeasonConfig,
  stored: RankedWith,
  now: Date,
): Promise<{ placed: GoalsPlaced; scorers: string[] }> {
  const inputs = await readRankingInputs(tx, season.id, now, isSeasonOver(season.gameweeks, now));
  if (inputs.rankedWith.isSeasonOver !== stored.isSeasonOver) throw new CannotPlace('the season ended');
  return {
    placed: { computedFor: now, goalsFingerprint: inputs.goalsFingerprint, rankedWith: inputs.rankedWith },
    scorers: changedScorers(stored.scorers, inputs.rankedWith.scorers),
  };
}
