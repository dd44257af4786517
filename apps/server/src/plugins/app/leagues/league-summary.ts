import { KICK_REJOIN_COOLDOWN_MS, type LeagueDetail, type LeagueSummary } from '@hit21/core';
import type { LeagueRow, MembershipRow } from './league-access-repository.ts';

/** A league as the viewer's card shows it: the admin sees pending requests and the hand-over notice. */
export function toLeagueSummary(
  league: LeagueRow,
  membership: MembershipRow,
  viewerId: string,
): LeagueSummary {
  const isAdmin = league.adminId === viewerId;
  // Only members hold the code: a regenerated code must not reach a player waiting, refused or kicked.
  const isMember = isAdmin || membership.status === 'approved';
  return {
    id: league.id,
    name: league.name,
    code: isMember ? league.code : null,
    maxMembers: league.maxMembers,
    joinMode: league.joinMode,
    joinDeadline: league.joinDeadline?.toISOString() ?? null,
    isAdmin,
    myStatus: membership.status,
    memberCount: league.approvedMembers,
    pendingRequests: isAdmin ? league.pendingRequests : 0,
    createdAt: league.createdAt.toISOString(),
    // A pending or refused player has not joined: their card dates from their request.
    joinedAt: (membership.joinedAt ?? membership.requestedAt).toISOString(),
    adminHandover:
      isAdmin && league.adminHandoverReason && league.adminHandoverAt
        ? { reason: league.adminHandoverReason, at: league.adminHandoverAt.toISOString() }
        : null,
    canRejoinAt:
      membership.status === 'kicked' && membership.kickedAt
        ? new Date(membership.kickedAt.getTime() + KICK_REJOIN_COOLDOWN_MS).toISOString()
        : null,
  };
}

export function toLeagueDetail(
  league: LeagueRow,
  membership: MembershipRow,
  viewerId: string,
  isActive: boolean,
): LeagueDetail {
  return { ...toLeagueSummary(league, membership, viewerId), code: league.code, isActive };
}
