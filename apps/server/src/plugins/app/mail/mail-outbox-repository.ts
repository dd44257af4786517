import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/database.ts';
import { mailOutbox } from '../../../db/schema/index.ts';
import type { MailContent } from './mail-templates.ts';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** The newest mails of the outbox, newest first (the development mailbox shows them). */
export async function listLatestMails(db: Executor, limit: number): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/**
 * Stores a message as `pending` (with extra headers, if any), claimed by its writer until
 * `claimedUntil` (its first attempt), and answers its row.
 */
export async function insertMail(
  db: Executor,
  mail: { to: string; content: MailContent; headers?: Record<string, string>; claimedUntil: Date },
): Promise<OutboxMail | undefined> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to, ...mail.content, headers: mail.headers ?? null, nextAttemptAt: mail.claimedUntil })
    .returning();
  return row;
}

/** Without SMTP a message stays in the outbox as `stored` (readable at /dev/mailbox). */
export async function markMailStored(db: Executor, id: number): Promise<void> {
  await db.update(mailOutbox).set({ status: 'stored' }).where(eq(mailOutbox.id, id));
}

/** Only a `pending` mail changes: a mail marked sent is never made pending (and sent) again. */
export async function markMailSent(
  db: Executor,
  id: number,
  { sentAt, attempts }: { sentAt: Date; attempts: number },
) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt, attempts, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** A failed send of a `pending` mail: `failed` for good, or `pending` until `nextAttemptAt`. */
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
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/**
 * Claims up to `limit` pending mails due at `now`, oldest due first: their next attempt moves
 * to `claimedUntil`, so no other instance takes them meanwhile. Rows another transaction is
 * claiming are skipped. Answers the claimed rows as they now are.
 */
export async function claimDueMails(
  tx: Transaction,
  { now, claimedUntil, limit }: { now: Date; claimedUntil: Date; limit: number },
): Promise<OutboxMail[]> {
  const due = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  const claimed = await tx
    .update(mailOutbox)
    .set({ nextAttemptAt: claimedUntil })
    .where(
      inArray(
        mailOutbox.id,
        due.map((row) => row.id),
      ),
    )
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** Every stored mail to one of `addresses` (lower-cased), whatever its state. */
export async function deleteMailsTo(db: Executor, addresses: string[]): Promise<void> {
  await db.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, addresses));
}
