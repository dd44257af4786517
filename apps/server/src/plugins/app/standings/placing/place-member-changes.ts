import {
  compareRankingColumns,
  isSeasonOver,
  type RankedFootballer,
  type RankingColumns,
  type SeasonConfig,
  scoreSquadForRanking,
} from '@hit21/core';
import type { DatabaseHandle, Transaction } from '../../../../db/database.ts';
import { hasSqlState } from '../../../../db/database-errors.ts';
import { BLOCK_SPAN, type RankedWith } from '../../../../db/schema/index.ts';
import { holdOffRebuilds, isRecomputing, lockBoardsForPlacing, waitToPlace } from '../locks.ts';
import { MAX_BLOCK_MEMBERS, MAX_PLACED_CHANGES } from '../model.ts';
import { forgetUnheldNames } from '../names-repository.ts';
import { changedScorers, rankedWith, readRankingInputs } from '../ranking-inputs.ts';
import { requestBoardRebuild } from '../standings-inputs-repository.ts';
import { placeInBlock } from './block-positions.ts';
import {
  type BlockChange,
  forgetMemberChange,
  type GoalsPlaced,
  insertPlacedMembers,
  listPickers,
  listSeasonsHolding,
  listUnplacedChanges,
  type MemberChange,
  type MemberToPlace,
  type MovedMember,
  markDeletionPlaced,
  moveMembers,
  type PlacedRow,
  readBlockFirsts,
  readBlockMembers,
  readMembersToPlace,
  readPlacingState,
  readSquadPicks,
  removeMembers,
  type StoredMember,
  saveBoardRevision,
  settlePlacedChanges,
  shiftRankBlocks,
} from './member-changes-repository.ts';

/**
 * Goals that move more members than this at once (a gameweek's goals caught up in one sync, the
 * clock moved a long way) are left to a rebuild. A live goal moves its scorer's pickers, under
 * 1 % of the players in the benchmark's population. Past this many movers, a placement took the
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

/** Thrown inside the placement's transaction to roll it back and ask for a rebuild. */
class CannotPlace extends Error {}

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
  const { started, goalsAt, placedAtOnce } = options;
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
  /** The changed members, then the other movers `placedAtOnce` at a time, with their squads. */
  async function* batchesToPlace(): AsyncGenerator<MemberToPlace[]> {
    yield await readMembersToPlace(tx, season.id, [...changed]);
    for (let start = 0; start < unchangedMovers.length; start += placedAtOnce) {
      const batch = unchangedMovers.slice(start, start + placedAtOnce);
      const squadPicks = await readSquadPicks(
        tx,
        season.id,
        batch.map((row) => row.userId),
      );
      yield batch.map(({ userId, fullName, country, club }) => {
        return { userId, fullName, country, club, pickIds: squadPicks.get(userId) ?? [] };
      });
    }
  }
  // Each batch is placed among the members stored and the batches placed before it.
  let placedCount = 0;
  let spreadCount = 0;
  const countries = new Set(state.countries);
  const clubs = new Set(state.clubs);
  for await (const batch of batchesToPlace()) {
    const { rows: placed, moved } = await findPlaces(tx, season.id, batch, score);
    await moveMembers(tx, season.id, moved);
    const leagueRows = await insertPlacedMembers(tx, season.id, placed);
    for (const row of placed) {
      shifts.member(row, 1);
      countries.add(row.country);
      clubs.add(row.club);
    }
    for (const row of leagueRows) shifts.league(row, 1);
    placedCount += placed.length;
    spreadCount += moved.length;
  }
  const largestBlock = await shiftRankBlocks(tx, season.id, shifts.blockChanges());
  // A rebuild under way may not have read these changes: they stay in the log, marked placed,
  // for its swap to mark unplaced again; marked in this transaction, before that swap can run.
  if (isRebuildRunning) await settlePlacedChanges(tx, changes, { isRebuildRunning });
  const durationMs = Math.round(performance.now() - started);
  await saveBoardRevision(tx, season.id, {
    memberChange: placedCount - removed.board.length,
    countries: [...countries].sort(),
    clubs: [...clubs].sort(),
    placeMs: durationMs,
    goals: goals?.placed,
  });
  return {
    result: {
      status: 'placed',
      placed: placedCount,
      removed: removed.board.length,
      scorersChanged: goals?.scorers ?? 0,
      moved: goals?.movers.length ?? 0,
      spread: spreadCount,
      durationMs,
      needsRebuild: largestBlock > MAX_BLOCK_MEMBERS,
    },
    settle: isRebuildRunning ? undefined : changes,
  };
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
): Promise<{ placed: GoalsPlaced; scorers: number; movers: string[] }> {
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

/**
 * Takes a member off every stored board and league standings now, in the caller's transaction
 * (an account deleted: the person leaves every page at once), with the rank blocks and state
 * row moved in step, and forgets their waiting change: nothing of theirs is kept. A
 * rebuild under way may have read them: then another is asked for, which leaves them out. Their
 * leagues' standings are then current: no change of theirs waits to be placed.
 */
export async function takeMemberOffBoards(tx: Transaction, userId: string): Promise<void> {
  await waitToPlace(tx);
  if (!(await holdOffRebuilds(tx))) await requestBoardRebuild(tx);
  const namesLeft: string[] = [];
  for (const seasonId of await listSeasonsHolding(tx, userId)) {
    const removed = await removeMembers(tx, seasonId, [userId]);
    namesLeft.push(...removed.board.map((row) => row.fullName));
    const shifts = new BoardShifts();
    for (const row of removed.board) shifts.member(row, -1);
    for (const row of removed.leagues) shifts.league(row, -1);
    await shiftRankBlocks(tx, seasonId, shifts.blockChanges());
    await saveBoardRevision(tx, seasonId, { memberChange: -removed.board.length });
  }
  await forgetUnheldNames(tx, namesLeft);
  await forgetMemberChange(tx, userId);
  await markDeletionPlaced(tx, userId);
}

type Score = (member: {
  userId: string;
  pickIds: readonly string[];
}) => ReturnType<typeof scoreSquadForRanking>;

/** Scores a squad as the stored board was ranked: its scorers, limbs and the season's end as it stood. */
function scorer(seasonId: string, rankedWith: RankedWith): Score {
  const scorers = new Map<string, RankedFootballer>(
    rankedWith.scorers.map(([playerId, goals, limbs]) => [
      playerId,
      { goals, goalDateLimbs: limbs.map((limb) => BigInt(limb)) },
    ]),
  );
  const options = { seasonId, limbCount: rankedWith.limbCount, isSeasonOver: rankedWith.isSeasonOver };
  return (member) => scoreSquadForRanking(member, scorers, options);
}

/**
 * Each member's position on the global board. A member goes to the block whose first member is
 * the last to rank before them (the first block if they rank before everyone), and there between
 * the two stored members they rank between, or the block's ends: every member of a block then
 * ranks between its first and the next block's. The members going into the same gap fill its
 * lower half, evenly, in their order: the pickers of a goal gather in a few gaps, at the top of
 * their new total's members, and the next goal's pickers go above them, into the upper half left
 * free; where a gap is too narrow, a stretch of the block around it is spread out, and `moved`
 * lists its stored members' new positions (`placeInBlock`). Each block's members are read once; of
 * their squads, only those a comparison needs.
 */
async function findPlaces(
  tx: Transaction,
  seasonId: string,
  members: readonly MemberToPlace[],
  score: Score,
): Promise<{ rows: PlacedRow[]; moved: MovedMember[] }> {
  if (members.length === 0) return { rows: [], moved: [] };
  const scored = members
    .map((member) => ({ member, ...score(member) }))
    .sort((a, b) => compareRankingColumns(a.columns, b.columns));
  const stored = storedColumns(tx, seasonId, score);
  const firsts = await readBlockFirsts(tx, seasonId);
  const firstsAtOrBefore = await countRankingBefore(
    scored.map((entry) => ({ stored: firsts, columns: entry.columns, orEqual: true })),
    stored,
  );
  const byBlock = new Map<number, typeof scored>();
  for (const [index, entry] of scored.entries()) {
    const block = firsts[Math.max(0, (firstsAtOrBefore[index] ?? 0) - 1)]?.block ?? 0;
    const entering = byBlock.get(block);
    if (entering) entering.push(entry);
    else byBlock.set(block, [entry]);
  }
  const blocks = [];
  for (const [block, entering] of byBlock) {
    blocks.push({ block, entering, members: await readBlockMembers(tx, seasonId, block) });
  }
  const gaps = await countRankingBefore(
    blocks.flatMap(({ entering, members: inBlock }) =>
      entering.map((entry) => ({ stored: inBlock, columns: entry.columns, orEqual: false })),
    ),
    stored,
  );
  const rows: PlacedRow[] = [];
  const moved: MovedMember[] = [];
  let searched = 0;
  for (const { block, entering, members: inBlock } of blocks) {
    const blockGaps = gaps.slice(searched, searched + entering.length);
    searched += entering.length;
    const placed = placeInBlock(block, inBlock, blockGaps);
    if (!placed) throw new CannotPlace('no position left in a rank block');
    for (const [index, { member, status, totalGoals }] of entering.entries()) {
      const { userId, fullName, country, club } = member;
      const position = placed.positions[index] ?? 0;
      rows.push({ userId, position, status, totalGoals, fullName, country, club });
    }
    moved.push(...placed.moved);
  }
  return { rows, moved };
}

/** Stored members' ranking columns, their squads read when first asked for, many in one statement. */
interface StoredColumns {
  read(userIds: Iterable<string>): Promise<void>;
  of(userId: string): RankingColumns;
}

function storedColumns(tx: Transaction, seasonId: string, score: Score): StoredColumns {
  const known = new Map<string, RankingColumns>();
  return {
    async read(userIds) {
      const missing = [...new Set(userIds)].filter((userId) => !known.has(userId));
      if (missing.length === 0) return;
      const picks = await readSquadPicks(tx, seasonId, missing);
      for (const userId of missing) {
        known.set(userId, score({ userId, pickIds: picks.get(userId) ?? [] }).columns);
      }
    },
    of(userId) {
      const columns = known.get(userId);
      if (!columns) throw new Error(`No ranking columns read for ${userId}`);
      return columns;
    },
  };
}

/**
 * For each search, how many of its `stored` members (in their order) rank before its `columns`
 * (`orEqual`: at or before). Binary searches run side by side, a step at a time, so each step
 * reads the squads of the members it compares with in one statement: a block of thousands of
 * members is searched by reading a dozen squads.
 */
async function countRankingBefore(
  searches: readonly { stored: readonly StoredMember[]; columns: RankingColumns; orEqual: boolean }[],
  stored: StoredColumns,
): Promise<number[]> {
  const low = searches.map(() => 0);
  const high = searches.map((search) => search.stored.length);
  const middleOf = (index: number) => Math.floor(((low[index] ?? 0) + (high[index] ?? 0)) / 2);
  for (;;) {
    const open = searches.flatMap((_, index) => ((low[index] ?? 0) < (high[index] ?? 0) ? [index] : []));
    if (open.length === 0) return low;
    await stored.read(open.flatMap((index) => searches[index]?.stored[middleOf(index)]?.userId ?? []));
    for (const index of open) {
      const search = searches[index];
      const middle = middleOf(index);
      const member = search?.stored[middle];
      if (!search || !member) continue;
      const order = compareRankingColumns(stored.of(member.userId), search.columns);
      if (order < 0 || (search.orEqual && order === 0)) low[index] = middle + 1;
      else high[index] = middle;
    }
  }
}

/**
 * The members each rank block gains or loses, summed as members are
 * taken off and placed: one row per block, however many members the batches move.
 */
class BoardShifts {
  readonly #blocks = new Map<string, BlockChange>();

  /** A member on the global board, and on their country's and club's. */
  member(row: { position: number; country: string; club: string }, change: 1 | -1): void {
    this.#block({ board: 'global', name: '', position: row.position, change });
    this.#block({ board: 'country', name: row.country, position: row.position, change });
    this.#block({ board: 'club', name: row.club, position: row.position, change });
  }

  league(row: { leagueId: string; position: number }, change: 1 | -1): void {
    this.#block({ board: 'league', name: row.leagueId, position: row.position, change });
  }

  blockChanges(): BlockChange[] {
    return [...this.#blocks.values()];
  }

  #block(change: BlockChange): void {
    const key = `${change.board}\u0000${change.name}\u0000${Math.floor((change.position - 1) / BLOCK_SPAN)}`;
    const known = this.#blocks.get(key);
    if (known) known.change += change.change;
    else this.#blocks.set(key, { ...change });
  }
}
