import { isDeepStrictEqual } from 'node:util';
import { RANKING_KEY, SQUAD_SIZE } from '@hit21/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows, type Transaction } from '../../../../db/database.ts';
import { searchKeySql } from '../../../../db/name-folding.ts';
import {
  leagueMembers,
  leagues,
  POSITION_STRIDE,
  profiles,
  type RankedWith,
  squads,
  standingsMemberChanges,
  standingsNames,
  standingsState,
} from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { MAX_PLACED_CHANGES, REBUILT_TABLES, type ScoringFootballer } from '../model.ts';
import { blockOf, chunkOf, isBoardLostSql } from '../rank-blocks-repository.ts';

/**
 * The statements of a board rebuild (recompute-standings.ts): the stored tables `standings`,
 * `standings_rank_blocks` and `league_standings` are replaced whole by `<table>_next`, built
 * beside them. They take the db of the operation's own connection where a session matters (the
 * lock, the table being loaded).
 *
 * The new tables are unlogged: nothing they hold is written to the write-ahead log a second
 * time, gigabytes a re-rank at ten million players (figures: docs/benchmarks/standings.md).
 * Everything in them is computed from logged tables: a crash of the database empties them (not a clean
 * restart), and the next check rebuilds the board (`isBoardLostSql`). Physical standbys do not
 * get them: a server reading from one would have to rank on its own.
 */

export interface IndexDefinition {
  tablename: (typeof REBUILT_TABLES)[number];
  indexname: string;
  indexdef: string;
}

/**
 * The season's new board as a fresh `standings_next` (one left by a rebuild cut off halfway is
 * dropped), scored and ranked by the database in one statement, then the other seasons' rows
 * copied as they are, so that no member leaves it (at ten million players, reading them into the
 * server took most of a recompute):
 * - a member is anyone whose onboarding is complete (name, country and club known), with or
 *   without a squad; the squad's total and goal-date limbs are the sums of its footballers'
 *   among `footballers` (the others have not scored), read from its `squads` row: one row per
 *   squad, slot by slot, costs a fraction of grouping four picks per squad;
 * - the status is the domain's `squadStatus`: bust over `goalTarget`, else going bust with no
 *   squad or a pick without a goal (bust once the season is over), else safe;
 * - the order is the domain's `rankingColumns`: group, goals (more first, fewer among the bust),
 *   the goal-date limbs one by one (larger first), the coin toss (`coinTossKey`: the first 32
 *   bits of the MD5 of `season:user`) and the user id; the columns before the coin toss are
 *   sorted as the one byte string of `rankingKey` (a dozen limbs or more by the season's end:
 *   compared column by column, they took twice as long to sort); the brute-force test of the
 *   stored ranks holds all of this to the rules;
 * - the position numbers that order (`rebuiltPosition`), and the rows are stored in it (one
 *   sort serves both), so a board's page reads neighbouring rows and its index is built from rows
 *   in order; every board (the global one, a country's or club's: that order restricted to its
 *   members) is numbered from the rank blocks (`countNextBoard`) rather than by more sorts of
 *   every member here.
 * The sort spills to disk past `work_mem`, so the memory it takes is bounded.
 */
export interface BoardScoring {
  seasonId: string;
  footballers: readonly ScoringFootballer[];
  /** How many goal-date limbs each footballer has. */
  limbCount: number;
  isSeasonOver: boolean;
  goalTarget: number;
  groupOrder: Readonly<Record<'safe' | 'going_bust' | 'bust', number>>;
}

/**
 * The ranking's first column, a member's group and goals as one whole number (the first 4 bytes
 * of `rankingKey`): smaller ranks first, and two members with the same one differ only in goal
 * dates, coin toss and id.
 */
export function rankingBucket(
  groupOrder: BoardScoring['groupOrder'],
  status: string,
  totalGoals: string,
): SQL {
  return sql.raw(`((case ${status} when 'safe' then ${groupOrder.safe} when 'going_bust' then ${groupOrder.going_bust}
      else ${groupOrder.bust} end) * ${RANKING_KEY.groupStride}
    + (case when ${status} = 'bust' then ${totalGoals} else -${totalGoals} end) + ${RANKING_KEY.goalsOffset})`);
}

/**
 * The season's members, scored (a subquery): user id, name, country and club, total goals,
 * status, the ranking's `bucket`, `rank_key` (the bucket and the goal-date limbs as one byte
 * string) and `coin_toss`. Every member whose onboarding is complete, with or without a squad;
 * `onlySquadsWith`, when given, keeps only the members whose squad holds one of those footballers.
 */
function scoredMembers(options: BoardScoring, onlySquadsWith?: readonly string[]): SQL {
  const { seasonId, footballers, groupOrder } = options;
  const idList = textArray(footballers.map((footballer) => footballer.playerId));
  const goalList = `{${footballers.map((footballer) => footballer.goals).join(',')}}`;
  const limbs = Array.from({ length: options.limbCount }, (_, index) => index + 1);
  const limbLists = limbs.map(
    (limb) =>
      sql`${`{${footballers.map((footballer) => footballer.goalDateLimbs[limb - 1] ?? 0n).join(',')}}`}::bigint[]`,
  );
  const incomplete = options.isSeasonOver ? 'bust' : 'going_bust';
  const slots = Array.from({ length: SQUAD_SIZE }, (_, index) => index + 1);
  /** The sum over a squad's footballers of what `term` gives for each slot (one join of the scorers per slot). */
  const overSlots = (term: (slot: number) => string) => sql.raw(slots.map(term).join(' + '));
  /** What `term(limb)` gives for each goal-date limb, most significant first, joined by `separator`. */
  const overLimbs = (term: (limb: number) => string, separator = ', ') =>
    sql.raw(limbs.map(term).join(separator));
  // The scorers as a list in each join rather than one common table expression: a plan that
  // reads one cannot be run in parallel.
  const scorerJoins = sql.join(
    slots.map(
      (
        slot,
      ) => sql`left join (select * from unnest(${idList}::uuid[], ${goalList}::int[], ${sql.join(limbLists, sql`, `)})
          as scorer (player_id, goals, ${overLimbs((limb) => `limb_${limb}`)})) as ${sql.raw(`scorer_${slot}`)}
        on ${sql.raw(`scorer_${slot}.player_id = squad.player_ids[${slot}]`)}`,
    ),
    sql` `,
  );
  const scoredSquads = (filter: SQL) => sql`(
    select squad.user_id,
      ${overSlots((slot) => `coalesce(scorer_${slot}.goals, 0)`)} as total_goals,
      ${overSlots((slot) => `(squad.player_ids[${slot}] is not null and scorer_${slot}.player_id is null)::int`)} as scoreless_picks,
      ${overLimbs((limb) => `${slots.map((slot) => `coalesce(scorer_${slot}.limb_${limb}, 0)`).join(' + ')} as limb_${limb}`)}
    from ${squads} as squad ${scorerJoins}
    where squad.season_id = ${seasonId} ${filter}) as squad`;
  // The profiles and the squads hashed, both read whole: even for only the pickers of some
  // footballers, a tenth of the members, looking each one's profile up was slower.
  const membersFrom = onlySquadsWith
    ? sql`from ${profiles} join ${scoredSquads(sql`and squad.player_ids && ${textArray(onlySquadsWith)}::uuid[]`)}
      on squad.user_id = ${profiles.id}`
    : sql`from ${profiles} left join ${scoredSquads(sql``)} on squad.user_id = ${profiles.id}`;
  const bucket = rankingBucket(groupOrder, 'member.status', 'member.total_goals');
  return sql`(select member.*, ${bucket} as bucket,
      int4send(${bucket})
        || ${overLimbs((limb) => `int8send(${RANKING_KEY.limbCeiling} - member.limb_${limb})`, ' || ')} as rank_key,
      ('x' || left(md5(${seasonId} || ':' || member.user_id), 8))::bit(32)::bigint as coin_toss
    from (
      select ${profiles.id} collate "C" as user_id, ${profiles.fullName} as full_name,
        ${profiles.country} collate "C" as country, ${profiles.favouriteClub} collate "C" as club,
        coalesce(squad.total_goals, 0) as total_goals,
        ${overLimbs((limb) => `coalesce(squad.limb_${limb}, 0) as limb_${limb}`)},
        case when coalesce(squad.total_goals, 0) > ${options.goalTarget}::int then 'bust'
          when squad.user_id is null or squad.scoreless_picks > 0 then ${incomplete}
          else 'safe' end as status
      ${membersFrom}
      where ${profiles.onboardingComplete} and ${profiles.fullName} is not null
        and ${profiles.country} is not null and ${profiles.favouriteClub} is not null
    ) as member)`;
}

/**
 * Session settings for the rebuild's large statements, inside the caller's transaction.
 */
async function setRankingSettings(tx: Transaction): Promise<void> {
  // Each process sorts its share in runs of this size and merges them, quicker than with 256 MB,
  // in which two of the three processes sorted their share in memory in one run.
  await tx.execute(sql`set local work_mem = '64MB'`);
  // Compiled to machine code (off for the server's other statements, database.ts): worth it for
  // a statement this long.
  await tx.execute(sql`set local jit = on`);
  // The two workers score, join and sort; the leading process only merges their sorted
  // halves, numbers and writes the rows, which it starts sooner than when it also sorted a
  // third.
  await tx.execute(sql`set local parallel_leader_participation = off`);
}

/** Drops what a rebuild cut off halfway left. */
async function dropLeftovers(db: Database): Promise<void> {
  for (const table of [
    'standings_next',
    'standings_changes_covered',
    'standings_movers',
    'standings_merge_buckets',
  ]) {
    await db.execute(sql.raw(`drop table if exists ${table}`));
  }
  await dropReplacedBoard(db);
}

/**
 * The season's new board as a fresh `standings_next` (one left by a rebuild cut off halfway is
 * dropped), scored and ranked by the database in one statement, then the other seasons' rows
 * copied as they are, so that no member leaves it (at ten million players, reading them into the
 * server took most of a recompute):
 * - a member is anyone whose onboarding is complete (name, country and club known), with or
 *   without a squad; the squad's total and goal-date limbs are the sums of its footballers'
 *   among `footballers` (the others have not scored), read from its `squads` row: one row per
 *   squad, slot by slot, costs a fraction of grouping four picks per squad;
 * - the status is the domain's `squadStatus`: bust over `goalTarget`, else going bust with no
 *   squad or a pick without a goal (bust once the season is over), else safe;
 * - the order is the domain's `rankingColumns`: group, goals (more first, fewer among the bust),
 *   the goal-date limbs one by one (larger first), the coin toss (`coinTossKey`: the first 32
 *   bits of the MD5 of `season:user`) and the user id; the columns before the coin toss are
 *   sorted as the one byte string of `rankingKey` (a dozen limbs or more by the season's end:
 *   compared column by column, they took twice as long to sort); the brute-force test of the
 *   stored ranks holds all of this to the rules;
 * - the position numbers that order (`rebuiltPosition`), and the rows are stored in it (one
 *   sort serves both), so a board's page reads neighbouring rows and its index is built from rows
 *   in order; every board (the global one, a country's or club's: that order restricted to its
 *   members) is numbered from the rank blocks (`countNextBoard`) rather than by more sorts of
 *   every member here.
 * The sort spills to disk past `work_mem`, so the memory it takes is bounded.
 */
export async function rankNextBoard(db: Database, options: BoardScoring): Promise<void> {
  const { seasonId } = options;
  await dropLeftovers(db);
  await db.transaction(
    async (tx) => {
      await setRankingSettings(tx);
      // The order's columns are the member subquery's own, so that the statement's last ORDER BY
      // (rows stored in rank order) is the numbering's sort and needs none of its own.
      const orderColumns = sql.raw('rank_key, coin_toss, user_id');
      // The member changes this snapshot holds (the ranking below reads the same one): the swap
      // settles them, and those made since are placed on the new board (settleCoveredChanges).
      await tx.execute(sql`create table standings_changes_covered as
      select ${standingsMemberChanges.userId} as user_id, ${standingsMemberChanges.seq} as seq
      from ${standingsMemberChanges}`);
      // A new table from a query, unlike an insert, may be filled by a parallel plan: the squads
      // are scored and the global order sorted by two processes, a quarter off the statement at
      // ten million players (decision 005). Columns in the stored table's order and types.
      await tx.execute(sql`create unlogged table standings_next as
      select ${seasonId}::text as season_id, user_id, status, total_goals,
        row_number() over (order by ${orderColumns}) * ${POSITION_STRIDE}::bigint - ${POSITION_STRIDE / 2}::bigint as position,
        full_name, country, club, ${searchKeySql(sql.raw('full_name'))} collate "C" as search_name
      from ${scoredMembers(options)} as ranked
      order by ${orderColumns}`);
    },
    { isolationLevel: 'repeatable read' },
  );
  await completeNextBoard(db, seasonId);
}

/** The scorers the stored board of a season was ranked with, if it keeps them. */
export async function readStoredRankedWith(db: Database, seasonId: string): Promise<RankedWith | undefined> {
  const [state] = await db
    .select({ rankedWith: standingsState.rankedWith })
    .from(standingsState)
    .where(eq(standingsState.seasonId, seasonId));
  return state?.rankedWith ?? undefined;
}

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
export async function mergeLateGoals(
  db: Database,
  options: BoardScoring & { rankedWith: RankedWith; lateScorers: readonly string[] },
): Promise<boolean> {
  const { seasonId } = options;
  const stride = POSITION_STRIDE;
  await dropLeftovers(db);
  const merged = await db.transaction(
    async (tx) => {
      // The board this snapshot reads must be the one ranked with the goals the change starts from,
      // and not one a crash of the database emptied (its tables are unlogged): that holds nobody to keep.
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
      await setRankingSettings(tx);
      await tx.execute(sql`create table standings_changes_covered (user_id text, seq bigint)`);
      await tx.execute(sql`create unlogged table standings_movers as
        select user_id, full_name, country, club, status, total_goals, bucket, rank_key, coin_toss
        from ${scoredMembers(options, options.lateScorers)} as scored`);
      await tx.execute(sql`analyze standings_movers`);
      // Each bucket's room on the new board: its scored members, then the stored bucket's span.
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
      // Everyone else where they were within their bucket, after its scored members; the scored
      // members numbered within their bucket. Columns in the stored table's order and types.
      // Both joins hashed and the board read by two processes while the leading one writes: left to
      // itself, the planner merged them, sorting the board by user and by bucket, six times slower.
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
 * Gives `standings_next` the rest of the stored table's shape (its NOT NULL columns) and its
 * season's partition constraint. A table made from a query has only the query's columns: should
 * they ever differ from the stored table's (a migration added one), the rebuild stops here rather
 * than swap in a board without it.
 */
async function completeNextBoard(db: Database, seasonId: string): Promise<void> {
  const columns = await selectRows<{
    table_name: string;
    shape: string;
    is_nullable: string;
    column_name: string;
  }>(
    db,
    sql`select table_name, column_name, is_nullable,
        concat_ws(' ', column_name, data_type, collation_name, column_default) as shape
      from information_schema.columns
      where table_schema = current_schema() and table_name in ('standings', 'standings_next')
      order by table_name, ordinal_position`,
  );
  const shapeOf = (table: string) =>
    columns
      .filter((column) => column.table_name === table)
      .map((column) => column.shape)
      .join(', ');
  if (shapeOf('standings') !== shapeOf('standings_next')) {
    throw new Error(
      `The rebuilt board's columns (${shapeOf('standings_next')}) are not the stored board's (${shapeOf('standings')})`,
    );
  }
  const required = columns.filter(
    (column) => column.table_name === 'standings' && column.is_nullable === 'NO',
  );
  if (required.length > 0) {
    const setNotNull = required
      .map((column) => `alter column "${column.column_name}" set not null`)
      .join(', ');
    await db.execute(sql.raw(`alter table standings_next ${setNotNull}`));
  }
  await constrainToSeason(db, 'standings', seasonId);
}

/**
 * A check that `<table>_next` holds the season's rows only, which the swap's attach as the
 * season's partition then trusts rather than reading every row to make sure.
 */
async function constrainToSeason(
  db: Database,
  table: (typeof REBUILT_TABLES)[number],
  seasonId: string,
): Promise<void> {
  await db.execute(
    sql.raw(
      `alter table ${table}_next add constraint ${table}_next_season check (season_id = '${seasonLiteral(seasonId)}')`,
    ),
  );
}

/** A (country, club) pair of the board's members, and how many they are. */
export interface BoardGroup {
  country: string;
  club: string;
  members: number;
}

/**
 * Counts the new board (`standings_next`, loaded) in one scan into the rank block tables
 * `prepareNextTables` made, and returns its members per (country, club) pair (a few thousand rows
 * at most: the board's members, countries and clubs): per block of the season's global order (see
 * `standingsRankBlocks`), the global board's, each country's and each club's members in
 * `standings_rank_blocks_next`, and the same per chunk of blocks, with how many of them the
 * earlier chunks hold, in `standings_rank_chunks_next`. One process (PostgreSQL does not share
 * grouping sets out to workers), so the rebuild runs it beside the index builds.
 */
export async function countNextBoard(db: Database, seasonId: string): Promise<BoardGroup[]> {
  return db.transaction(async (tx) => {
    // The three groupings' counters in memory at once: a few hundred thousand at ten million.
    await tx.execute(sql`set local work_mem = '256MB'`);
    return selectRows<BoardGroup>(
      tx,
      sql`with counted as (
          select country, club, block, count(*)::int as members,
            case when grouping(country) = 0 then 'country' when grouping(club) = 0 then 'club' else 'global' end as board
          from (select country, club, ${blockOf(sql.raw('position'))} as block
            from standings_next where season_id = ${seasonId}) as member
          group by grouping sets ((country, club), (country, block), (club, block), (block))
        ),
        blocks as (
          select board, coalesce(country, club, '') as name, block, members
          from counted where block is not null
        ),
        ${savedRankBlocks(seasonId)}
        select country, club, members from counted where block is null`,
    );
  });
}

/**
 * Once the new board is loaded: the other rebuilt tables of the season, fresh and empty, for
 * `countNextBoard` and `createNextLeagueStandings` to fill.
 */
export async function prepareNextTables(db: Database, seasonId: string): Promise<void> {
  for (const table of ['standings_rank_blocks', 'standings_rank_chunks', 'league_standings'] as const) {
    await createNextTable(db, table, seasonId);
  }
}

/**
 * Statistics of the new board, once nothing else reads it (a statistics scan cannot run beside
 * an index build of the same table). Until then the planner knows its size but not its values,
 * which `countNextBoard` wants: not knowing them, it would sort the board for some of its
 * groupings, several times slower.
 */
export async function analyzeNextBoardRows(db: Database): Promise<void> {
  await db.execute(sql`analyze standings_next`);
}

/**
 * A fresh, empty `<table>_next` of the stored table's shape for the season (one left by a rebuild
 * cut off halfway is dropped).
 */
async function createNextTable(
  db: Database,
  table: Exclude<(typeof REBUILT_TABLES)[number], 'standings'>,
  seasonId: string,
): Promise<void> {
  await db.execute(sql.raw(`drop table if exists ${table}_next`));
  await db.execute(
    sql.raw(`create unlogged table ${table}_next (like ${table} including defaults including constraints)`),
  );
  await constrainToSeason(db, table, seasonId);
}

/**
 * Adds the new board's names that no stored board holds yet (members who joined or were renamed
 * since) to `standings_names`, where the name search finds them: before the swap, so that every
 * name on the board is searchable from its first read. Beside the index builds: it reads
 * `standings_next` as they do.
 */
export async function addNextBoardNames(db: Database): Promise<void> {
  await db.execute(sql`insert into ${standingsNames} (search_name)
    select distinct search_name from standings_next on conflict do nothing`);
}

/** The stored tables' index definitions (the new tables get the same). */
export async function listStandingsIndexes(db: Database): Promise<IndexDefinition[]> {
  return selectRows<IndexDefinition>(
    db,
    sql`select tablename, indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = any(${textArray(REBUILT_TABLES)}::text[])`,
  );
}

/**
 * Memory for one index build. A b-tree's sort is quicker in many small runs merged than in one
 * run in memory, and a trigram (GIN) build, which gathers its entries in memory and writes them
 * out whenever it is full, is quickest with this much too, the index the same size and its
 * searches as quick (figures for each size: docs/benchmarks/standings.md).
 */
export const INDEX_BUILD_MEMORY = '4MB';

/** The kinds of index a rebuild builds (for their order, `nextBoardIndexBuilds`). */
export type IndexBuildMethod = 'btree' | 'gin';

/** Runs one index build on `standings_next`, inside the caller's transaction. */
export async function buildNextBoardIndex(tx: Transaction, createIndexStatement: string): Promise<void> {
  await tx.execute(sql.raw(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`));
  // The builds side by side already keep the cores busy, so no extra workers per build.
  await tx.execute(sql`set local max_parallel_maintenance_workers = 0`);
  await tx.execute(sql.raw(createIndexStatement));
}

/**
 * Fills `league_standings_next` (`prepareNextTables` made it) with, for every league of the
 * season, its approved members at their places on the new board (`standings_next`, loaded), each
 * with the board's search key of the name for the league's own name search; and each league's rank
 * blocks into `standings_rank_blocks_next`. Membership is read now, after the inputs' snapshot:
 * a change since is also marked in the version stamp, so the next check recomputes anyway.
 */
export async function createNextLeagueStandings(db: Database, seasonId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The hash of a million members and the sorts in memory, not on disk. A league's rows are
    // stored in the order of their names read backwards, so the matches of a surname search share
    // pages (a common surname's 15,000 at a million on some 170 pages rather than 8,000); its
    // pages by rank read the few rows they need through the rank index wherever they are.
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`set local jit = on`);
    // The new board has no statistics yet (`analyzeNextBoardRows`): without this the planner
    // would probe the members' index once per board row rather than hash both sides (about 20
    // times slower at a million members).
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`insert into league_standings_next (season_id, league_id, user_id, position, search_name)
      select ${seasonId}, ${leagueMembers.leagueId}, ${leagueMembers.userId}, board.position, board.search_name
      from ${leagueMembers}
      join ${leagues} on ${leagues.id} = ${leagueMembers.leagueId} and ${leagues.seasonId} = ${seasonId}
      join standings_next as board on board.season_id = ${seasonId} and board.user_id = ${leagueMembers.userId}
      where ${leagueMembers.status} = 'approved'
      order by ${leagueMembers.leagueId}, reverse(board.search_name) collate "C"`);
    await tx.execute(sql`with blocks as (
        select 'league' as board, league_id::text as name, ${blockOf(sql.raw('position'))} as block, count(*)::int as members
        from league_standings_next where season_id = ${seasonId} group by league_id, block),
      ${savedRankBlocks(seasonId)}
      select count(*) from blocks`);
  });
}

/**
 * Data-modifying common table expressions that save a season's rank blocks, the relation
 * `blocks` (board, name, block, members), into `standings_rank_blocks_next`, and their chunks, with
 * the members before each, into `standings_rank_chunks_next`.
 */
function savedRankBlocks(seasonId: string): SQL {
  return sql`saved_blocks as (
      insert into standings_rank_blocks_next (season_id, board, name, block, members)
      select ${seasonId}, board, name, block, members from blocks),
    chunks as (
      select board, name, ${chunkOf(sql.raw('block'))} as chunk, sum(members)::int as members
      from blocks group by 1, 2, 3),
    saved_chunks as (
      insert into standings_rank_chunks_next (season_id, board, name, chunk, members_before, members)
      select ${seasonId}, board, name, chunk,
        (sum(members) over (partition by board, name order by chunk) - members)::int, members
      from chunks)`;
}

/**
 * Statistics of the new league standings and rank blocks (the new board's were gathered before
 * ranking the leagues from it), and their visibility maps: a page's ranks count the league's
 * members in a block through the (league, position) index alone only on pages marked all-visible,
 * which a table filled by inserts is not until vacuumed: a name with few matches in a league of a
 * million, its page's rows each in another block, is read in half the time after.
 */
export async function analyzeNextBoard(db: Database): Promise<void> {
  await db.execute(
    sql`vacuum (analyze) league_standings_next, standings_rank_blocks_next, standings_rank_chunks_next`,
  );
}

/**
 * In the swap's transaction: the member changes the new board's ranking read leave the log, and
 * those placed on the old board since (or never) are to be placed on the new one.
 */
export async function settleCoveredChanges(tx: Transaction): Promise<void> {
  await tx.execute(sql`delete from ${standingsMemberChanges} as change using standings_changes_covered as covered
    where change.user_id = covered.user_id and change.seq = covered.seq`);
  await tx.execute(
    sql`update ${standingsMemberChanges} set applied = false where ${standingsMemberChanges.applied}`,
  );
  await tx.execute(sql`drop table standings_changes_covered`);
}

/**
 * Replaces the season's partition of each stored table with its `<table>_next`: the partition
 * leaves (renamed `<table>_old`, its indexes `<index>_old`, dropped after the commit by
 * `dropReplacedBoard`, as dropping here made the commit unlink files while readers waited on the
 * swap's locks), the new table takes its name and joins, its indexes joining the stored table's
 * without a build (they were built from the same definitions). The other seasons are not touched.
 */
export async function swapInNextBoard(
  tx: Transaction,
  seasonId: string,
  indexes: readonly IndexDefinition[],
): Promise<void> {
  for (const table of REBUILT_TABLES) {
    const partition = partitionName(table, seasonId);
    const ownIndexes = indexes.filter((index) => index.tablename === table);
    const [stored] = await selectRows<{ is_stored: boolean }>(
      tx,
      sql`select to_regclass(${partition}) is not null as is_stored`,
    );
    if (stored?.is_stored) {
      await tx.execute(sql.raw(`alter table ${table} detach partition ${partition}`));
      await tx.execute(sql.raw(`alter table ${partition} rename to ${table}_old`));
      for (const index of ownIndexes) {
        // A partition the migration made has its indexes named by PostgreSQL: they leave with it.
        await tx.execute(
          sql.raw(
            `alter index if exists ${partitionName(index.indexname, seasonId)} rename to ${index.indexname}_old`,
          ),
        );
      }
    }
    // Rows of the season written while it had no partition of its own; the new board holds its own.
    await tx.execute(sql.raw(`delete from ${table}_default where season_id = '${seasonLiteral(seasonId)}'`));
    await tx.execute(sql.raw(`alter table ${table}_next rename to ${partition}`));
    for (const index of ownIndexes) {
      await tx.execute(
        sql.raw(`alter index ${index.indexname}_next rename to ${partitionName(index.indexname, seasonId)}`),
      );
    }
    await tx.execute(
      sql.raw(
        `alter table ${table} attach partition ${partition} for values in ('${seasonLiteral(seasonId)}')`,
      ),
    );
  }
}

/** The name of a season's partition of a stored table, or of one of its indexes. */
export function partitionName(name: string, seasonId: string): string {
  return `${name}_${seasonLiteral(seasonId)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')}`;
}

/** A season id as it may stand in a statement's text (DDL takes no parameters): ours only. */
function seasonLiteral(seasonId: string): string {
  if (!/^[A-Za-z0-9-]{1,12}$/.test(seasonId)) throw new Error(`Not a season id: ${seasonId}`);
  return seasonId;
}

/** Drops the tables a swap replaced (`swapInNextBoard`), once readers have the new ones. */
export async function dropReplacedBoard(db: Database): Promise<void> {
  for (const table of REBUILT_TABLES) {
    await db.execute(sql.raw(`drop table if exists ${table}_old`));
  }
}

/**
 * Records what the stored board of a season was computed from, and when: `computed_at` is the
 * database's time, like `leagues.members_changed_at`, which the league standings compare with
 * the computation's start (`computed_at` less `duration_ms`). In the swap's transaction.
 */
export async function saveStandingsState(
  db: Transaction,
  seasonId: string,
  state: Omit<typeof standingsState.$inferInsert, 'seasonId' | 'computedAt' | 'revision' | 'placedAt'>,
): Promise<void> {
  // A rebuilt board starts with no member changes placed on it.
  const values = { ...state, computedAt: sql`now()`, revision: 0, placedAt: null };
  await db
    .insert(standingsState)
    .values({ seasonId, ...values })
    .onConflictDoUpdate({ target: standingsState.seasonId, set: values });
}
