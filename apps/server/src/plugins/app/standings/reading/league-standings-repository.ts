import type { SquadStatus } from '@hit21/core';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../../db/database.ts';
import { foldSearch } from '../../../../db/name-folding.ts';
import {
  leagueMembers,
  leagueStandings,
  leagues,
  standings,
  standingsState,
} from '../../../../db/schema/index.ts';
import { microsOf } from '../../../../db/sql-values.ts';
import type { KeptMembership } from '../../leagues/league-membership-cache.ts';
import { type BlockBoard, boardPage, lostBoardRebuildMs, withRanks } from '../rank-blocks-repository.ts';
import { cappedSearchPage, cappedTotal, countLimit } from './capped-count-repository.ts';
import { boardVersion, NO_BOARD } from './leaderboard-repository.ts';
import { likePattern } from './leaderboard-search-repository.ts';

/**
 * Above this many members a name search of three characters or more starts from the league's
 * trigram index on the names (matches of every league, this one's kept); below it, from the
 * league's own rows, which costs less than the index's matches in the other leagues.
 */
const BIG_LEAGUE = 10_000;

export interface StoredLeagueStanding {
  rank: number;
  userId: string;
  fullName: string;
  totalGoals: number;
  status: SquadStatus;
  joinedAt: Date;
}

export interface StoredLeaguePage {
  rows: StoredLeagueStanding[];
  /** The rows matching: a search's counted up to SEARCH_TOTAL_CAP (capped-count-repository.ts). */
  total: number;
  /** More rows match than `total`. */
  isTotalCapped: boolean;
  /** The server-clock instant the stored board reflects; null before its first computation. */
  computedFor: Date | null;
  /** An approved member joined or went since the stored standings were computed. */
  membersChanged: boolean;
  /** How long the last placement of member changes took; null before the first. */
  lastPlaceMs: number | null;
  /** While the stored board is lost (`isBoardLostSql`), how long its last rebuild took; else null. */
  lostBoardRebuildMs: number | null;
  /** The stored board (and so the league standings) the page was read from (`boardVersion`). */
  version: string;
}

/**
 * One page of a league's stored standings (the global order restricted to its approved
 * members, ranked 1, 2, 3, ... from the league's rank blocks), with its total, the instant the
 * board reflects and what the viewer needs to be told, in one statement (one snapshot of the
 * board and the league's places, which are swapped in together).
 * - Without a search or "me", a page starts in the rank block holding its first rank and reads
 *   the league's order index (league_id, ord) from there, joined to the board by
 *   (season_id, user_id); the total is the league's members before and in its last block.
 * - A name search (anywhere in the name, folded: searchKeySql) or "me" keeps the league ranks. The
 *   league's rows carry the board's search key of the name: a search of three characters or more in a
 *   big league finds its matches through their trigram index, any other over the league's rows;
 *   they are counted up to SEARCH_TOTAL_CAP with the page (`cappedSearchPage`, decision 018).
 *   Only the page is joined to the board.
 * A member no longer approved (left, kicked) leaves the page at once; the next recompute closes
 * the gap in the ranks.
 */
export async function readLeagueStandingsPage(
  db: Executor,
  options: LeaguePageRequest,
): Promise<StoredLeaguePage> {
  const { seasonId, leagueId } = options;
  const { ranks, limit } = leagueRanks(options);
  const result = await selectLeaguePageRows(db, seasonId, leagueId, ranks);
  const first = result[0];
  const counted = Number(first?.total ?? 0);
  return {
    ...(limit === undefined ? { total: counted, isTotalCapped: false } : cappedTotal(counted, limit)),
    computedFor: first?.computed_for ? new Date(first.computed_for) : null,
    membersChanged: first?.members_changed === true,
    lastPlaceMs: first?.last_place_ms ?? null,
    lostBoardRebuildMs: first?.lost_board_rebuild_ms ?? null,
    version: first?.board_version ?? NO_BOARD,
    rows: result
      // Not on the page: past its end, or a member who is no longer approved (or whose board row went).
      .filter((row) => row.rank !== null && row.joined_at !== null && row.full_name !== null)
      .map((row) => ({
        rank: Number(row.rank),
        userId: row.user_id,
        fullName: row.full_name,
        totalGoals: row.total_goals,
        status: row.status,
        joinedAt: new Date(row.joined_at),
      })),
  };
}

/** Which page of which league's standings, for whom. */
interface LeaguePageRequest {
  seasonId: string;
  leagueId: string;
  viewerId: string;
  page: number;
  pageSize: number;
  search?: string;
  isMeOnly: boolean;
  /** The league's approved members now: picks where a name search starts. */
  leagueSize: number;
}

/**
 * The page's places and league ranks (with the total), and the count's limit for a search or "me"
 * (`countLimit`); `readLeagueStandingsPage` tells how each is read.
 */
function leagueRanks(options: LeaguePageRequest): { ranks: SQL; limit?: number } {
  const { seasonId, leagueId, viewerId, page, pageSize, search, isMeOnly, leagueSize } = options;
  const offset = (page - 1) * pageSize;
  const board: BlockBoard = { kind: 'league', name: leagueId };
  if (search === undefined && !isMeOnly) {
    // From the rank block holding the page's first rank, along the league's order index.
    const rows = sql`select ${leagueStandings.ord} as ord, ${leagueStandings.userId} as user_id
      from ${leagueStandings} where ${leagueStandings.leagueId} = ${leagueId}`;
    const ranks = boardPage(seasonId, board, rows, offset, pageSize);
    return { ranks };
  }
  // "Me" is one probe of (league_id, user_id). A search reads the names stored with the places.
  const useTrigramIndex = search !== undefined && foldSearch(search).length >= 3 && leagueSize > BIG_LEAGUE;
  const rowsWhere = (name: SQL | undefined) =>
    sql`select ${leagueStandings.ord} as ord, ${leagueStandings.userId} as user_id
        from ${leagueStandings} where ${sql.join(
          [
            sql`${leagueStandings.leagueId} = ${leagueId}`,
            isMeOnly ? sql`${leagueStandings.userId} = ${viewerId}` : undefined,
            name,
          ].filter((condition) => condition !== undefined),
          sql` and `,
        )}`;
  const limit = countLimit(offset, pageSize);
  const found = cappedSearchPage({
    matches: rowsWhere(search === undefined ? undefined : nameMatches(search, useTrigramIndex)),
    walked: rowsWhere(search === undefined ? undefined : nameMatches(search, false)),
    limit,
    offset,
    pageSize,
  });
  const ranks = sql`with ${found}, page as (${rankedLeaguePage(seasonId, leagueId)})
      select counted.total, page.* from counted left join page on true`;
  return { ranks, limit };
}

/** The page's rows (`found`) with their league ranks (`withRanks`). */
function rankedLeaguePage(seasonId: string, leagueId: string): SQL {
  return withRanks(
    seasonId,
    { kind: 'league', name: leagueId },
    sql`select ${leagueStandings.ord} as ord from ${leagueStandings} where ${leagueStandings.leagueId} = ${leagueId}`,
  );
}

/** The page's rows joined to the board and the league, with the board's state, in one statement. */
function selectLeaguePageRows(executor: Executor, seasonId: string, leagueId: string, ranks: SQL) {
  return selectRows<{
    total: string | number;
    rank: number | null;
    user_id: string;
    full_name: string;
    total_goals: number;
    status: SquadStatus;
    joined_at: Date | string;
    computed_for: Date | string | null;
    last_place_ms: number | null;
    lost_board_rebuild_ms: number | null;
    members_changed: boolean | null;
    board_version: string;
  }>(
    executor,
    sql`with meta as (
        select ${standingsState.computedFor} as computed_for, ${standingsState.placeMs} as last_place_ms,
          ${lostBoardRebuildMs(seasonId)} as lost_board_rebuild_ms,
          ${boardVersion(seasonId)} as board_version,
          ${leagues.membersChangedAt} > greatest(${standingsState.computedAt} - ${standingsState.durationMs} * interval '1 millisecond',
            ${standingsState.placedAt}) as members_changed
        from (select 1) as one
        left join ${leagues} on ${leagues.id} = ${leagueId}
        left join ${standingsState} on ${standingsState.seasonId} = ${seasonId})
      select meta.*, ranks.total, ranks.rank, ranks.user_id, ${standings.fullName} as full_name,
        ${standings.totalGoals} as total_goals, ${standings.status} as status, ${leagueMembers.joinedAt} as joined_at
      from meta
      cross join (${ranks}) as ranks
      left join ${standings} on ${standings.seasonId} = ${seasonId} and ${standings.userId} = ranks.user_id
      left join ${leagueMembers} on ${leagueMembers.leagueId} = ${leagueId} and ${leagueMembers.userId} = ranks.user_id
        and ${leagueMembers.status} = 'approved'
      order by ranks.ord`,
  );
}

/**
 * The member's stored search key contains the search's. The operator form lets the planner
 * use the trigram index (three characters or more); the function form keeps it on the league's
 * rows: a shorter search would walk the whole trigram index, and a small league is cheaper to
 * read than the index's matches in every league.
 */
function nameMatches(search: string, useTrigramIndex: boolean): SQL {
  // Lower-cased by the database, as the stored names are (searchKeySql): one case mapping.
  const pattern = sql`lower(${likePattern(search)})`;
  return useTrigramIndex
    ? sql`${leagueStandings.searchName} like ${pattern}`
    : sql`textlike(${leagueStandings.searchName}, ${pattern})`;
}

/**
 * The viewer's membership of a league, with what its standings page is kept under, in one
 * statement; undefined when the league does not exist or the viewer never asked to join it.
 * Kept for approved members (`fastify.leagueMemberships`).
 */
export async function findLeagueMembership(
  db: Executor,
  { leagueId, viewerId }: { leagueId: string; viewerId: string },
): Promise<KeptMembership | undefined> {
  const [row] = await selectRows<{
    season_id: string;
    members_changed_at: string;
    approved_members: number;
    status: string;
  }>(
    db,
    sql`select ${leagues.seasonId} as season_id, ${microsOf(leagues.membersChangedAt)} as members_changed_at,
        ${leagues.approvedMembers} as approved_members, ${leagueMembers.status} as status
      from ${leagues} join ${leagueMembers} on ${leagueMembers.leagueId} = ${leagues.id}
        and ${leagueMembers.userId} = ${viewerId}
      where ${leagues.id} = ${leagueId}`,
  );
  if (!row) return undefined;
  return {
    seasonId: row.season_id,
    membersChangedAt: row.members_changed_at,
    approvedMembers: row.approved_members,
    isApproved: row.status === 'approved',
  };
}

/**
 * Whether the stored league standings hold the viewer, with the board version that says so:
 * only a placement or a rebuild, each a new version, changes it.
 */
export async function readViewerRanked(
  db: Executor,
  { seasonId, leagueId, viewerId }: { seasonId: string; leagueId: string; viewerId: string },
): Promise<{ isRanked: boolean; version: string }> {
  const [row] = await selectRows<{ is_ranked: boolean; version: string }>(
    db,
    sql`select exists (select 1 from ${leagueStandings} where ${leagueStandings.leagueId} = ${leagueId}
          and ${leagueStandings.userId} = ${viewerId}) as is_ranked,
        ${boardVersion(seasonId)} as version`,
  );
  return { isRanked: row?.is_ranked === true, version: row?.version ?? NO_BOARD };
}
