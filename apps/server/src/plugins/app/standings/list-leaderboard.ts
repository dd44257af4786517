import {
  AppError,
  currentGameweek,
  LEADERBOARD_MESSAGES,
  type LeaderboardPage,
  type LeaderboardType,
  type SeasonConfig,
} from '@hit21/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { profiles } from '../../../db/schema/index.ts';
import { listTeam } from '../squads/squad-repository.ts';
import { type Board, readLeaderboardPage } from './leaderboard-repository.ts';

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
}): Promise<LeaderboardPage> {
  const { db, season, viewerId, page, pageSize } = options;
  const board = await boardOf(db, options.type, viewerId);
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
  };
}

async function boardOf(db: Executor, type: LeaderboardType, viewerId: string): Promise<Board> {
  if (type === 'global') return { kind: 'global' };
  const [profile] = await db
    .select({ country: profiles.country, club: profiles.favouriteTeam })
    .from(profiles)
    .where(eq(profiles.id, viewerId));
  if (type === 'country') {
    if (!profile?.country) throw refusal(LEADERBOARD_MESSAGES.noCountry);
    return { kind: 'country', country: profile.country };
  }
  if (!profile?.club) throw refusal(LEADERBOARD_MESSAGES.noTeam);
  return { kind: 'club', club: profile.club };
}

function refusal(message: string): AppError {
  return new AppError('INVALID_REQUEST', { message, userMessage: message });
}
