import type { Executor } from '../../../db/database.ts';
import {
  changeJoinRequestNotification,
  moveJoinRequestNotifications,
} from '../notifications/join-request-notifications.ts';
import { markLeagueMembersChanged } from './league-access-repository.ts';
import { changeLeagueCounters } from './league-counters-repository.ts';
import {
  deleteLeague,
  findEarliestApprovedMember,
  listCountedMemberships,
  lockAdministeredLeagues,
  setLeagueAdmin,
} from './league-repository.ts';

/**
 * Part of deleting an account, in its transaction and before the user row goes (DECISIONS.md):
 * each league the person runs passes to its earliest-joined approved member, who is told why,
 * or is deleted with its members when nobody else is approved. The person's own memberships go
 * with the user row (ON DELETE CASCADE); the counts of the leagues they were in drop here.
 */
export async function handOverLeaguesOfDeletedAccount(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<void> {
  for (const { id } of await lockAdministeredLeagues(tx, userId)) {
    const heir = await findEarliestApprovedMember(tx, id, userId);
    if (heir) {
      await setLeagueAdmin(tx, id, heir, { reason: 'account_deleted', at: now });
      await moveJoinRequestNotifications(tx, id, heir);
    } else await deleteLeague(tx, id);
  }
  for (const { leagueId, status } of await listCountedMemberships(tx, userId)) {
    await changeLeagueCounters(tx, leagueId, status, null);
    await changeJoinRequestNotification(tx, leagueId, userId, status, null);
    if (status === 'approved') await markLeagueMembersChanged(tx, leagueId, null);
  }
}
