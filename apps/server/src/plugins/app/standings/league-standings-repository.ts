import type { SquadStatus } from '@hit21/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database.ts';
import {
  leagueMembers,
  leagueStandings,
  leagues,
  standings,
  standingsState,
} from '../../../db/schema/index.ts';

/**
 * Above this many members a name search starts from the board's trigram index: probing the
 * league for each of a common name's matches (about 15,000 at a million players) costs less than
 * reading that many members' names, and a rare name costs almost nothing.
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
  total: number;
  /** The server-clock instant the stored board reflects; null before its first computation. */
  computedFor: Date | null;
  /** An approved member joined or went since the stored standings were computed. */
  membersChanged: boolean;
  /** The stored league standings hold the viewer. */
  viewerRanked: boolean;
  /** How long the last recompute of the season took; null before the first. */
  lastRecomputeMs: number | null;
}

/**
 * One page of a league's stored standings (the global order restricted to its approved
 * members, ranked 1, 2, 3, ...), with its total, the instant the board reflects and what the
 * viewer needs to be told, in one statement (one snapshot of the board and the league's ranks,
 * which are swapped in together).
 * - Without a search or "me", a page is a range of league ranks, one index range scan on
 *   (league_id, league_rank) joined to the board by (season_id, user_id); the total is the
 *   highest rank.
 * - A name search (case-insensitive, anywhere in the name) or "me" keeps the league ranks. A
 *   search in a big league starts from the board's trigram index on the name, then probes the
 *   league's (league_id, user_id) index per name; in a small league from the league's ranks, then
 *   the board's rows. Either way the matches are found once, counted and paged.
 * A member no longer approved (left, kicked) leaves the page at once; the next recompute closes
 * the gap in the ranks.
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
    isMeOnly: boolean;
    /** The league's approved members now: picks where a name search starts. */
    leagueSize: number;
  },
): Promise<StoredLeaguePage> {
  const { seasonId, leagueId, viewerId, page, pageSize, search, isMeOnly, leagueSize } = options;
  const offset = (page - 1) * pageSize;

  let ranks: SQL;
  if (search === undefined && !isMeOnly) {
    ranks = sql`with total as (select coalesce(max(${leagueStandings.leagueRank}), 0) as total
          from ${leagueStandings} where ${leagueStandings.leagueId} = ${leagueId}),
        page as (select ${leagueStandings.leagueRank} as rank, ${leagueStandings.userId} as user_id
          from ${leagueStandings} where ${leagueStandings.leagueId} = ${leagueId}
            and ${leagueStandings.leagueRank} between ${offset + 1} and ${offset + pageSize})
      select total.total, page.* from total left join page on true`;
  } else if (search !== undefined && !isMeOnly && search.length >= 3 && leagueSize > BIG_LEAGUE) {
    // A big league: the names through the board's trigram index, then each one's league rank by
    // one probe of (league_id, user_id). A lateral subquery with a limit stays a probe per name:
    // as a join the planner hashes the whole league when it overestimates the names (a full name).
    ranks = sql`with named as materialized (
          select ${standings.userId} as user_id from ${standings}
          where ${standings.seasonId} = ${seasonId} and ${nameMatches(search)}),
        matches as materialized (
          select member.rank, named.user_id from named
          cross join lateral (select ${leagueStandings.leagueRank} as rank from ${leagueStandings}
            where ${leagueStandings.leagueId} = ${leagueId} and ${leagueStandings.userId} = named.user_id
            limit 1) as member),
        total as (select count(*) as total from matches),
        page as (select * from matches order by rank limit ${pageSize} offset ${offset})
      select total.total, page.* from total left join page on true`;
  } else {
    // "Me", a small league, or a search too short for the trigram index: the planner starts from
    // the league's ranks or the board's names, whichever it expects fewer of.
    const filters = [
      sql`${leagueStandings.leagueId} = ${leagueId}`,
      isMeOnly ? sql`${leagueStandings.userId} = ${viewerId}` : undefined,
      search === undefined ? undefined : nameMatches(search),
    ].filter((condition) => condition !== undefined);
    ranks = sql`with matches as materialized (
          select ${leagueStandings.leagueRank} as rank, ${leagueStandings.userId} as user_id
          from ${leagueStandings} join ${standings}
            on ${standings.seasonId} = ${seasonId} and ${standings.userId} = ${leagueStandings.userId}
          where ${sql.join(filters, sql` and `)}),
        total as (select count(*) as total from matches),
        page as (select * from matches order by rank limit ${pageSize} offset ${offset})
      select total.total, page.* from total left join page on true`;
  }

  const result = await selectRows<{
    total: string | number;
    rank: number | null;
    user_id: string;
    full_name: string;
    total_goals: number;
    status: SquadStatus;
    joined_at: Date | string;
    computed_for: Date | string | null;
    last_recompute_ms: number | null;
    members_changed: boolean | null;
    viewer_ranked: boolean;
  }>(
    db,
    sql`with meta as (
        select ${standingsState.computedFor} as computed_for, ${standingsState.durationMs} as last_recompute_ms,
          ${leagues.membersChangedAt} > ${standingsState.computedAt} - ${standingsState.durationMs} * interval '1 millisecond'
            as members_changed,
          exists (select 1 from ${leagueStandings} where ${leagueStandings.leagueId} = ${leagueId}
            and ${leagueStandings.userId} = ${viewerId}) as viewer_ranked
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
      order by ranks.rank`,
  );
  const first = result[0];
  return {
    total: Number(first?.total ?? 0),
    computedFor: first?.computed_for ? new Date(first.computed_for) : null,
    membersChanged: first?.members_changed === true,
    viewerRanked: first?.viewer_ranked === true,
    lastRecomputeMs: first?.last_recompute_ms ?? null,
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

/**
 * The board's lower-cased name contains the search. Three characters or more use the board's
 * trigram index; a shorter search cannot, and the function form of LIKE keeps the planner from
 * walking the whole trigram index (as the leaderboard does).
 */
function nameMatches(search: string): SQL {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return search.length < 3
    ? sql`textlike(${standings.searchName}, ${pattern})`
    : sql`${standings.searchName} like ${pattern}`;
}

/** A member's rows on every stored league standings (no foreign keys: they are rebuilt and swapped whole). */
export async function deleteMemberLeagueStandings(db: Executor, userId: string): Promise<void> {
  await db.delete(leagueStandings).where(eq(leagueStandings.userId, userId));
}
