import { AppError, formatLeagueDateTime, KICK_REJOIN_COOLDOWN_MS, LEAGUE_MESSAGES } from '@hit21/core';
import type { Database } from '../../../db/database.ts';
import { changeJoinRequestNotification } from '../notifications/join-request-notifications.ts';
import { requireLeagueAdmin } from './league-access.ts';
import { findLeagueWithMembership, markLeagueMembersChanged } from './league-access-repository.ts';
import { changeLeagueCounters } from './league-counters-repository.ts';
import { clearAdminHandover, deleteMembership } from './league-repository.ts';

/**
 * The player removes their own membership, whatever its status (a pending request is withdrawn,
 * a refused one forgotten). The admin must hand the league over first, and a kicked player keeps
 * the row (and its kick time) until the 24-hour wait is over: deleting it would let them ask to
 * rejoin at once. Answers whether the approved members changed (the route then asks for the
 * standings to be refreshed).
 */
export async function leaveLeague(
  db: Database,
  leagueId: string,
  userId: string,
  now: Date,
): Promise<{ membersChanged: boolean }> {
  return db.transaction(async (tx) => {
    const found = await findLeagueWithMembership(tx, leagueId, userId, { lock: true });
    if (!found?.membership) {
      throw new AppError('NOT_FOUND', {
        reason: 'LEAGUE_NOT_FOUND',
        message: LEAGUE_MESSAGES.notFound,
        userMessage: LEAGUE_MESSAGES.notFound,
      });
    }
    if (found.league.adminId === userId) {
      throw new AppError('FORBIDDEN', {
        reason: 'ADMIN_CANNOT_LEAVE',
        message: LEAGUE_MESSAGES.adminCannotLeave,
        userMessage: LEAGUE_MESSAGES.adminCannotLeave,
      });
    }
    const { status, kickedAt } = found.membership;
    const waitEndsAt =
      kickedAt && status === 'kicked' ? new Date(kickedAt.getTime() + KICK_REJOIN_COOLDOWN_MS) : null;
    if (waitEndsAt && waitEndsAt.getTime() > now.getTime()) {
      const { date, time } = formatLeagueDateTime(waitEndsAt, 'UTC');
      const message = `You were removed from this league. It stays on your list until ${date} at ${time} (UTC), when you can ask to rejoin or remove it.`;
      throw new AppError('FORBIDDEN', {
        reason: 'REJOIN_TOO_SOON',
        message,
        userMessage: message,
        details: { retryAt: waitEndsAt.toISOString() },
      });
    }
    await deleteMembership(tx, leagueId, userId);
    await changeLeagueCounters(tx, leagueId, status, null);
    await changeJoinRequestNotification(tx, leagueId, userId, status, null);
    const membersChanged = status === 'approved';
    if (membersChanged) await markLeagueMembersChanged(tx, leagueId, userId);
    return { membersChanged };
  });
}

/** The admin has read why they became admin: the notice goes. */
export async function dismissHandoverNotice(db: Database, leagueId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireLeagueAdmin(tx, leagueId, userId, { lock: true });
    await clearAdminHandover(tx, leagueId);
  });
}
