import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { users } from '../../../db/schema/index.ts';

/** The id of the account registered under `email` (stored lower-cased by better-auth), if any. */
export async function findAccountIdByEmail(db: Executor, email: string): Promise<string | undefined> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return account?.id;
}

/** The user row, and through it (ON DELETE CASCADE) the profile, sessions, credentials and picks. */
export async function deleteAccountRow(db: Executor, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
