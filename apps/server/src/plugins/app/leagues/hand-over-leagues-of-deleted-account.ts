import { LEAGUE_LIMITS } from '@hit21/core';
import type { Executor } from '../../../db/database.ts';
import {
  changeJoinRequestNotification,
  moveJoinRequestNotifications,
} from '../notifications/join-request-notifications.ts';
import { markLeagueMembersChanged } from './league-access-repository.ts';
import { changeLeagueCounters } from './league-counters-repository.ts';
import { keepRunningKicks } from './league-guards-repository.ts';
import {
  deleteLeague,
  findEarliestApprovedMember,
  listCountedMemberships,
  lockAdministeredLeagues,
  setLeagueAdmin,
} from './league-repository.ts';

/**
 * Part of deleting an account, in its transaction and before the user row goes (DECISIONS.md):
 * each league the person runs passes to its earliest-joined approved member who runs fewer than
 * 10 leagues, who is told why; when every approved member already runs 10, to the earliest-joined
 * all the same (decision 012: the league outlives the limit); when nobody else is approved, it is
 * deleted with its members. A kick whose wait still runs is kept against the address. The
 * person's own memberships go with the user row (ON DELETE CASCADE); the counts of the leagues
 * they were in drop here.
 */
export async function handOverLeaguesOfDeletedAccount(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<void> {
  for (const { id } of await lockAdministeredLeagues(tx, userId)) {
    const heir = await findEarliestApprovedMember(tx, id, userId, LEAGUE_LIMITS.administered);
    if (heir) {
      await setLeagueAdmin(tx, id, heir.userId, { reason: 'account_deleted', at: now });
      await moveJoinRequestNotifications(tx, id, heir.userId);
    } else await deleteLeague(tx, id);
  }
  await keepRunningKicks(tx, userId, now);
  for (const { leagueId, status } of await listCountedMemberships(tx, userId)) {
    await changeLeagueCounters(tx, leagueId, status, null);
    await changeJoinRequestNotification(tx, leagueId, userId, status, null);
    if (status === 'approved') await markLeagueMembersChanged(tx, leagueId, null);
  }
}
