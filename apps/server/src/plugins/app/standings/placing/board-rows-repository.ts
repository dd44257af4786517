import type { ScorerChange } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows, type Transaction } from '../../../../db/database.ts';
import {
  leagueMembers,
  leagueStandings,
  leagues,
  type RankedWith,
  standings,
  standingsNames,
  standingsRankBlocks,
} from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { goalMovers, rekeyedColumns } from '../goal-movers-repository.ts';
import { type BoardScoring, scoredMembers } from '../member-scoring-repository.ts';
import { MAX_BLOCK_MEMBERS } from '../model.ts';
import { type BlockRow, cutBlocks } from '../rank-blocks-repository.ts';

export async function createPlacingTables(tx: Transaction): Promise<void> {
  await tx.execute(sql`create temporary table if not exists standings_placed_users
    (user_id text collate "C" primary key) on commit drop`);
  // The pickers of the footballers whose goals changed, with their picks' changes (`goalMovers`).
  await tx.execute(sql`create temporary table if not exists standings_goal_movers (user_id text collate "C"
    primary key, goals int, scoreless int, added int[], removed int[]) on commit drop`);
  await tx.execute(sql`create temporary table if not exists standings_moves
    (board text, name text collate "C", ord bytea, change int) on commit drop`);
  // Emptied: an account's deletion may take several members off in one transaction.
  await tx.execute(sql`truncate standings_placed_users, standings_goal_movers, standings_moves`);
}

export async function addUsersToPlace(tx: Transaction, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(sql`insert into standings_placed_users
    select distinct user_id from unnest(${textArray(userIds)}::text[]) as user_id on conflict do nothing`);
}

/** Keeps the pickers of `changes`' footballers, with their changes; answers how many they are. */
export async function addGoalMovers(
  tx: Transaction,
  seasonId: string,
  changes: readonly ScorerChange[],
): Promise<number> {
  if (changes.length === 0) return 0;
  const [row] = await selectRows<{ movers: number }>(
    tx,
    sql`with added as (insert into standings_goal_movers ${goalMovers(seasonId, changes)} returning 1)
      select count(*)::int as movers from added`,
  );
  return row?.movers ?? 0;
}

const placedUsers = sql`select user_id from standings_placed_users`;

/** Logs a move of `change` on every board of the rows of `rows`, and of the league rows of `leagueRows`. */
function logMoves(rows: string, leagueRows: string, change: 1 | -1) {
  return sql.raw(`insert into standings_moves
          select 'global', '', ord, ${change} from ${rows}
          union all select 'country', country, ord, ${change} from ${rows}
          union all select 'club', club, ord, ${change} from ${rows}
          union all select 'league', league_id::text, ord, ${change} from ${leagueRows}`);
}

/** Takes the members to place (or `userIds`: an account deleted) off the season's board and leagues. */
export async function removeMembers(
  tx: Executor,
  seasonId: string,
  userIds?: readonly string[],
): Promise<{ removed: number; searchNames: string[] }> {
  const users = userIds ? sql`select unnest(${textArray(userIds)}::text[])` : placedUsers;
  const [row] = await selectRows<{ removed: number; search_names: string[] | null }>(
    tx,
    sql`with gone as (delete from ${standings} where ${standings.seasonId} = ${seasonId}
          and ${standings.userId} in (${users}) returning user_id, country, club, ord, search_name),
        gone_leagues as (delete from ${leagueStandings} where ${leagueStandings.seasonId} = ${seasonId}
          and ${leagueStandings.userId} in (${users}) returning league_id, ord),
        moves as (${logMoves('gone', 'gone_leagues', -1)})
      select (select count(*)::int from gone) as removed, (select array_agg(search_name) from gone) as search_names`,
  );
  return { removed: row?.removed ?? 0, searchNames: row?.search_names ?? [] };
}

/** Puts the members to place who are board members now on the board and their approved leagues. */
export async function insertMembers(
  tx: Transaction,
  scoring: BoardScoring,
): Promise<{ placed: number; countries: string[]; clubs: string[] }> {
  const { seasonId } = scoring;
  const [row] = await selectRows<{ placed: number; countries: string[] | null; clubs: string[] | null }>(
    tx,
    sql`with placed as (insert into ${standings}
          (season_id, user_id, status, total_goals, full_name, country, club, search_name, ord, scoreless)
          select ${seasonId}, member.* from ${scoredMembers(scoring, placedUsers)} as member
          returning user_id, country, club, ord, search_name),
        placed_leagues as (insert into ${leagueStandings} (season_id, league_id, user_id, search_name, ord)
          select ${seasonId}, ${leagueMembers.leagueId}, placed.user_id, placed.search_name, placed.ord
          from placed join ${leagueMembers} on ${leagueMembers.userId} = placed.user_id
            and ${leagueMembers.status} = 'approved'
          join ${leagues} on ${leagues.id} = ${leagueMembers.leagueId} and ${leagues.seasonId} = ${seasonId}
          returning league_id, ord),
        names as (insert into ${standingsNames} (search_name) select distinct search_name from placed
          on conflict do nothing),
        moves as (${logMoves('placed', 'placed_leagues', 1)})
      select (select count(*)::int from placed) as placed,
        (select array_agg(distinct country) from placed) as countries,
        (select array_agg(distinct club) from placed) as clubs`,
  );
  return { placed: row?.placed ?? 0, countries: row?.countries ?? [], clubs: row?.clubs ?? [] };
}

/**
 * Re-keys in place the goal movers who have no change of their own (core's `rekeyedEntry`, from
 * their stored rows: no squad is read), on the board and in their leagues, and logs their moves.
 */
export async function rekeyGoalMovers(
  tx: Transaction,
  seasonId: string,
  rankedWith: RankedWith,
): Promise<void> {
  const next = rekeyedColumns(rankedWith);
  await tx.execute(sql`with rekeyed as materialized (
      select stored.user_id, stored.country, stored.club, stored.ord as old_ord, ${next.status} as status,
        ${next.total_goals} as total_goals, ${next.scoreless} as scoreless, ${next.ord} as ord
      from standings_goal_movers as mover
      join ${standings} as stored on stored.user_id = mover.user_id and stored.season_id = ${seasonId}
      where mover.user_id not in (${placedUsers})),
    board as (update ${standings} as row set status = rekeyed.status, total_goals = rekeyed.total_goals,
        scoreless = rekeyed.scoreless, ord = rekeyed.ord
      from rekeyed where row.user_id = rekeyed.user_id and row.season_id = ${seasonId}),
    leagues as (update ${leagueStandings} as row set ord = rekeyed.ord
      from rekeyed where row.user_id = rekeyed.user_id and row.season_id = ${seasonId}
      returning row.league_id, rekeyed.old_ord, rekeyed.ord),
    left_rows as (select country, club, old_ord as ord from rekeyed),
    left_leagues as (select league_id, old_ord as ord from leagues),
    moves_out as (${logMoves('left_rows', 'left_leagues', -1)}),
    moves_in as (${logMoves('rekeyed', 'leagues', 1)})
    select 1`);
}

/** The seasons whose stored boards or league standings hold the member. */
export async function listSeasonsHolding(tx: Transaction, userId: string): Promise<string[]> {
  const rows = await selectRows<{ season_id: string }>(
    tx,
    sql`select ${standings.seasonId} as season_id from ${standings} where ${standings.userId} = ${userId}
      union select ${leagueStandings.seasonId} from ${leagueStandings} where ${leagueStandings.userId} = ${userId}`,
  );
  return rows.map((row) => row.season_id);
}

/** Counts the moves into the blocks (a new board's first block starts at ''), then cuts swollen ones. */
export async function applyBlockMoves(tx: Executor, seasonId: string): Promise<void> {
  await tx.execute(sql`insert into ${standingsRankBlocks} (season_id, board, name, start, members)
    select distinct ${seasonId}, board, name, ''::bytea, 0 from standings_moves on conflict do nothing`);
  // Each move's block from one sort of the moves with the block starts (a probe each took seconds),
  // keyed by board number then `ord`, a start before a move at its `ord`: one byte string, sorted
  // by its first bytes about twice as fast as board, name, `ord` (docs/benchmarks/leaderboards.md).
  const moved = sql`with boards as (
      select board, name, row_number() over (order by board, name)::int as number
      from (select distinct board, name from standings_moves) as moved_board),
    starts as (
      select block.board, block.name, block.start, int4send(boards.number) || block.start as key,
        row_number() over (order by boards.number, block.start) as number
      from ${standingsRankBlocks} as block join boards on boards.board = block.board and boards.name = block.name
      where block.season_id = ${seasonId}),
    marked as (
      select key || '\\x00'::bytea as key, number, 0 as change from starts
      union all select int4send(boards.number) || moves.ord || '\\x01'::bytea, null, change
      from standings_moves as moves join boards on boards.board = moves.board and boards.name = moves.name),
    placed as (
      select change, number is null as is_move, max(number) over (order by key rows unbounded preceding) as number
      from marked),
    counted as (select number, sum(change)::int as change from placed where is_move group by 1 having sum(change) <> 0)
    select starts.board, starts.name, starts.start, counted.change from counted join starts using (number)`;
  const swollen = await selectRows<BlockRow>(
    tx,
    sql`with moved as (update ${standingsRankBlocks} as block set members = block.members + moved.change
        from (${moved}) as moved
        where block.board = moved.board and block.name = moved.name and block.start = moved.start
          and block.season_id = ${seasonId}
        returning block.board, block.name, block.start, block.members)
      select board, name, start from moved where members > ${MAX_BLOCK_MEMBERS}`,
  );
  await cutBlocks(tx, seasonId, swollen);
}
