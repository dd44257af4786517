import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/database.ts';
import { mailOutbox } from '../../../db/schema/index.ts';
import type { MailContent } from './mail-templates.ts';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** The newest mails of the outbox, newest first (the development mailbox shows them). */
export async function listLatestMails(db: Executor, limit: number): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** Stores a message as `pending` (with extra headers, if any) and answers its row. */
export async function insertMail(
  db: Executor,
  to: string,
  content: MailContent,
  headers?: Record<string, string>,
): Promise<OutboxMail | undefined> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to, ...content, headers: headers ?? null })
    .returning();
  return row;
}

/** Without SMTP a message stays in the outbox as `stored` (readable at /dev/mailbox). */
export async function markMailStored(db: Executor, id: number): Promise<void> {
  await db.update(mailOutbox).set({ status: 'stored' }).where(eq(mailOutbox.id, id));
}

export async function markMailSent(
  db: Executor,
  id: number,
  { sentAt, attempts }: { sentAt: Date; attempts: number },
) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt, attempts, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** A failed send: `failed` for good, or `pending` until `nextAttemptAt`. */
export async function markMailNotSent(
  db: Executor,
  id: number,
  outcome: { isFinal: boolean; attempts: number; lastError: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: outcome.isFinal ? 'failed' : 'pending',
      attempts: outcome.attempts,
      lastError: outcome.lastError,
      nextAttemptAt: outcome.nextAttemptAt,
    })
    .where(eq(mailOutbox.id, id));
}

/**
 * Up to `limit` pending mails due at `now`, oldest due first, locked for the transaction;
 * rows another transaction has locked are skipped (another instance is claiming them).
 */
export async function lockDueMails(tx: Transaction, now: Date, limit: number): Promise<OutboxMail[]> {
  return tx
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Moves a mail's next attempt five minutes on (database time): claimed by this instance meanwhile. */
export async function postponeMail(tx: Transaction, id: number): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + interval '5 minutes'` })
    .where(eq(mailOutbox.id, id));
}

/** Every stored mail to one of `addresses` (lower-cased), whatever its state. */
export async function deleteMailsTo(db: Executor, addresses: string[]): Promise<void> {
  await db.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, addresses));
}
