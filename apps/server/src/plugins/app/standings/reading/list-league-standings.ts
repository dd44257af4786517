import {
  AppError,
  LEAGUE_MESSAGES,
  type LeagueStandingRow,
  type LeagueStandingsPage,
  leagueStandingRowSchema,
  leagueStandingsPageSchema,
  type SeasonConfig,
} from '@hit21/core';
import type { Executor } from '../../../../db/database.ts';
import type { KeptMembership, LeagueMembershipCache } from '../../leagues/league-membership-cache.ts';
import { type BoardCache, readOnOneBoard } from './board-cache.ts';
import { withOwnRow } from './board-etag.ts';
import {
  findLeagueMembership,
  readLeagueStandingsPage,
  readViewerRanked,
  type StoredLeaguePage,
} from './league-standings-repository.ts';
import { expectedWaitSeconds, sharedAnswer, viewerPicks } from './list-leaderboard.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A page of a league's standings as one of its approved members sees it (anyone else is told
 * the league does not exist): the stored global order restricted to the league, the viewer's
 * own row marked and carrying their picks, nobody else's. `pendingWithinSeconds` says when the
 * standings will show a change of members made since they were computed, or the viewer.
 *
 * The viewer's membership is kept while they are an approved member (`leagueMemberships`,
 * forgotten at their league's change on every instance); the page itself is kept in the board
 * cache under the board's version and the league's last change of members, which every change of
 * approved members moves in its transaction, and whether the league's standings hold the viewer
 * under the board's version alone. So a page asked again reads nothing from the database.
 */
export async function listLeagueStandings(options: {
  db: Executor;
  /** Pages kept per board version (board-cache.ts). */
  boards: BoardCache;
  /** Approved members' memberships kept (league-membership-cache.ts). */
  memberships: LeagueMembershipCache;
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
  const { db, boards, memberships, season, leagueId, viewerId, page, pageSize } = options;
  // Not an id the database could hold: answered like any league the viewer may not see.
  const viewer = UUID.test(leagueId)
    ? await memberships.lookup(leagueId, viewerId, () => findLeagueMembership(db, { leagueId, viewerId }))
    : undefined;
  if (!viewer?.isApproved) {
    throw new AppError('NOT_FOUND', {
      reason: 'LEAGUE_NOT_FOUND',
      message: LEAGUE_MESSAGES.notFound,
      userMessage: LEAGUE_MESSAGES.notFound,
    });
  }
  const { stored, isViewerRanked } = await readFromOneBoard(options, viewer);
  const pendingWithinSeconds =
    stored.membersChanged || !isViewerRanked ? expectedWaitSeconds(stored, options.refreshDelayMs) : null;
  // What every viewer without a row on the page gets: one answer per notice.
  const shared = sharedAnswer(
    stored,
    pendingWithinSeconds,
    (): LeagueStandingsPage => ({
      rows: stored.rows.map(({ joinedAt, ...row }) => ({
        ...row,
        joinedAt: joinedAt.toISOString(),
        isYou: false,
      })),
      total: stored.total,
      isTotalCapped: stored.isTotalCapped,
      page,
      pageSize,
      computedAt: stored.computedFor?.toISOString() ?? null,
      pendingWithinSeconds,
    }),
  );
  const ownIndex = shared.rows.findIndex((row) => row.userId === viewerId);
  const sharedOwnRow = shared.rows[ownIndex];
  if (!sharedOwnRow) return shared;
  const picks = await viewerPicks({
    db,
    boards,
    season,
    seasonId: viewer.seasonId,
    viewerId,
    version: stored.version,
    computedFor: stored.computedFor,
  });
  const ownRow: LeagueStandingRow = { ...sharedOwnRow, isYou: true, picks };
  return withOwnRow(shared, ownIndex, ownRow, leagueStandingsPageSchema, leagueStandingRowSchema);
}

/**
 * The page, and whether the league's standings hold the viewer, from the board version this
 * instance serves: each from memory when held, else read.
 */
function readFromOneBoard(
  options: Parameters<typeof listLeagueStandings>[0],
  viewer: KeptMembership,
): Promise<{ stored: StoredLeaguePage; isViewerRanked: boolean }> {
  const { db, boards, leagueId, viewerId, page, pageSize, search, isMeOnly } = options;
  return readOnOneBoard(boards, viewer.seasonId, async (version) => {
    const key = JSON.stringify([
      'league',
      leagueId,
      viewer.membersChangedAt,
      page,
      pageSize,
      search ?? null,
      isMeOnly ? viewerId : null,
    ]);
    const stored = await boards.page(key, version, () =>
      readLeagueStandingsPage(db, {
        seasonId: viewer.seasonId,
        leagueId,
        viewerId,
        page,
        pageSize,
        search,
        isMeOnly,
        leagueSize: viewer.approvedMembers,
      }),
    );
    const ranked = await boards.page(JSON.stringify(['league-viewer', leagueId, viewerId]), version, () =>
      readViewerRanked(db, { seasonId: viewer.seasonId, leagueId, viewerId }),
    );
    return {
      answer: { stored, isViewerRanked: ranked.isRanked },
      versions: [stored.version, ranked.version],
    };
  });
}
