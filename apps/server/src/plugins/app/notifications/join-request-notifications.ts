import type { MembershipStatus } from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import {
  deleteJoinRequest,
  deleteLeagueJoinRequests,
  moveLeagueJoinRequests,
  upsertJoinRequest,
} from './join-request-notifications-repository.ts';
import { inGroupsOf } from './notification-events.ts';
import { publishNotificationEvent } from './notification-events-repository.ts';

/*
 * A league admin's `join_request` notification exists exactly while a member's status is
 * `pending`. The league operations call these in the SAME transaction as the membership or admin
 * change, with the league row locked, at the points where they call changeLeagueCounters; the
 * open pages hear of it on commit.
 */

/**
 * A membership went from `from` to `to` (null: no row). Becoming pending stores (or renews) the
 * admin's notification; leaving pending removes it. `isQuiet`: the player asked this league
 * already within the hour, so the admin's pages update without a new alert (no sound, no pop-up).
 */
export async function changeJoinRequestNotification(
  tx: Executor,
  leagueId: string,
  requesterId: string,
  from: MembershipStatus | null,
  to: MembershipStatus | null,
  options: { isQuiet?: boolean } = {},
): Promise<void> {
  if (from !== 'pending' && to === 'pending') {
    const stored = await upsertJoinRequest(tx, leagueId, requesterId);
    if (stored && options.isQuiet) await publishSync(tx, [stored.userId]);
    else if (stored)
      await publishNotificationEvent(tx, { kind: 'created', userId: stored.userId, ids: [stored.id] });
  } else if (from === 'pending' && to !== 'pending') {
    await publishSync(tx, await deleteJoinRequest(tx, leagueId, requesterId));
  }
}

/** The league passed to a new admin (transfer, or the admin's account deleted): its requests follow. */
export async function moveJoinRequestNotifications(
  tx: Executor,
  leagueId: string,
  newAdminId: string,
): Promise<void> {
  const formerOwners = await moveLeagueJoinRequests(tx, leagueId, newAdminId);
  if (formerOwners.length > 0) await publishSync(tx, [...formerOwners, newAdminId]);
}

/** The league is being deleted: its requests go (before the cascade would take them silently). */
export async function removeLeagueJoinRequestNotifications(tx: Executor, leagueId: string): Promise<void> {
  await publishSync(tx, await deleteLeagueJoinRequests(tx, leagueId));
}

async function publishSync(tx: Executor, userIds: readonly string[]): Promise<void> {
  for (const group of inGroupsOf([...new Set(userIds)])) {
    await publishNotificationEvent(tx, { kind: 'sync', userIds: group });
  }
}
