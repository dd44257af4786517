import type { SquadStatus } from '@hit21/core';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows, type Transaction } from '../../../../db/database.ts';
import { searchKeySql } from '../../../../db/name-folding.ts';
import {
  BLOCK_SPAN,
  leagueMembers,
  leagueStandings,
  leagues,
  picks,
  profiles,
  type RankedWith,
  squads,
  standings,
  standingsMemberChanges,
  standingsNames,
  standingsRankBlocks,
  standingsRankChunks,
  standingsState,
} from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import { chunkOf, isBoardLostSql } from '../rank-blocks-repository.ts';
import { hasUnplacedChangesSql } from '../standings-inputs-repository.ts';

/**
 * A member's change, placed on the stored boards within seconds (place-member-changes.ts): the
 * change log, and the statements that take a member off the boards and put them back at their
 * place, keeping every board's rank blocks and the state row in step.
 */

/**
 * Records, in the caller's transaction, that a member's place on the boards may have changed:
 * their squad, onboarding, name, country or club, their account, or a league's membership. The
 * standings check places them on the stored board; each change takes a new `seq`.
 */
export async function markMemberChanged(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`insert into ${standingsMemberChanges} (user_id) values (${userId})
    on conflict (user_id) do update set seq = excluded.seq, applied = false`);
}

/** Forgets a member's change, placed or not (their account is deleted, and they are off every board). */
export async function forgetMemberChange(db: Executor, userId: string): Promise<void> {
  await db.execute(
    sql`delete from ${standingsMemberChanges} where ${standingsMemberChanges.userId} = ${userId}`,
  );
}

/**
 * An account deleted is off the boards in its own transaction: unless another member's change
 * waits, the boards of the seasons of the leagues they were approved in now hold every change, as
 * after a placement. Their leagues' change mark, set in this transaction, is then no later than
 * `placed_at`, and their members are not told the standings are being updated (`members_changed`).
 */
export async function markDeletionPlaced(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`update ${standingsState} set placed_at = greatest(${standingsState.placedAt}, now())
    where ${standingsState.seasonId} in (select ${leagues.seasonId} from ${leagues}
        join ${leagueMembers} on ${leagueMembers.leagueId} = ${leagues.id}
        where ${leagueMembers.userId} = ${userId} and ${leagueMembers.status} = 'approved')
      and not ${hasUnplacedChangesSql()}`);
}

/** A change as the log holds it: placing it settles this `seq` only (a later change of the member waits). */
export interface MemberChange {
  userId: string;
  seq: number;
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

export interface PlacingState {
  rankedWith: RankedWith | null;
  countries: string[];
  clubs: string[];
  /** A crash of the database emptied the board's tables (`isBoardLostSql`): nothing to place on. */
  isBoardLost: boolean;
}

/** What the stored board of the season was ranked with; undefined before its first computation. */
export async function readPlacingState(tx: Transaction, seasonId: string): Promise<PlacingState | undefined> {
  const [row] = await selectRows<{
    ranked_with: RankedWith | null;
    countries: string[];
    clubs: string[];
    is_board_lost: boolean;
  }>(
    tx,
    sql`select ${standingsState.rankedWith} as ranked_with, ${standingsState.countries} as countries,
        ${standingsState.clubs} as clubs, ${isBoardLostSql(seasonId)} as is_board_lost
      from ${standingsState} where ${standingsState.seasonId} = ${seasonId}`,
  );
  return row
    ? {
        rankedWith: row.ranked_with,
        countries: row.countries,
        clubs: row.clubs,
        isBoardLost: row.is_board_lost === true,
      }
    : undefined;
}

/** The oldest `limit` changes not yet placed. */
export async function listUnplacedChanges(tx: Transaction, limit: number): Promise<MemberChange[]> {
  const rows = await selectRows<{ user_id: string; seq: string | number }>(
    tx,
    sql`select user_id, seq from ${standingsMemberChanges} where not ${standingsMemberChanges.applied}
      order by seq limit ${limit}`,
  );
  return rows.map((row) => ({ userId: row.user_id, seq: Number(row.seq) }));
}

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

/** More or fewer members of a board in one of its rank blocks. */
export interface BlockChange {
  board: 'global' | 'country' | 'club' | 'league';
  name: string;
  position: number;
  /** Members more (or fewer, below zero) in the block holding `position`. */
  change: number;
}

/**
 * Counts the changes into the boards' rank blocks and their chunks: a block's members, its
 * chunk's, then the members before every later chunk of each board changed; a block or chunk left
 * empty goes (a board's rank never reads it). Answers the most members a changed global block
 * now holds.
 */
export async function shiftRankBlocks(
  tx: Transaction,
  seasonId: string,
  changes: readonly BlockChange[],
): Promise<number> {
  if (changes.length === 0) return 0;
  const byBlock = new Map<string, { board: string; name: string; block: number; change: number }>();
  for (const change of changes) {
    const block = Math.floor((change.position - 1) / BLOCK_SPAN);
    const key = JSON.stringify([change.board, change.name, block]);
    const known = byBlock.get(key) ?? { board: change.board, name: change.name, block, change: 0 };
    known.change += change.change;
    byBlock.set(key, known);
  }
  const counted = [...byBlock.values()].filter((row) => row.change !== 0);
  if (counted.length === 0) return 0;
  const deltas = sql`unnest(${textArray(counted.map((row) => row.board))}::text[],
      ${textArray(counted.map((row) => row.name))}::text[],
      ${`{${counted.map((row) => row.block).join(',')}}`}::int[],
      ${`{${counted.map((row) => row.change).join(',')}}`}::int[]) as delta (board, name, block, change)`;
  const blocks = await selectRows<{ board: string; name: string; block: number; members: number }>(
    tx,
    sql`insert into ${standingsRankBlocks} (season_id, board, name, block, members)
      select ${seasonId}, board, name, block, change from ${deltas}
      on conflict (board, name, block, season_id)
        do update set members = ${standingsRankBlocks.members} + excluded.members
      returning board, name, block, members`,
  );
  const emptied = blocks.filter((row) => row.members <= 0);
  if (emptied.length > 0) {
    await tx.execute(sql`delete from ${standingsRankBlocks}
      where ${standingsRankBlocks.seasonId} = ${seasonId}
        and (${standingsRankBlocks.board}, ${standingsRankBlocks.name}, ${standingsRankBlocks.block}) in (
          select * from unnest(${textArray(emptied.map((row) => row.board))}::text[],
            ${textArray(emptied.map((row) => row.name))}::text[],
            ${`{${emptied.map((row) => row.block).join(',')}}`}::int[]))`);
  }
  const changedChunks = await selectRows<{ board: string; name: string; chunk: number }>(
    tx,
    sql`insert into ${standingsRankChunks} (season_id, board, name, chunk, members_before, members)
      select ${seasonId}, board, name, ${chunkOf(sql`block`)}, 0, sum(change)::int from ${deltas}
      group by board, name, ${chunkOf(sql`block`)}
      on conflict (board, name, chunk, season_id)
        do update set members = ${standingsRankChunks.members} + excluded.members
      returning board, name, chunk`,
  );
  // The members before each chunk of a changed board, from its first changed chunk on.
  const firstChanged = new Map<string, { board: string; name: string; chunk: number }>();
  for (const row of changedChunks) {
    const key = JSON.stringify([row.board, row.name]);
    const known = firstChanged.get(key);
    if (!known || row.chunk < known.chunk) firstChanged.set(key, row);
  }
  const boards = [...firstChanged.values()];
  const fromChunk = sql`select * from unnest(${textArray(boards.map((row) => row.board))}::text[],
      ${textArray(boards.map((row) => row.name))}::text[],
      ${`{${boards.map((row) => row.chunk).join(',')}}`}::int[]) as changed (board, name, chunk)`;
  await tx.execute(sql`delete from ${standingsRankChunks} using (${fromChunk}) as changed
    where ${standingsRankChunks.seasonId} = ${seasonId} and ${standingsRankChunks.board} = changed.board
      and ${standingsRankChunks.name} = changed.name and ${standingsRankChunks.chunk} >= changed.chunk
      and ${standingsRankChunks.members} <= 0`);
  await tx.execute(sql`update ${standingsRankChunks} set members_before = counted.members_before
    from (select chunks.board, chunks.name, chunks.chunk,
        (sum(chunks.members) over (partition by chunks.board, chunks.name order by chunks.chunk)
          - chunks.members)::int as members_before
      from ${standingsRankChunks} as chunks
      where chunks.season_id = ${seasonId}
        and (chunks.board, chunks.name) in (select board, name from (${fromChunk}) as changed)) as counted
    join (${fromChunk}) as changed on changed.board = counted.board and changed.name = counted.name
    where ${standingsRankChunks.seasonId} = ${seasonId} and ${standingsRankChunks.board} = counted.board
      and ${standingsRankChunks.name} = counted.name and ${standingsRankChunks.chunk} = counted.chunk
      and counted.chunk >= changed.chunk
      and ${standingsRankChunks.membersBefore} <> counted.members_before`);
  return blocks.reduce(
    (largest, row) => (row.board === 'global' ? Math.max(largest, row.members) : largest),
    0,
  );
}

/** The goals a placement has ranked the board with instead of those it was ranked with (place-member-changes.ts). */
export interface GoalsPlaced {
  computedFor: Date;
  goalsFingerprint: string;
  rankedWith: RankedWith;
}

/**
 * Marks the board as revised by a placement (a new version for the caches: decision 016), with
 * its member count moved by `memberChange`, the countries and clubs a search matches, when the
 * placement started (its transaction's start) and how long it took, and the goals it now stands
 * for when the placement moved the pickers of changed scorers.
 */
export async function saveBoardRevision(
  tx: Transaction,
  seasonId: string,
  revision: {
    memberChange: number;
    countries?: string[];
    clubs?: string[];
    placeMs?: number;
    goals?: GoalsPlaced;
  },
): Promise<void> {
  const lists =
    revision.countries && revision.clubs
      ? sql`, countries = ${textArray(revision.countries)}::text[], clubs = ${textArray(revision.clubs)}::text[]`
      : sql``;
  const timing =
    revision.placeMs === undefined ? sql`` : sql`, placed_at = now(), place_ms = ${revision.placeMs}::int`;
  const goals = revision.goals
    ? sql`, computed_for = ${revision.goals.computedFor.toISOString()}::timestamptz,
        goals_fingerprint = ${revision.goals.goalsFingerprint},
        ranked_with = ${JSON.stringify(revision.goals.rankedWith)}::jsonb`
    : sql``;
  await tx.execute(sql`update ${standingsState} set members = members + ${revision.memberChange}::int,
      revision = revision + 1 ${lists} ${timing} ${goals}
    where ${standingsState.seasonId} = ${seasonId}`);
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

/**
 * The placed changes leave the log; while a rebuild runs they stay, marked placed, as its
 * ranking may not have read them (`settleCoveredChanges`). A member changed again since keeps
 * their newer change, unplaced.
 */
export async function settlePlacedChanges(
  db: Executor,
  changes: readonly MemberChange[],
  options: { isRebuildRunning: boolean },
): Promise<void> {
  if (changes.length === 0) return;
  const placed = sql`(user_id, seq) in (select * from unnest(${textArray(changes.map((change) => change.userId))}::text[],
    ${`{${changes.map((change) => change.seq).join(',')}}`}::bigint[]))`;
  await db.execute(
    options.isRebuildRunning
      ? sql`update ${standingsMemberChanges} set applied = true where ${placed}`
      : sql`delete from ${standingsMemberChanges} where ${placed}`,
  );
}

/**
 * A board row's user id compared as the other tables' ids are: the board's compare in byte order
 * (migration 0019), and a comparison of the two could use neither side's index.
 */
function boardUser(userId: SQL | AnyColumn): SQL {
  return sql`${userId} collate "default"`;
}

/** A squad's picks as the `squads` row lists them (none: no squad). */
function squadPicks(playerIds: readonly (string | null)[] | null): string[] {
  return (playerIds ?? []).filter((id) => id !== null);
}
