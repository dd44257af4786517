import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { users, verifications } from '../../../db/schema/index.ts';
import { markStandingsStale } from '../standings/standings-inputs.ts';

/**
 * Deletes an account in one transaction: the user row, and through it (ON DELETE CASCADE) the
 * profile, sessions and credentials; pending verification and reset tokens go too.
 * Picks, league memberships and notifications join this cascade as those features arrive,
 * and leagues pass to another member here (DECISIONS.md).
 */
export async function deleteAccount(db: Database, user: { id: string; email: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
    await markStandingsStale(tx);
  });
}
