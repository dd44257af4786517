import { AppError, isAllowedMemberChange, LEAGUE_MESSAGES, type MemberAction } from '@hit21/core';
import type { Database } from '../../../db/database.ts';
import { changeJoinRequestNotification } from '../notifications/join-request-notifications.ts';
import { requireLeagueAdmin } from './league-access.ts';
import { markLeagueMembersChanged } from './league-access-repository.ts';
import { findMembership, setMembershipStatus } from './league-admin-repository.ts';
import { assertAdmission } from './league-admission.ts';
import { changeLeagueCounters } from './league-counters-repository.ts';
import { lockLeaguePlayer } from './league-repository.ts';

const ACTION_WORDS: Record<MemberAction, string> = {
  approved: 'approved',
  rejected: 'rejected',
  kicked: 'kicked',
};

/**
 * The admin approves, rejects or kicks a member, in one transaction holding the league's lock
 * (and, for an approval, the member's first):
 * an approval, a rejection and a kick of the same member fired together run one after the
 * other, each judged against the status the one before left. Answers whether the league's
 * approved members changed (the route then asks for fresh standings).
 */
export async function changeMemberStatus(options: {
  db: Database;
  leagueId: string;
  adminId: string;
  memberId: string;
  status: MemberAction;
  now: Date;
}): Promise<{ membersChanged: boolean }> {
  const { db, leagueId, adminId, memberId, status, now } = options;
  return db.transaction(async (tx) => {
    // The member's lock before the league's, in the order a join takes them: an approval and
    // the member's own join elsewhere cannot both pass the member's league limit.
    if (status === 'approved') await lockLeaguePlayer(tx, memberId);
    const { league } = await requireLeagueAdmin(tx, leagueId, adminId, { lock: true });
    if (memberId === league.adminId) {
      throw new AppError('FORBIDDEN', {
        reason: 'CANNOT_CHANGE_ADMIN_MEMBERSHIP',
        message: LEAGUE_MESSAGES.cannotRemoveAdmin,
        userMessage: LEAGUE_MESSAGES.cannotRemoveAdmin,
      });
    }
    const member = await findMembership(tx, leagueId, memberId);
    if (!member) {
      const message = 'This player is not a member of this league';
      throw new AppError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND', message, userMessage: message });
    }
    if (!isAllowedMemberChange(member.status, status)) {
      const message = `A ${member.status} member cannot be ${ACTION_WORDS[status]}`;
      throw new AppError('CONFLICT', { reason: 'MEMBER_CHANGE_NOT_ALLOWED', message, userMessage: message });
    }
    // An approval is a way in: the league's size, the player's 30 leagues, the season and the
    // deadline hold as for a join.
    if (status === 'approved')
      await assertAdmission(tx, { way: 'approval', league, userId: memberId, membership: member, now });

    if (status === 'approved')
      await setMembershipStatus(tx, leagueId, memberId, { status, joinedAt: now, kickedAt: null });
    else if (status === 'kicked')
      await setMembershipStatus(tx, leagueId, memberId, { status, kickedAt: now });
    else await setMembershipStatus(tx, leagueId, memberId, { status });
    await changeLeagueCounters(tx, leagueId, member.status, status);
    await changeJoinRequestNotification(tx, leagueId, memberId, member.status, status);
    const membersChanged = member.status === 'approved' || status === 'approved';
    if (membersChanged) await markLeagueMembersChanged(tx, leagueId, memberId);
    return { membersChanged };
  });
}
