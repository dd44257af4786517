import type { Database } from '../../../db/database.ts';
import { removeLeagueJoinRequestNotifications } from '../notifications/join-request-notifications.ts';
import { requireLeagueAdmin } from './league-access.ts';
import { markLeagueMembersChanged } from './league-access-repository.ts';
import { deleteLeagueStandings } from './league-admin-repository.ts';
import { deleteLeague as deleteLeagueRow } from './league-repository.ts';

/**
 * The admin deletes the league with its memberships (cascade) and its stored standings, in one
 * transaction. The boards are marked stale first, so a recompute already under way cannot put
 * back standings of the league it read before the deletion.
 */
export async function deleteLeague(options: {
  db: Database;
  leagueId: string;
  userId: string;
}): Promise<void> {
  const { db, leagueId, userId } = options;
  await db.transaction(async (tx) => {
    await requireLeagueAdmin(tx, leagueId, userId, { lock: true });
    await markLeagueMembersChanged(tx, leagueId);
    await deleteLeagueStandings(tx, leagueId);
    await removeLeagueJoinRequestNotifications(tx, leagueId);
    await deleteLeagueRow(tx, leagueId);
  });
}
