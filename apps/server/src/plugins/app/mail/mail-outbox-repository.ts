import { desc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { mailOutbox } from '../../../db/schema/index.ts';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** The newest mails of the outbox, newest first (the development mailbox shows them). */
export async function listLatestMails(db: Executor, limit: number): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** Every stored mail to one of `addresses` (lower-cased), whatever its state. */
export async function deleteMailsTo(db: Executor, addresses: string[]): Promise<void> {
  await db.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, addresses));
}
