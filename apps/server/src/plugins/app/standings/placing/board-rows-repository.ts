import type { SquadStatus } from '@hit21/core';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { selectRows, type Transaction } from '../../../../db/database.ts';
import { searchKeySql } from '../../../../db/name-folding.ts';
import {
  leagueMembers,
  leagueStandings,
  leagues,
  standings,
  standingsNames,
} from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';

/**
 * The board rows a placement writes: members taken off the board and every league standings of
 * the season, put back at their places, or moved within their rank block.
 */

/** A row taken off a board: who and where it was, for the board's rank blocks. */
export interface RemovedRow {
  userId: string;
  fullName: string;
  position: number;
  country: string;
  club: string;
}

/** Takes the members off the season's board and every league standings of the season. */
export async function removeMembers(
  tx: Transaction,
  seasonId: string,
  userIds: readonly string[],
): Promise<{ board: RemovedRow[]; leagues: { leagueId: string; position: number }[] }> {
  const ids = textArray(userIds);
  const board = await selectRows<{
    user_id: string;
    full_name: string;
    position: string | number;
    country: string;
    club: string;
  }>(
    tx,
    sql`delete from ${standings} where ${standings.seasonId} = ${seasonId} and ${standings.userId} = any(${ids}::text[])
      returning user_id, full_name, position, country, club`,
  );
  const leagueRows = await selectRows<{ league_id: string; position: string | number }>(
    tx,
    sql`delete from ${leagueStandings} where ${leagueStandings.seasonId} = ${seasonId}
        and ${leagueStandings.userId} = any(${ids}::text[])
      returning league_id, position`,
  );
  return {
    board: board.map((row) => ({
      userId: row.user_id,
      fullName: row.full_name,
      position: Number(row.position),
      country: row.country,
      club: row.club,
    })),
    leagues: leagueRows.map((row) => ({ leagueId: row.league_id, position: Number(row.position) })),
  };
}

/** A member placed on the board: their row as the rebuild writes it. */
export interface PlacedRow {
  userId: string;
  position: number;
  status: SquadStatus;
  totalGoals: number;
  fullName: string;
  country: string;
  club: string;
}

/**
 * Writes the placed members' board rows (the name's search key folded by the database, as the rebuild
 * does) and their rows in every league of the season they are an approved member of; answers
 * the league rows written.
 */
export async function insertPlacedMembers(
  tx: Transaction,
  seasonId: string,
  rows: readonly PlacedRow[],
): Promise<{ leagueId: string; position: number }[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: PlacedRow) => T) => rows.map(pick);
  // Their names join the board's (`standingsNames`), where the name search finds them.
  await tx.execute(sql`with placed_rows as (insert into ${standings}
      (season_id, user_id, status, total_goals, position, full_name, search_name, country, club)
    select ${seasonId}, placed.user_id, placed.status, placed.total_goals, placed.position,
      placed.full_name, ${searchKeySql(sql.raw('placed.full_name'))}, placed.country, placed.club
    from unnest(${textArray(column((row) => row.userId))}::text[],
      ${textArray(column((row) => row.status))}::text[],
      ${`{${column((row) => row.totalGoals).join(',')}}`}::int[],
      ${`{${column((row) => row.position).join(',')}}`}::bigint[],
      ${textArray(column((row) => row.fullName))}::text[],
      ${textArray(column((row) => row.country))}::text[],
      ${textArray(column((row) => row.club))}::text[])
      as placed (user_id, status, total_goals, position, full_name, country, club)
    returning search_name)
    insert into ${standingsNames} (search_name) select distinct search_name from placed_rows
    on conflict do nothing`);
  const leagueRows = await selectRows<{ league_id: string; position: string | number }>(
    tx,
    sql`insert into ${leagueStandings} (season_id, league_id, user_id, position, search_name)
      select ${seasonId}, ${leagueMembers.leagueId}, ${leagueMembers.userId}, board.position, board.search_name
      from ${leagueMembers}
      join ${leagues} on ${leagues.id} = ${leagueMembers.leagueId} and ${leagues.seasonId} = ${seasonId}
      join ${standings} as board on board.season_id = ${seasonId} and ${leagueMembers.userId} = ${boardUser(sql`board.user_id`)}
      where ${leagueMembers.status} = 'approved'
        and board.user_id = any(${textArray(column((row) => row.userId))}::text[])
      returning league_id, position`,
  );
  return leagueRows.map((row) => ({ leagueId: row.league_id, position: Number(row.position) }));
}

/** A stored member given another position in the same rank block. */
export interface MovedMember {
  userId: string;
  position: number;
}

/**
 * Gives stored members new positions, on the board and in every league standings of the season.
 * Each stays in its rank block, so no block count changes. The unique position indexes are
 * checked row by row: no new position may be one that another member of the block still holds.
 */
export async function moveMembers(
  tx: Transaction,
  seasonId: string,
  members: readonly MovedMember[],
): Promise<void> {
  if (members.length === 0) return;
  const moved = sql`unnest(${textArray(members.map((member) => member.userId))}::text[],
    ${`{${members.map((member) => member.position).join(',')}}`}::bigint[]) as moved (user_id, position)`;
  await tx.execute(sql`update ${standings} set position = moved.position from ${moved}
    where ${standings.seasonId} = ${seasonId} and ${standings.userId} = moved.user_id`);
  await tx.execute(sql`update ${leagueStandings} set position = moved.position from ${moved}
    where ${leagueStandings.seasonId} = ${seasonId} and ${leagueStandings.userId} = moved.user_id`);
}

/**
 * A board row's user id compared as the other tables' ids are: the board's compare in byte order
 * (migration 0019), and a comparison of the two could use neither side's index.
 */
function boardUser(userId: SQL | AnyColumn): SQL {
  return sql`${userId} collate "default"`;
}
