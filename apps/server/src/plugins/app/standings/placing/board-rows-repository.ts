import { sql } from 'drizzle-orm';
import { type Executor, selectRows, type Transaction } from '../../../../db/database.ts';
import {
  leagueMembers,
  leagueStandings,
  leagues,
  picks,
  standings,
  standingsNames,
} from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { type BoardScoring, scoredMembers } from '../member-scoring-repository.ts';

/**
 * What a placement writes on the boards, in its transaction: the members to place
 * (`standings_placed_users`), their rows taken off every board and put back as they score now,
 * and each board's moves (`standings_moves`: board, name, `ord`, +1 or -1) for the rank blocks
 * (`applyBlockMoves`). Both tables are the transaction's own, dropped at its commit.
 */

export async function createPlacingTables(tx: Transaction): Promise<void> {
  await tx.execute(sql`create temporary table if not exists standings_placed_users
    (user_id text collate "C" primary key) on commit drop`);
  await tx.execute(sql`create temporary table if not exists standings_moves
    (board text, name text collate "C", ord bytea, change int) on commit drop`);
  // Emptied: an account's deletion may take several members off in one transaction.
  await tx.execute(sql`truncate standings_placed_users, standings_moves`);
}

/** Forgets the moves already counted (`applyBlockMoves`), before the next season's. */
export async function clearBoardMoves(tx: Executor): Promise<void> {
  await tx.execute(sql`truncate standings_moves`);
}

/** Adds members to place. */
export async function addUsersToPlace(tx: Transaction, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(sql`insert into standings_placed_users
    select distinct user_id from unnest(${textArray(userIds)}::text[]) as user_id on conflict do nothing`);
}

/**
 * Adds the members whose squad picks one of `playerIds` (the picks' (player, user) index finds
 * them), and answers how many they are.
 */
export async function addPickersToPlace(
  tx: Transaction,
  seasonId: string,
  playerIds: readonly string[],
): Promise<number> {
  if (playerIds.length === 0) return 0;
  const [row] = await selectRows<{ pickers: number }>(
    tx,
    sql`with pickers as (select distinct ${picks.userId} as user_id from ${picks}
        where ${picks.playerId} = any(${textArray(playerIds)}::uuid[]) and ${picks.seasonId} = ${seasonId}),
      added as (insert into standings_placed_users select user_id from pickers on conflict do nothing)
      select count(*)::int as pickers from pickers`,
  );
  return row?.pickers ?? 0;
}

/** The members to place. */
const placedUsers = sql`select user_id from standings_placed_users`;

/**
 * Takes the members to place (or `userIds`: an account deleted) off the season's board and its
 * leagues' standings, logging each board's move; answers how many board rows went and the search
 * keys of their names.
 */
export async function removeMembers(
  tx: Executor,
  seasonId: string,
  userIds?: readonly string[],
): Promise<{ removed: number; searchNames: string[] }> {
  const users = userIds ? sql`select unnest(${textArray(userIds)}::text[])` : placedUsers;
  const [row] = await selectRows<{ removed: number; search_names: string[] | null }>(
    tx,
    sql`with gone as (delete from ${standings} where ${standings.seasonId} = ${seasonId}
          and ${standings.userId} in (${users}) returning country, club, ord, search_name),
        gone_leagues as (delete from ${leagueStandings} where ${leagueStandings.seasonId} = ${seasonId}
          and ${leagueStandings.userId} in (${users}) returning league_id, ord),
        moves as (insert into standings_moves
          select 'global', '', ord, -1 from gone
          union all select 'country', country, ord, -1 from gone
          union all select 'club', club, ord, -1 from gone
          union all select 'league', league_id::text, ord, -1 from gone_leagues)
      select (select count(*)::int from gone) as removed, (select array_agg(search_name) from gone) as search_names`,
  );
  return { removed: row?.removed ?? 0, searchNames: row?.search_names ?? [] };
}

/**
 * Puts the members to place who are board members now on the season's board, scored with
 * `scoring`, and in the standings of every league of the season they are approved in; adds their
 * names to the names the search reads (`standingsNames`) and logs each board's move. Answers how
 * many were placed, and their countries and clubs.
 */
export async function insertMembers(
  tx: Transaction,
  scoring: BoardScoring,
): Promise<{ placed: number; countries: string[]; clubs: string[] }> {
  const { seasonId } = scoring;
  const [row] = await selectRows<{ placed: number; countries: string[] | null; clubs: string[] | null }>(
    tx,
    sql`with placed as (insert into ${standings}
          (season_id, user_id, status, total_goals, full_name, country, club, search_name, ord)
          select ${seasonId}, member.* from ${scoredMembers(scoring, placedUsers)} as member
          returning user_id, country, club, ord, search_name),
        placed_leagues as (insert into ${leagueStandings} (season_id, league_id, user_id, search_name, ord)
          select ${seasonId}, ${leagueMembers.leagueId}, placed.user_id, placed.search_name, placed.ord
          from placed join ${leagueMembers} on ${leagueMembers.userId} = placed.user_id
            and ${leagueMembers.status} = 'approved'
          join ${leagues} on ${leagues.id} = ${leagueMembers.leagueId} and ${leagues.seasonId} = ${seasonId}
          returning league_id, ord),
        names as (insert into ${standingsNames} (search_name)
          select distinct search_name from placed on conflict do nothing),
        moves as (insert into standings_moves
          select 'global', '', ord, 1 from placed
          union all select 'country', country, ord, 1 from placed
          union all select 'club', club, ord, 1 from placed
          union all select 'league', league_id::text, ord, 1 from placed_leagues)
      select (select count(*)::int from placed) as placed,
        (select array_agg(distinct country) from placed) as countries,
        (select array_agg(distinct club) from placed) as clubs`,
  );
  return { placed: row?.placed ?? 0, countries: row?.countries ?? [], clubs: row?.clubs ?? [] };
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
