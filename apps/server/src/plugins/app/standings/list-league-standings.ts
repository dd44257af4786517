import {
  AppError,
  currentGameweek,
  LEAGUE_MESSAGES,
  type LeagueStandingsPage,
  type SeasonConfig,
} from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import { requireLeagueMember } from '../leagues/league-access.ts';
import { listTeam } from '../squads/squad-repository.ts';
import { readLeagueStandingsPage } from './league-standings-repository.ts';
import { expectedWaitSeconds } from './list-leaderboard.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A page of a league's standings as one of its approved members sees it (anyone else is told
 * the league does not exist): the stored global order restricted to the league, the viewer's
 * own row marked and carrying their picks, nobody else's. `pendingWithinSeconds` says when the
 * standings will show a change of members made since they were computed, or the viewer.
 */
export async function listLeagueStandings(options: {
  db: Executor;
  season: SeasonConfig;
  leagueId: string;
  viewerId: string;
  page: number;
  pageSize: number;
  search?: string;
  isMeOnly: boolean;
  /** The longest a change waits before the standings check notices it (standings-service.ts). */
  refreshDelayMs: number;
}): Promise<LeagueStandingsPage> {
  const { db, season, leagueId, viewerId, page, pageSize } = options;
  // Not an id the database could hold: answered like any league the viewer may not see.
  if (!UUID.test(leagueId)) {
    throw new AppError('NOT_FOUND', {
      reason: 'LEAGUE_NOT_FOUND',
      message: LEAGUE_MESSAGES.notFound,
      userMessage: LEAGUE_MESSAGES.notFound,
    });
  }
  const { league } = await requireLeagueMember(db, leagueId, viewerId);
  const stored = await readLeagueStandingsPage(db, {
    seasonId: league.seasonId,
    leagueId,
    viewerId,
    page,
    pageSize,
    search: options.search,
    isMeOnly: options.isMeOnly,
    leagueSize: league.approvedMembers,
  });
  const ownRow = stored.rows.find((row) => row.userId === viewerId);
  // The picks' goals as of the stored board, so they add up to the total shown beside them.
  const ownPicks =
    ownRow && stored.computedFor
      ? await listTeam(
          db,
          viewerId,
          league.seasonId,
          stored.computedFor,
          currentGameweek(season.gameweeks, stored.computedFor),
        )
      : undefined;
  return {
    rows: stored.rows.map(({ joinedAt, ...row }) => ({
      ...row,
      joinedAt: joinedAt.toISOString(),
      ...(row.userId === viewerId ? { isYou: true, picks: ownPicks } : { isYou: false }),
    })),
    total: stored.total,
    page,
    pageSize,
    computedAt: stored.computedFor?.toISOString() ?? null,
    pendingWithinSeconds:
      stored.membersChanged || !stored.viewerRanked
        ? expectedWaitSeconds(stored.lastPlaceMs, options.refreshDelayMs)
        : null,
  };
}
