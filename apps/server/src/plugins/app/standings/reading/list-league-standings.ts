import {
  AppError,
  LEAGUE_MESSAGES,
  type LeagueStandingsPage,
  leagueStandingRowSchema,
  leagueStandingsPageSchema,
} from '@hit21/core';
import { isUuid } from '../../../../db/sql-values.ts';
import type { KeptMembership, LeagueMembershipCache } from '../../leagues/league-membership-cache.ts';
import { readOnOneBoard } from './board-cache.ts';
import {
  findLeagueMembership,
  readLeagueStandingsPage,
  readViewerRanked,
} from './league-standings-repository.ts';
import { answerFor, expectedWaitSeconds, type PageRequest } from './list-leaderboard.ts';

/**
 * A page of a league's standings as one of its approved members sees it (anyone else is told it
 * does not exist). Their membership is kept while approved, the page under the board's version and
 * the league's last change of members: a page asked again reads nothing from the database.
 */
export async function listLeagueStandings(
  options: PageRequest & { memberships: LeagueMembershipCache; leagueId: string },
): Promise<LeagueStandingsPage> {
  const { db, memberships, leagueId, viewerId, page, pageSize } = options;
  // Not an id the database could hold: answered like any league the viewer may not see.
  const viewer = isUuid(leagueId)
    ? await memberships.lookup(leagueId, viewerId, () => findLeagueMembership(db, { leagueId, viewerId }))
    : undefined;
  if (!viewer?.isApproved) {
    const message = LEAGUE_MESSAGES.notFound;
    throw new AppError('NOT_FOUND', { reason: 'LEAGUE_NOT_FOUND', message, userMessage: message });
  }
  const { stored, isViewerRanked } = await readFromOneBoard(options, viewer);
  const pendingWithinSeconds =
    stored.membersChanged || !isViewerRanked ? expectedWaitSeconds(stored, options.refreshDelayMs) : null;
  return answerFor(options, {
    seasonId: viewer.seasonId,
    stored,
    notice: pendingWithinSeconds,
    schema: leagueStandingsPageSchema,
    rowSchema: leagueStandingRowSchema,
    build: (): LeagueStandingsPage => ({
      rows: stored.rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString(), isYou: false })),
      total: stored.total,
      isTotalCapped: stored.isTotalCapped,
      page,
      pageSize,
      computedAt: stored.computedFor?.toISOString() ?? null,
      pendingWithinSeconds,
    }),
  });
}

/** The page, and whether the league's standings hold the viewer, of the board version served. */
function readFromOneBoard(options: Parameters<typeof listLeagueStandings>[0], viewer: KeptMembership) {
  const { db, boards, leagueId, viewerId, page, pageSize, search, after, isMeOnly } = options;
  return readOnOneBoard(boards, viewer.seasonId, async (version) => {
    const asked = [page, pageSize, search, after, isMeOnly ? viewerId : null];
    const key = JSON.stringify(['league', leagueId, viewer.membersChangedAt, ...asked]);
    const stored = await boards.page(key, version, () =>
      readLeagueStandingsPage(db, {
        ...options,
        seasonId: viewer.seasonId,
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
