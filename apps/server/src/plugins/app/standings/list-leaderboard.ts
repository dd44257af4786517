import {
  AppError,
  currentGameweek,
  LEADERBOARD_MESSAGES,
  type LeaderboardPage,
  type LeaderboardType,
  type SeasonConfig,
} from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import { listTeam } from '../squads/squad-repository.ts';
import {
  type Board,
  findViewerPlace,
  readLeaderboardPage,
  type ViewerPlace,
} from './leaderboard-repository.ts';

/**
 * A page of one of the three boards as the viewer sees it: the country and team boards are
 * those of the viewer's profile (refused with the specification's message when it has none);
 * the viewer's own row is marked and carries their picks, nobody else's does.
 */
export async function listLeaderboard(options: {
  db: Executor;
  season: SeasonConfig;
  viewerId: string;
  type: LeaderboardType;
  page: number;
  pageSize: number;
  search?: string;
  isMeOnly: boolean;
  /** The longest a change waits before the standings check notices it (standings-service.ts). */
  refreshDelayMs: number;
}): Promise<LeaderboardPage> {
  const { db, season, viewerId, page, pageSize } = options;
  const viewer = await findViewerPlace(db, { seasonId: season.id, userId: viewerId });
  const board = boardOf(options.type, viewer);
  const stored = await readLeaderboardPage(db, {
    seasonId: season.id,
    board,
    page,
    pageSize,
    search: options.search,
    onlyUserId: options.isMeOnly ? viewerId : undefined,
  });
  const ownRow = stored.rows.find((row) => row.userId === viewerId);
  // The picks' goals as of the stored board, so they add up to the total shown beside them.
  const ownPicks =
    ownRow && stored.computedFor
      ? await listTeam(
          db,
          viewerId,
          season.id,
          stored.computedFor,
          currentGameweek(season.gameweeks, stored.computedFor),
        )
      : undefined;
  return {
    rows: stored.rows.map((row) =>
      row === ownRow ? { ...row, isYou: true, picks: ownPicks } : { ...row, isYou: false },
    ),
    total: stored.total,
    page,
    pageSize,
    filter:
      board.kind === 'country'
        ? { country: board.country }
        : board.kind === 'club'
          ? { club: board.club }
          : {},
    computedAt: stored.computedFor?.toISOString() ?? null,
    viewerPending: isPendingOn(board, viewer)
      ? { withinSeconds: expectedWaitSeconds(viewer.lastRecomputeMs, options.refreshDelayMs) }
      : null,
  };
}

function boardOf(type: LeaderboardType, viewer: ViewerPlace): Board {
  if (type === 'global') return { kind: 'global' };
  if (type === 'country') {
    if (!viewer.country) throw refusal('COUNTRY_NOT_SET', LEADERBOARD_MESSAGES.noCountry);
    return { kind: 'country', country: viewer.country };
  }
  if (!viewer.club) throw refusal('FAVOURITE_TEAM_NOT_SET', LEADERBOARD_MESSAGES.noTeam);
  return { kind: 'club', club: viewer.club };
}

/** A member the stored board does not hold on this board yet: new, or moved to another country or club. */
function isPendingOn(board: Board, viewer: ViewerPlace): boolean {
  if (!viewer.isMember) return false;
  if (!viewer.ranked) return true;
  if (board.kind === 'country') return viewer.ranked.country !== board.country;
  if (board.kind === 'club') return viewer.ranked.club !== board.club;
  return false;
}

/**
 * The check notices the change within `refreshDelayMs`; a recompute already running finishes
 * first, then the one that ranks the viewer runs: at most about two recomputes and the delay.
 */
export function expectedWaitSeconds(lastRecomputeMs: number | null, refreshDelayMs: number): number {
  return Math.max(1, Math.ceil((2 * (lastRecomputeMs ?? 0) + refreshDelayMs) / 1000));
}

function refusal(reason: 'COUNTRY_NOT_SET' | 'FAVOURITE_TEAM_NOT_SET', message: string): AppError {
  return new AppError('INVALID_REQUEST', { reason, message, userMessage: message });
}
