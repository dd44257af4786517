import { count, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { waitlistEntries } from '../../../db/schema/index.ts';

/** Adds an entry; false when the e-mail is already on the list. */
export async function addWaitlistEntry(
  db: Executor,
  entry: { fullName: string; email: string },
): Promise<boolean> {
  const inserted = await db
    .insert(waitlistEntries)
    .values(entry)
    .onConflictDoNothing({ target: waitlistEntries.email })
    .returning({ id: waitlistEntries.id });
  return inserted.length > 0;
}

export async function countWaitlistEntries(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(waitlistEntries);
  return row?.value ?? 0;
}

export async function deleteWaitlistEntries(db: Executor, emails: string[]): Promise<void> {
  await db.delete(waitlistEntries).where(inArray(waitlistEntries.email, emails));
}
