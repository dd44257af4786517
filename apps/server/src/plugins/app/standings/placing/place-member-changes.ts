import { isSeasonOver, type SeasonConfig } from '@hit21/core';
import type { DatabaseHandle, Transaction } from '../../../../db/database.ts';
import { hasSqlState } from '../../../../db/database-errors.ts';
import type { RankedWith } from '../../../../db/schema/index.ts';
import { holdOffRebuilds, isRecomputing, lockBoardsForPlacing } from '../locks.ts';
import { MAX_BLOCK_MEMBERS, MAX_PLACED_CHANGES } from '../model.ts';
import { changedScorers, rankedWith, readRankingInputs } from '../ranking-inputs.ts';
import {
  listPickers,
  type MemberToPlace,
  readMembersToPlace,
  readSquadPicks,
} from './board-members-repository.ts';
import { insertPlacedMembers, moveMembers, type RemovedRow, removeMembers } from './board-rows-repository.ts';
import { BoardShifts } from './board-shifts.ts';
import { CannotPlace } from './cannot-place.ts';
import { findPlaces, type Score, scorer } from './find-places.ts';
import { listUnplacedChanges, type MemberChange, settlePlacedChanges } from './member-changes-repository.ts';
import {
  type GoalsPlaced,
  type PlacingState,
  readPlacingState,
  saveBoardRevision,
} from './placing-state-repository.ts';
import { shiftRankBlocks } from './rank-block-counts-repository.ts';

/**
 * Goals that move more members than this at once (a gameweek's goals caught up in one sync, the
 * clock moved a long way) are left to a rebuild. A live goal moves its scorer's pickers, a small
 * share of the players in the benchmark's population. Past this many movers, a placement took the
 * server past the gigabyte it keeps within and longer than a re-rank (decision 005; the
 * placements measured are in docs/benchmarks/standings.md).
 */
export const MAX_GOAL_MOVERS = 250_000;

/**
 * Members placed in one go: the server holds a few kilobytes for each while it finds their places
 * (their squads, ranking columns and searches). More movers are placed in batches of this many,
 * in the one transaction, each among the members stored and the batches placed before it.
 */
export const PLACED_AT_ONCE = 25_000;

export type PlaceResult =
  | {
      status: 'placed';
      /** Members put (back) on the board, and rows taken off it. */
      placed: number;
      removed: number;
      /** Footballers whose goals changed, and their pickers moved with them (goals placed only). */
      scorersChanged: number;
      moved: number;
      /** Stored members given new positions to make room (`placeInBlock`). */
      spread: number;
      durationMs: number;
      /** A block has grown past MAX_BLOCK_MEMBERS: the boards are to be rebuilt once goals are quiet. */
      needsRebuild: boolean;
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
 * global one, their country's and club's, their leagues'), scored as the rebuild scored the
 * board (the scorers it stored, the domain's `scoreSquadForRanking`) and put between the two
 * members they rank between, at a position halfway between theirs (`standings.position`), with
 * the rank blocks and state row moved in step. Readers see the board before or
 * after, never half of it. The transaction reads one snapshot: a stored member whose squad changed
 * since is in it as a change, taken off before anyone is compared with them; a change committed
 * meanwhile is placed next time.
 */
export async function placeMemberChanges(options: {
  database: DatabaseHandle;
  season: SeasonConfig;
  /**
   * Also rank the board with the goals that count at this moment instead of those it was ranked
   * with: the pickers of every footballer whose goals changed are placed again, as changed
   * members are. Everyone else keeps their place, as the order of two members depends on their
   * own picks' goals alone.
   */
  goalsAt?: Date;
  /** Members placed in one go (PLACED_AT_ONCE; the tests place small batches). */
  placedAtOnce?: number;
}): Promise<PlaceResult> {
  const { database, season, goalsAt, placedAtOnce = PLACED_AT_ONCE } = options;
  // The embedded database's single session would interleave with its own rebuild, and its
  // advisory locks cannot tell one from the other; on PostgreSQL they can (holdOffRebuilds).
  if (database.engine === 'pglite' && isRecomputing(database)) return { status: 'busy' };
  const started = performance.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { result, settle } = await database.db.transaction(
        (tx) => placeInOneTransaction(tx, season, { started, goalsAt, placedAtOnce }),
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
  options: { started: number; goalsAt: Date | undefined; placedAtOnce: number },
): Promise<{
  result: PlaceResult;
  /** The changes placed, to take out of the log once committed. */
  settle?: MemberChange[];
}> {
  const work = await readWorkToPlace(tx, season, options.goalsAt);
  if ('result' in work) return work;
  const { state, changes, isRebuildRunning, goals } = work;
  const userIds = [...new Set([...changes.map((change) => change.userId), ...(goals?.movers ?? [])])];
  const removed = await removeMembers(tx, season.id, userIds);
  const shifts = new BoardShifts();
  for (const row of removed.board) shifts.member(row, -1);
  for (const row of removed.leagues) shifts.league(row, -1);
  const score = scorer(season.id, goals?.placed.rankedWith ?? state.rankedWith);
  // A goal's pickers whose own change waits for nothing are placed as the board holds them
  // (their name, country and club), with their squads: a change of theirs would be in `changes`,
  // and one who is not on the board is not a member.
  const changed = new Set(changes.map((change) => change.userId));
  const unchangedMovers = removed.board.filter((row) => !changed.has(row.userId));
  const batches = batchesToPlace(tx, season.id, {
    changed,
    unchangedMovers,
    placedAtOnce: options.placedAtOnce,
  });
  const placed = await placeBatches(tx, season.id, { batches, score, shifts, state });
  const largestBlock = await shiftRankBlocks(tx, season.id, shifts.blockChanges());
  // A rebuild under way may not have read these changes: they stay in the log, marked placed,
  // for its swap to mark unplaced again; marked in this transaction, before that swap can run.
  if (isRebuildRunning) await settlePlacedChanges(tx, changes, { isRebuildRunning });
  const durationMs = Math.round(performance.now() - options.started);
  await saveBoardRevision(tx, season.id, {
    memberChange: placed.count - removed.board.length,
    countries: [...placed.countries].sort(),
    clubs: [...placed.clubs].sort(),
    placeMs: durationMs,
    goals: goals?.placed,
  });
  return {
    result: {
      status: 'placed',
      placed: placed.count,
      removed: removed.board.length,
      scorersChanged: goals?.scorers ?? 0,
      moved: goals?.movers.length ?? 0,
      spread: placed.spread,
      durationMs,
      needsRebuild: largestBlock > MAX_BLOCK_MEMBERS,
    },
    settle: isRebuildRunning ? undefined : changes,
  };
}

/** What a placement is to place, read under its locks in its snapshot. */
interface WorkToPlace {
  state: PlacingState & { rankedWith: RankedWith };
  changes: MemberChange[];
  isRebuildRunning: boolean;
  goals: GoalChanges | undefined;
}

/**
 * Takes the placement's locks and reads the stored board's state, the changes waiting and the
 * goals' changes; answers the result when there is nothing to place or another is placing.
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
  if (!state.rankedWith) throw new CannotPlace('the stored board does not list its scorers');
  const changes = await listUnplacedChanges(tx, MAX_PLACED_CHANGES + 1);
  if (changes.length === 0 && !goalsAt) return { result: { status: 'unchanged' } };
  if (changes.length > MAX_PLACED_CHANGES) throw new CannotPlace(`more than ${MAX_PLACED_CHANGES} changes`);
  const isRebuildRunning = !(await holdOffRebuilds(tx));
  // A rebuild under way ranks with goals of its own: its board replaces this one anyway.
  if (goalsAt && isRebuildRunning) throw new CannotPlace('a rebuild is running');
  const goals = goalsAt ? await readGoalChanges(tx, season, state.rankedWith, goalsAt) : undefined;
  return { state: { ...state, rankedWith: state.rankedWith }, changes, isRebuildRunning, goals };
}

/** The changed members, then the other movers `placedAtOnce` at a time, with their squads. */
async function* batchesToPlace(
  tx: Transaction,
  seasonId: string,
  options: { changed: Set<string>; unchangedMovers: readonly RemovedRow[]; placedAtOnce: number },
): AsyncGenerator<MemberToPlace[]> {
  const { changed, unchangedMovers, placedAtOnce } = options;
  yield await readMembersToPlace(tx, seasonId, [...changed]);
  for (let start = 0; start < unchangedMovers.length; start += placedAtOnce) {
    const batch = unchangedMovers.slice(start, start + placedAtOnce);
    const squadPicks = await readSquadPicks(
      tx,
      seasonId,
      batch.map((row) => row.userId),
    );
    yield batch.map(({ userId, fullName, country, club }) => {
      return { userId, fullName, country, club, pickIds: squadPicks.get(userId) ?? [] };
    });
  }
}

/**
 * Places each batch among the members stored and the batches placed before it, the block
 * changes summed into `shifts`; answers the members placed and spread, and the board's
 * countries and clubs with theirs.
 */
async function placeBatches(
  tx: Transaction,
  seasonId: string,
  options: {
    batches: AsyncGenerator<MemberToPlace[]>;
    score: Score;
    shifts: BoardShifts;
    state: PlacingState;
  },
): Promise<{ count: number; spread: number; countries: Set<string>; clubs: Set<string> }> {
  const { batches, score, shifts, state } = options;
  let placedCount = 0;
  let spreadCount = 0;
  const countries = new Set(state.countries);
  const clubs = new Set(state.clubs);
  for await (const batch of batches) {
    const { rows: placed, moved } = await findPlaces(tx, seasonId, batch, score);
    await moveMembers(tx, seasonId, moved);
    const leagueRows = await insertPlacedMembers(tx, seasonId, placed);
    for (const row of placed) {
      shifts.member(row, 1);
      countries.add(row.country);
      clubs.add(row.club);
    }
    for (const row of leagueRows) shifts.league(row, 1);
    placedCount += placed.length;
    spreadCount += moved.length;
  }
  return { count: placedCount, spread: spreadCount, countries, clubs };
}

/** The goals a placement ranks the board with, and the members it places again for them. */
interface GoalChanges {
  placed: GoalsPlaced;
  scorers: number;
  movers: string[];
}

/**
 * The goals that count at `now`, read in the placement's snapshot, as the board is to be ranked
 * with them, and the members to place again for them: the pickers of every footballer whose goals
 * differ from those the board was ranked with.
 */
async function readGoalChanges(
  tx: Transaction,
  season: SeasonConfig,
  stored: RankedWith,
  now: Date,
): Promise<GoalChanges> {
  const inputs = await readRankingInputs(tx, season.id, now);
  const next = rankedWith(inputs, isSeasonOver(season.gameweeks, now));
  if (next.isSeasonOver !== stored.isSeasonOver) throw new CannotPlace('the season ended');
  const scorers = changedScorers(stored, next);
  if (!scorers) throw new CannotPlace("the stored board does not list its scorers' goal times");
  const movers = await listPickers(tx, season.id, scorers, MAX_GOAL_MOVERS + 1);
  if (movers.length > MAX_GOAL_MOVERS) {
    throw new CannotPlace(`the goals moved more than ${MAX_GOAL_MOVERS} members`);
  }
  return {
    placed: { computedFor: now, goalsFingerprint: inputs.goalsFingerprint, rankedWith: next },
    scorers: scorers.length,
    movers,
  };
}
