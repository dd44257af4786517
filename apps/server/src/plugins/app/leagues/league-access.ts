import { AppError, LEAGUE_MESSAGES } from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import { findLeagueWithMembership, type LeagueRow, type MembershipRow } from './league-access-repository.ts';

/*
 * Who may see and manage a league, in one place. A league the viewer may not see is answered
 * exactly like one that does not exist, so its id reveals nothing.
 */

function leagueNotFound(): AppError {
  return new AppError('NOT_FOUND', {
    reason: 'LEAGUE_NOT_FOUND',
    message: LEAGUE_MESSAGES.notFound,
    userMessage: LEAGUE_MESSAGES.notFound,
  });
}

export interface LeagueAccess {
  league: LeagueRow;
  membership: MembershipRow;
  isAdmin: boolean;
}

/** An approved member (the admin is one): may see the league's details and standings. */
export async function requireLeagueMember(
  db: Executor,
  leagueId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<LeagueAccess> {
  const found = await findLeagueWithMembership(db, leagueId, userId, options);
  if (found?.membership?.status !== 'approved') throw leagueNotFound();
  const { league, membership } = found as { league: LeagueRow; membership: MembershipRow };
  return { league, membership, isAdmin: league.adminId === userId };
}

/**
 * The league's admin: may manage it. A member who is not the admin is told they may not; anyone
 * else is told the league does not exist. Pass `lock: true` inside the transaction that changes it.
 */
export async function requireLeagueAdmin(
  db: Executor,
  leagueId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<LeagueAccess> {
  const access = await requireLeagueMember(db, leagueId, userId, options);
  if (!access.isAdmin) {
    throw new AppError('FORBIDDEN', {
      reason: 'NOT_LEAGUE_ADMIN',
      message: LEAGUE_MESSAGES.adminOnly,
      userMessage: LEAGUE_MESSAGES.adminOnly,
    });
  }
  return access;
}
