import type { LeagueStandingRow, SquadStatus } from '@hit21/core';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../../db/database.ts';
import { foldSearch, namePattern } from '../../../../db/name-folding.ts';
import {
  leagueMembers,
  leagueStandings,
  leagues,
  standings,
  standingsState,
} from '../../../../db/schema/index.ts';
import { microsOf } from '../../../../db/sql-values.ts';
import type { KeptMembership } from '../../leagues/league-membership-cache.ts';
import { lostBoardRebuildMs } from '../rank-blocks-repository.ts';
import { boardVersion, NO_BOARD, type PlacingTimes, type StoredPage } from './leaderboard-repository.ts';
import { allOf, cappedTotal, rankedPageQuery } from './page-query-repository.ts';

/** Above this many members a name search starts from the trigram index; below, from the league's rows. */
const BIG_LEAGUE = 10_000;

export interface StoredLeaguePage extends Omit<StoredPage, 'rows'>, PlacingTimes {
  rows: (Omit<LeagueStandingRow, 'isYou' | 'picks' | 'joinedAt'> & { joinedAt: Date })[];
  /** An approved member joined or went since the stored standings were computed. */
  membersChanged: boolean;
}

/**
 * A page of a league's stored standings with its total and state, in one statement; only the page
 * is joined to the board. A member no longer approved leaves at once; the next recompute closes the gap.
 */
export async function readLeagueStandingsPage(
  db: Executor,
  options: {
    seasonId: string;
    leagueId: string;
    viewerId: string;
    page: number;
    pageSize: number;
    search?: string;
    after?: string;
    isMeOnly: boolean;
    /** The league's approved members now (`BIG_LEAGUE`). */
    leagueSize: number;
  },
): Promise<StoredLeaguePage> {
  const { seasonId, leagueId, viewerId, search, isMeOnly } = options;
  const inLeague = sql`${leagueStandings.leagueId} = ${leagueId}`;
  const onlyViewer = isMeOnly ? sql`${leagueStandings.userId} = ${viewerId}` : undefined;
  const isBig = search !== undefined && foldSearch(search).length >= 3 && options.leagueSize > BIG_LEAGUE;
  const match = search === undefined ? undefined : nameMatch(search, isBig);
  const { query, limit } = rankedPageQuery({
    ...options,
    board: { kind: 'league', name: leagueId },
    rowsWhere: (condition) => sql`select ${leagueStandings.ord} as ord, ${leagueStandings.userId} as user_id
      from ${leagueStandings} where ${allOf([inLeague, onlyViewer, condition])}`,
    ords: sql`select ${leagueStandings.ord} as ord from ${leagueStandings} where ${inLeague}`,
    counted: search === undefined && !isMeOnly ? undefined : { ...match },
  });
  const result = await selectLeaguePageRows(db, seasonId, leagueId, query);
  const first = result[0];
  return {
    ...cappedTotal(Number(first?.total ?? 0), limit),
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

/** The operator form lets the planner use the trigram index; the function form keeps it off. */
function nameMatch(search: string, useTrigramIndex: boolean) {
  const pattern = namePattern(search);
  const tested = sql`textlike(${leagueStandings.searchName}, ${pattern})`;
  const indexed = sql`${leagueStandings.searchName} like ${pattern}`;
  return { condition: useTrigramIndex ? indexed : tested, walkedCondition: tested };
}

/** The viewer's membership of a league and what its page is kept under; undefined if none. */
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

/** Whether the stored league standings hold the viewer, under the board version (which any change moves). */
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
