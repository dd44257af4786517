import { isSeasonOver, type NotificationSummary, type SeasonConfig } from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import {
  countNotifications,
  countUnreadJoinRequestsByLeague,
  type NotificationScope,
} from './notifications-repository.ts';

/** What the player is shown: join requests only of active leagues (their season, and still running). */
export function notificationScope(userId: string, activeSeason: SeasonConfig, now: Date): NotificationScope {
  return {
    userId,
    activeSeasonId: activeSeason.id,
    isSeasonRunning: !isSeasonOver(activeSeason.gameweeks, now),
  };
}

/** The counts for the bell's tabs, the Leagues link and the league badges. */
export async function readNotificationSummary(
  db: Executor,
  scope: NotificationScope,
): Promise<NotificationSummary> {
  const [counts, byLeague] = await Promise.all([
    countNotifications(db, scope),
    countUnreadJoinRequestsByLeague(db, scope),
  ]);
  const unreadJoinRequestsByLeague: Record<string, number> = {};
  let unreadJoinRequests = 0;
  for (const { leagueId, count } of byLeague) {
    unreadJoinRequestsByLeague[leagueId] = count;
    unreadJoinRequests += count;
  }
  return { ...counts, unreadJoinRequests, unreadJoinRequestsByLeague };
}
