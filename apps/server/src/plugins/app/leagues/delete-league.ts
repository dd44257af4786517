import type { Database } from '../../../db/database.ts';
import { removeLeagueJoinRequestNotifications } from '../notifications/join-request-notifications.ts';
import { requireLeagueAdmin } from './league-access.ts';
import { deleteLeagueStandings } from './league-admin-repository.ts';
import { deleteLeague as deleteLeagueRow } from './league-repository.ts';

/**
 * The admin deletes the league with its memberships (cascade) and its stored standings, in one
 * transaction. Rows a rebuild already under way read before the deletion would come back with
 * its swap under a league that no longer exists: nothing reads them, and the next rebuild leaves
 * them out.
 */
export async function deleteLeague(options: {
  db: Database;
  leagueId: string;
  userId: string;
}): Promise<void> {
  const { db, leagueId, userId } = options;
  await db.transaction(async (tx) => {
    await requireLeagueAdmin(tx, leagueId, userId, { lock: true });
    await deleteLeagueStandings(tx, leagueId);
    await removeLeagueJoinRequestNotifications(tx, leagueId);
    await deleteLeagueRow(tx, leagueId);
  });
}
