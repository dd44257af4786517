import { AppError, canRunAnotherLeague, LEAGUE_LIMITS, LEAGUE_MESSAGES } from '@hit21/core';
import type { Database } from '../../../db/database.ts';
import { moveJoinRequestNotifications } from '../notifications/join-request-notifications.ts';
import { requireLeagueAdmin } from './league-access.ts';
import { findApprovedMemberByEmail } from './league-admin-repository.ts';
import { countAdministeredLeagues, setLeagueAdmin } from './league-repository.ts';

/**
 * The admin hands the league to another approved member, found by e-mail, in one transaction.
 * An address that is not an approved member's gets the same answer as an unknown one, so the
 * form reveals nothing about who has an account.
 */
export async function changeLeagueAdmin(options: {
  db: Database;
  leagueId: string;
  adminId: string;
  email: string;
  now: Date;
}): Promise<void> {
  const { db, leagueId, adminId, email, now } = options;
  await db.transaction(async (tx) => {
    await requireLeagueAdmin(tx, leagueId, adminId, { lock: true });
    const newAdmin = await findApprovedMemberByEmail(tx, leagueId, email);
    if (!newAdmin) {
      throw new AppError('INVALID_REQUEST', {
        reason: 'NEW_ADMIN_NOT_MEMBER',
        message: LEAGUE_MESSAGES.newAdminNotMember,
        userMessage: LEAGUE_MESSAGES.newAdminNotMember,
      });
    }
    if (newAdmin.userId === adminId) {
      throw new AppError('INVALID_REQUEST', {
        reason: 'NEW_ADMIN_IS_YOU',
        message: LEAGUE_MESSAGES.newAdminIsYou,
        userMessage: LEAGUE_MESSAGES.newAdminIsYou,
      });
    }
    if (!canRunAnotherLeague(await countAdministeredLeagues(tx, newAdmin.userId))) {
      const message = `That member already runs ${LEAGUE_LIMITS.administered} leagues, the most one player may run at once`;
      throw new AppError('CONFLICT', { reason: 'TOO_MANY_ADMINISTERED', message, userMessage: message });
    }
    await setLeagueAdmin(tx, leagueId, newAdmin.userId, { reason: 'transferred', at: now });
    await moveJoinRequestNotifications(tx, leagueId, newAdmin.userId);
  });
}
