import {
  KICK_REJOIN_COOLDOWN_MS,
  LEAGUE_MEMBERS_PAGE_SIZE,
  type LeagueMember,
  type LeagueMembersPage,
  type MembershipStatus,
} from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import { requireLeagueAdmin } from './league-access.ts';
import {
  countRefusedMembers,
  findMemberView,
  listMembersPage,
  type MemberView,
} from './league-admin-repository.ts';

function toLeagueMember(row: MemberView, adminId: string): LeagueMember {
  return {
    userId: row.userId,
    fullName: row.fullName,
    email: row.email,
    status: row.status,
    isAdmin: row.userId === adminId,
    // A player who was never approved dates from their request.
    joinedAt: (row.joinedAt ?? row.requestedAt).toISOString(),
    canRejoinAt:
      row.status === 'kicked' && row.kickedAt
        ? new Date(row.kickedAt.getTime() + KICK_REJOIN_COOLDOWN_MS).toISOString()
        : null,
  };
}

/**
 * One page of the league's members for its admin (the only place e-mail addresses appear),
 * newest requests first, with the counts of every status.
 */
export async function listLeagueMembers(options: {
  db: Executor;
  leagueId: string;
  userId: string;
  status?: MembershipStatus;
  page: number;
}): Promise<LeagueMembersPage> {
  const { db, leagueId, userId, status, page } = options;
  const { league } = await requireLeagueAdmin(db, leagueId, userId);
  const refused = await countRefusedMembers(db, leagueId);
  const counts = {
    approved: league.approvedMembers,
    pending: league.pendingRequests,
    ...refused,
    total: league.approvedMembers + league.pendingRequests + refused.rejected + refused.kicked,
  };
  const total = status ? counts[status] : counts.total;
  const rows = await listMembersPage(db, leagueId, { status, page, total });
  return {
    members: rows.map((row) => toLeagueMember(row, league.adminId)),
    total,
    page,
    pageSize: LEAGUE_MEMBERS_PAGE_SIZE,
    counts,
  };
}

/** One member as the admin's list shows them (after a change). */
export async function readLeagueMember(
  db: Executor,
  leagueId: string,
  memberId: string,
  adminId: string,
): Promise<LeagueMember | null> {
  const row = await findMemberView(db, leagueId, memberId);
  return row ? toLeagueMember(row, adminId) : null;
}
