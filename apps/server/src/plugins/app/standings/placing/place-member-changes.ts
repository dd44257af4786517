import { isSeasonOver, type ScorerChange, type SeasonConfig, scorerChanges, seasonOrigin } from '@hit21/core';
import type { DatabaseHandle, Transaction } from '../../../../db/database.ts';
import { retryOnSqlState, SQL_STATES } from '../../../../db/database-errors.ts';
import type { RankedWith } from '../../../../db/schema/index.ts';
import { holdOffRebuilds, isRecomputing, lockBoardsForPlacing } from '../locks.ts';
import { MAX_GOAL_MOVERS, MAX_PLACED_CHANGES } from '../model.ts';
import { readRankingInputs } from '../ranking-inputs.ts';
import {
  addGoalMovers,
  addUsersToPlace,
  applyBlockMoves,
  createPlacingTables,
  insertMembers,
  rekeyGoalMovers,
  removeMembers,
} from './board-rows-repository.ts';
import {
  type GoalsPlaced,
  listUnplacedChanges,
  type MemberChange,
  type PlacingState,
  readPlacingState,
  saveBoardRevision,
  settlePlacedChanges,
} from './member-changes-repository.ts';

export type PlaceResult =
  | {
      status: 'placed';
      /** Members whose own change was placed (taken off, then put back scored). */
      placed: number;
      removed: number;
      /** Footballers whose goals changed, and their pickers, re-keyed where they stand. */
      scorersChanged: number;
      moved: number;
      durationMs: number;
    }
  | { status: 'unchanged' }
  /** Another instance is placing now, or this one rebuilding. */
  | { status: 'busy' }
  | { status: 'needs rebuild'; reason: string };

/** Rolls the placement's transaction back and asks for a rebuild. */
class CannotPlace extends Error {}

/** Places the members changed since the stored board in one transaction (README: placing). */
export async function placeMemberChanges(options: {
  database: DatabaseHandle;
  season: SeasonConfig;
  /** Also score the board with the goals that count then: their changed scorers' pickers are placed too. */
  goalsAt?: Date;
}): Promise<PlaceResult> {
  const { database, season, goalsAt } = options;
  // The embedded database's one session cannot keep its own rebuild apart by advisory locks.
  if (database.engine === 'pglite' && isRecomputing(database)) return { status: 'busy' };
  const started = performance.now();
  try {
    return await retryOnSqlState({ code: SQL_STATES.serializationFailure, attempts: 3 }, async () => {
      const { result, settle } = await database.db.transaction(
        (tx) => placeInOneTransaction(tx, season, { started, goalsAt }),
        { isolationLevel: 'repeatable read' },
      );
      // After the commit: in the placement's snapshot this would be a write conflict with a member
      // changed again meanwhile; a crash before it only places the same changes again.
      if (settle) await settlePlacedChanges(database.db, settle, { isRebuildRunning: false });
      return result;
    });
  } catch (error) {
    if (error instanceof CannotPlace) return { status: 'needs rebuild', reason: error.message };
    throw error;
  }
}

/** Answers the changes placed, to take out of the log once committed (`settle`). */
async function placeInOneTransaction(
  tx: Transaction,
  season: SeasonConfig,
  options: { started: number; goalsAt: Date | undefined },
): Promise<{ result: PlaceResult; settle?: MemberChange[] }> {
  const work = await readWorkToPlace(tx, season, options.goalsAt);
  if ('result' in work) return work;
  const { state, changes, isRebuildRunning, goals } = work;
  await createPlacingTables(tx);
  await addUsersToPlace(
    tx,
    changes.map(({ userId }) => userId),
  );
  const moved = goals ? await addGoalMovers(tx, season.id, goals.changes) : 0;
  if (moved > MAX_GOAL_MOVERS) throw new CannotPlace(`the goals moved more than ${MAX_GOAL_MOVERS} members`);
  const { removed } = await removeMembers(tx, season.id);
  const rankedWith = goals?.placed.rankedWith ?? state.rankedWith;
  if (moved > 0) await rekeyGoalMovers(tx, season.id, rankedWith);
  const placed = await insertMembers(tx, { seasonId: season.id, rankedWith });
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
  const scorersChanged = goals?.changes.length ?? 0;
  return {
    result: { status: 'placed', placed: placed.placed, removed, scorersChanged, moved, durationMs },
    settle: isRebuildRunning ? undefined : changes,
  };
}

/** Takes the locks and reads the state, the changes and the changed scorers; or the result if none. */
async function readWorkToPlace(
  tx: Transaction,
  season: SeasonConfig,
  goalsAt: Date | undefined,
): Promise<
  | { state: PlacingState; changes: MemberChange[]; isRebuildRunning: boolean; goals?: GoalChanges }
  | { result: PlaceResult }
> {
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

type GoalChanges = { placed: GoalsPlaced; changes: ScorerChange[] };

/** The goals that count at `now` and the changes of the footballers whose goals changed since `stored`. */
async function readGoalChanges(
  tx: Transaction,
  season: SeasonConfig,
  stored: RankedWith,
  now: Date,
): Promise<GoalChanges> {
  const inputs = await readRankingInputs(tx, season.id, now, isSeasonOver(season.gameweeks, now));
  if (inputs.rankedWith.isSeasonOver !== stored.isSeasonOver) throw new CannotPlace('the season ended');
  return {
    placed: { computedFor: now, goalsFingerprint: inputs.goalsFingerprint, rankedWith: inputs.rankedWith },
    changes: scorerChanges(stored.scorers, inputs.rankedWith.scorers, seasonOrigin(season.id)),
  };
}
