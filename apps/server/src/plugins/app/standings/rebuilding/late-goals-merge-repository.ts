import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Database, selectRows, type Transaction } from '../../../../db/database.ts';
import { searchKeySql } from '../../../../db/name-folding.ts';
import {
  POSITION_STRIDE,
  type RankedWith,
  standingsMemberChanges,
  standingsState,
} from '../../../../db/schema/index.ts';
import { MAX_PLACED_CHANGES } from '../model.ts';
import { isBoardLostSql } from '../rank-blocks-repository.ts';
import {
  type BoardScoring,
  rankingBucket,
  scoredMembers,
  setRankingSettings,
} from './board-scoring-repository.ts';
import { completeNextBoard, dropLeftovers } from './next-board-repository.ts';

/**
 * How far a merge may spread the board (`mergeLateGoals`): the positions it leaves span at most
 * this many times those of a rebuild, so that rank blocks hold half their members or more.
 */
const MERGED_SPAN_LIMIT = 2;

/**
 * The new board when the goals that count changed from the stored board's (`rankedWith`) by
 * goals added only (`lateGoalChange`), built without ranking everyone again: `false` when it
 * cannot be (the stored board was not ranked with `rankedWith`, too many member changes wait, or
 * the board would spread too far), and the caller ranks it whole.
 *
 * The members whose squad holds a late scorer (every footballer with a goal at or after the
 * earliest added goal's kick-off) are scored as a rebuild scores them; everyone else keeps their
 * row, their order among themselves and their status and goals, which nothing they picked
 * changed. Among members with the same group and goals (the ranking's bucket), each scored member
 * ranks above every other: each has a goal at or after the earliest added goal's kick-off, and the
 * others none, so the latest kick-off at which the two differ is one where only the scored member
 * has goals (the goal-date tie-break). So each bucket of the new board
 * is its scored members, in their order, then the others in their stored order: the others keep
 * their positions shifted by their bucket's room, and no one but the scored members is sorted.
 * Positions keep the stored gaps; a rebuild evens the blocks out later (`blocks uneven`).
 *
 * Member changes waiting are left to be placed on the new board after the swap, as are those of
 * members who change meanwhile.
 */
type MergeOptions = BoardScoring & { rankedWith: RankedWith; lateScorers: readonly string[] };

export async function mergeLateGoals(db: Database, options: MergeOptions): Promise<boolean> {
  const { seasonId } = options;
  await dropLeftovers(db);
  const merged = await db.transaction(
    async (tx) => {
      if (!(await isStoredBoardMergeable(tx, options))) return false;
      await setRankingSettings(tx);
      await tx.execute(sql`create table standings_changes_covered (user_id text, seq bigint)`);
      await scoreLateScorersPickers(tx, options);
      await sizeMergedBuckets(tx, options);
      if (!(await isMergedSpanWithinLimit(tx))) return false;
      await mergeIntoNextBoard(tx, options);
      return true;
    },
    { isolationLevel: 'repeatable read' },
  );
  if (!merged) {
    await dropLeftovers(db);
    return false;
  }
  await db.execute(sql`drop table standings_movers, standings_merge_buckets`);
  await completeNextBoard(db, seasonId);
  return true;
}

/**
 * The board this snapshot reads must be the one ranked with the goals the change starts from,
 * and not one a crash of the database emptied (its tables are unlogged): that holds nobody to keep.
 */
async function isStoredBoardMergeable(tx: Transaction, options: MergeOptions): Promise<boolean> {
  const { seasonId } = options;
  const [state] = await selectRows<{ ranked_with: RankedWith | null; waiting: number; is_lost: boolean }>(
    tx,
    sql`select ranked_with, (select count(*)::int from ${standingsMemberChanges}) as waiting,
            ${isBoardLostSql(seasonId)} as is_lost
          from ${standingsState} where season_id = ${seasonId}`,
  );
  if (
    !state?.ranked_with ||
    state.is_lost ||
    !isDeepStrictEqual(state.ranked_with, options.rankedWith) ||
    // A merge leaves them to be placed on its board: more than a placement takes are ranked whole.
    state.waiting > MAX_PLACED_CHANGES
  ) {
    return false;
  }
  return true;
}

/** The late scorers' pickers, scored as a rebuild scores them, into `standings_movers`. */
async function scoreLateScorersPickers(tx: Transaction, options: MergeOptions): Promise<void> {
  await tx.execute(sql`create unlogged table standings_movers as
        select user_id, full_name, country, club, status, total_goals, bucket, rank_key, coin_toss
        from ${scoredMembers(options, options.lateScorers)} as scored`);
  await tx.execute(sql`analyze standings_movers`);
}

/** Each bucket's room on the new board: its scored members, then the stored bucket's span. */
async function sizeMergedBuckets(tx: Transaction, options: MergeOptions): Promise<void> {
  const { seasonId } = options;
  const stride = POSITION_STRIDE;
  const storedBucket = rankingBucket(options.groupOrder, 'status', 'total_goals');
  await tx.execute(sql`create unlogged table standings_merge_buckets as
        with stored as (
          select ${storedBucket} as bucket, min(position) as first, max(position) as last, count(*) as members
          from standings where season_id = ${seasonId} group by 1),
        scored as (select bucket, count(*) as movers from standings_movers group by bucket),
        sized as (
          select coalesce(stored.bucket, scored.bucket) as bucket, coalesce(scored.movers, 0) as movers,
            stored.first, coalesce(stored.members, 0) as members,
            coalesce(scored.movers, 0) * ${stride}::bigint + coalesce(stored.last - stored.first + ${stride}::bigint, 0) as span
          from stored full join scored on scored.bucket = stored.bucket)
        select bucket, movers, first, members,
          coalesce(sum(span) over (order by bucket rows between unbounded preceding and 1 preceding), 0)::bigint as start,
          sum(span) over ()::bigint as board_span
        from sized`);
}

/** The merged board spreads no further than MERGED_SPAN_LIMIT allows (then its buckets are analysed). */
async function isMergedSpanWithinLimit(tx: Transaction): Promise<boolean> {
  const stride = POSITION_STRIDE;
  // The members counted from both sides (a scored member on the stored board twice): a bound.
  const [size] = await selectRows<{ span: string; members: string }>(
    tx,
    sql`select coalesce(max(board_span), 0)::text as span, (sum(members) + sum(movers))::text as members
          from standings_merge_buckets`,
  );
  const span = BigInt(size?.span ?? '0');
  const members = BigInt(size?.members ?? '0');
  if (span > BigInt(MERGED_SPAN_LIMIT) * members * BigInt(stride) || span >= 2n ** 53n) return false;
  await tx.execute(sql`analyze standings_merge_buckets`);
  return true;
}

/**
 * Everyone else where they were within their bucket, after its scored members; the scored
 * members numbered within their bucket. Columns in the stored table's order and types.
 */
async function mergeIntoNextBoard(tx: Transaction, options: MergeOptions): Promise<void> {
  const { seasonId } = options;
  const stride = POSITION_STRIDE;
  // Both joins hashed and the board read by two processes while the leading one writes: left to
  // itself, the planner merged them, sorting the board by user and by bucket, several times slower.
  await tx.execute(sql`set local enable_mergejoin = off`);
  await tx.execute(sql`set local parallel_tuple_cost = 0`);
  await tx.execute(sql`set local parallel_setup_cost = 0`);
  await tx.execute(sql`create unlogged table standings_next as
        select board.season_id, board.user_id, board.status, board.total_goals,
          board.position - bucket.first + bucket.start + bucket.movers * ${stride}::bigint + ${stride / 2}::bigint as position,
          board.full_name, board.country, board.club, board.search_name
        from standings as board
        join standings_merge_buckets as bucket on bucket.bucket = ${rankingBucket(options.groupOrder, 'board.status', 'board.total_goals')}
        where board.season_id = ${seasonId}
          and not exists (select from standings_movers as mover where mover.user_id = board.user_id)
        union all
        select ${seasonId}::text, mover.user_id, mover.status, mover.total_goals,
          bucket.start + mover.place * ${stride}::bigint - ${stride / 2}::bigint,
          mover.full_name, mover.country, mover.club, ${searchKeySql(sql.raw('mover.full_name'))} collate "C"
        from (select *, row_number() over (partition by bucket order by rank_key, coin_toss, user_id) as place
          from standings_movers) as mover
        join standings_merge_buckets as bucket on bucket.bucket = mover.bucket`);
}
