import { sql } from 'drizzle-orm';
import { selectRows, type Transaction } from '../../../../db/database.ts';
import {
  BLOCK_SPAN,
  leagueStandings,
  picks,
  profiles,
  squads,
  standings,
  standingsRankBlocks,
} from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';

/**
 * What a placement reads of the boards and the squads: who is to be placed, the members of a
 * rank block in their order, their squads' picks, and a goal's pickers.
 */

/** The seasons whose stored boards or league standings hold the member. */
export async function listSeasonsHolding(tx: Transaction, userId: string): Promise<string[]> {
  const rows = await selectRows<{ season_id: string }>(
    tx,
    sql`select ${standings.seasonId} as season_id from ${standings} where ${standings.userId} = ${userId}
      union select ${leagueStandings.seasonId} from ${leagueStandings} where ${leagueStandings.userId} = ${userId}`,
  );
  return rows.map((row) => row.season_id);
}

/** A board member as the rebuild reads them: onboarding complete, with their squad's picks (none: no squad). */
export interface MemberToPlace {
  userId: string;
  fullName: string;
  country: string;
  club: string;
  pickIds: string[];
}

/** Those of `userIds` who are board members now (the rebuild's test), with their squads. */
export async function readMembersToPlace(
  tx: Transaction,
  seasonId: string,
  userIds: readonly string[],
): Promise<MemberToPlace[]> {
  const rows = await selectRows<{
    user_id: string;
    full_name: string;
    country: string;
    club: string;
    player_ids: string[] | null;
  }>(
    tx,
    sql`select ${profiles.id} as user_id, ${profiles.fullName} as full_name, ${profiles.country} as country,
        ${profiles.favouriteClub} as club, ${squads.playerIds}::text[] as player_ids
      from ${profiles}
      left join ${squads} on ${squads.seasonId} = ${seasonId} and ${squads.userId} = ${profiles.id}
      where ${profiles.id} = any(${textArray(userIds)}::text[]) and ${profiles.onboardingComplete}
        and ${profiles.fullName} is not null and ${profiles.country} is not null and ${profiles.favouriteClub} is not null`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    fullName: row.full_name,
    country: row.country,
    club: row.club,
    pickIds: squadPicks(row.player_ids),
  }));
}

/** A stored member at `position`, whose ranking columns the caller works out from their squad (`readSquadPicks`). */
export interface StoredMember {
  position: number;
  userId: string;
}

/**
 * The first member of each of the global board's rank blocks (blocks without a row left are
 * skipped): every member of a block ranks at or after its first, and before the next block's.
 */
export async function readBlockFirsts(
  tx: Transaction,
  seasonId: string,
): Promise<(StoredMember & { block: number })[]> {
  const rows = await selectRows<{ block: number; position: string | number; user_id: string }>(
    tx,
    sql`select blocks.block, first.position, first.user_id
      from ${standingsRankBlocks} as blocks
      cross join lateral (
        select ${standings.position} as position, ${standings.userId} as user_id from ${standings}
        where ${standings.seasonId} = ${seasonId}
          and ${standings.position} > blocks.block::bigint * ${BLOCK_SPAN}::bigint
          and ${standings.position} <= (blocks.block + 1)::bigint * ${BLOCK_SPAN}::bigint
        order by ${standings.position} limit 1) as first
      where blocks.board = 'global' and blocks.name = '' and blocks.season_id = ${seasonId}
      order by blocks.block`,
  );
  return rows.map((row) => ({ block: row.block, position: Number(row.position), userId: row.user_id }));
}

/** The members of one block of the global board, in its order. */
export async function readBlockMembers(
  tx: Transaction,
  seasonId: string,
  block: number,
): Promise<StoredMember[]> {
  const rows = await selectRows<{ position: string | number; user_id: string }>(
    tx,
    sql`select ${standings.position} as position, ${standings.userId} as user_id
      from ${standings}
      where ${standings.seasonId} = ${seasonId}
        and ${standings.position} > ${block}::bigint * ${BLOCK_SPAN}::bigint
        and ${standings.position} <= ${block + 1}::bigint * ${BLOCK_SPAN}::bigint
      order by ${standings.position}`,
  );
  return rows.map((row) => ({ position: Number(row.position), userId: row.user_id }));
}

/** The picks of each of these members' squads (a member without a squad is left out). */
export async function readSquadPicks(
  tx: Transaction,
  seasonId: string,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const rows = await selectRows<{ user_id: string; player_ids: string[] }>(
    tx,
    sql`select ${squads.userId} as user_id, ${squads.playerIds}::text[] as player_ids from ${squads}
      where ${squads.seasonId} = ${seasonId} and ${squads.userId} = any(${textArray(userIds)}::text[])`,
  );
  return new Map(rows.map((row) => [row.user_id, squadPicks(row.player_ids)]));
}

/**
 * The members of the season whose squad picks one of `playerIds` (the picks' (player, user)
 * index finds them), at most `limit`.
 */
export async function listPickers(
  tx: Transaction,
  seasonId: string,
  playerIds: readonly string[],
  limit: number,
): Promise<string[]> {
  if (playerIds.length === 0) return [];
  const rows = await selectRows<{ user_id: string }>(
    tx,
    sql`select distinct ${picks.userId} as user_id from ${picks}
      where ${picks.playerId} = any(${textArray(playerIds)}::uuid[]) and ${picks.seasonId} = ${seasonId}
      limit ${limit}`,
  );
  return rows.map((row) => row.user_id);
}

/** A squad's picks as the `squads` row lists them (none: no squad). */
function squadPicks(playerIds: readonly (string | null)[] | null): string[] {
  return (playerIds ?? []).filter((id) => id !== null);
}
