import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { profiles } from '../../../db/schema/index.ts';

/**
 * Turns the player's marketing opt-in (the deadline reminders) off and answers their address,
 * or undefined when the account has no profile (deleted). Doing it again changes nothing.
 */
export async function optOutOfReminders(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ marketingOptIn: false, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning({ email: profiles.email });
  return row?.email;
}
