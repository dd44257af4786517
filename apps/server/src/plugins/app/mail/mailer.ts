import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../../db/database.ts';
import { mailOutbox } from '../../../db/schema/index.ts';
import type { MailContent } from './mail-templates.ts';

const MAX_ATTEMPTS = 6;

export interface Mailer {
  /** Stores the message, then tries to send it; a failed send is retried later, never lost. */
  send(to: string, content: MailContent): Promise<void>;
  /** Sends what is due for a retry; safe to run in several instances at once. */
  retryDue(): Promise<number>;
}

/**
 * E-mail through SMTP when SMTP_URL is set; otherwise every message stays in the outbox
 * table as `stored`, readable at /dev/mailbox outside production.
 */
export function createMailer(options: {
  db: Database;
  smtpUrl?: string;
  from: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now: () => Date;
}): Mailer {
  const { db, log, now } = options;
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;

  async function deliver(row: typeof mailOutbox.$inferSelect): Promise<void> {
    if (!transport) {
      await db.update(mailOutbox).set({ status: 'stored' }).where(eq(mailOutbox.id, row.id));
      return;
    }
    try {
      await transport.sendMail({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now(), attempts: row.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, row.id));
    } catch (error) {
      const attempts = row.attempts + 1;
      const isFinal = attempts >= MAX_ATTEMPTS;
      // Back off 1, 2, 4, 8, 16 minutes between attempts.
      const nextAttemptAt = new Date(now().getTime() + 60_000 * 2 ** (attempts - 1));
      await db
        .update(mailOutbox)
        .set({ status: isFinal ? 'failed' : 'pending', attempts, lastError: String(error), nextAttemptAt })
        .where(eq(mailOutbox.id, row.id));
      (isFinal ? log.error : log.warn)(
        { err: error, mailId: row.id, attempts },
        `E-mail to ${row.to} not sent`,
      );
    }
  }

  return {
    async send(to, content) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to, ...content })
        .returning();
      if (row) await deliver(row);
    },
    async retryDue() {
      if (!transport) return 0;
      // Claim due rows so that two instances never send the same message.
      const due = await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now())))
          .orderBy(asc(mailOutbox.nextAttemptAt))
          .limit(20)
          .for('update', { skipLocked: true });
        for (const row of rows) {
          await tx
            .update(mailOutbox)
            .set({ nextAttemptAt: sql`now() + interval '5 minutes'` })
            .where(eq(mailOutbox.id, row.id));
        }
        return rows;
      });
      for (const row of due) await deliver(row);
      return due.length;
    },
  };
}
