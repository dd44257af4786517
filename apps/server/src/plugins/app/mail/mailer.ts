import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Executor } from '../../../db/database.ts';
import {
  insertMail,
  lockDueMails,
  markMailNotSent,
  markMailSent,
  markMailStored,
  type OutboxMail,
  postponeMail,
} from './mail-outbox-repository.ts';
import type { MailContent } from './mail-templates.ts';

const MAX_ATTEMPTS = 6;
/** Due mails one retry claims. */
const RETRY_BATCH = 20;

export interface Mailer {
  /** Stores the message, then tries to send it; a failed send is retried later, never lost. */
  send(to: string, content: MailContent): Promise<void>;
  /**
   * Stores the message as `pending` inside the caller's transaction, so it commits (or not)
   * with the caller's own rows. Pass the answered rows to `deliver` after the commit.
   */
  queue(
    tx: Executor,
    mail: { to: string; content: MailContent; headers?: Record<string, string> },
  ): Promise<OutboxMail>;
  /** Sends queued rows (committed), or marks them stored without SMTP; a failure is retried later. */
  deliver(rows: OutboxMail[]): Promise<void>;
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

  async function deliver(row: OutboxMail): Promise<void> {
    if (!transport) {
      await markMailStored(db, row.id);
      return;
    }
    try {
      await transport.sendMail({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers ?? undefined,
      });
      await markMailSent(db, row.id, { sentAt: now(), attempts: row.attempts + 1 });
    } catch (error) {
      const attempts = row.attempts + 1;
      const isFinal = attempts >= MAX_ATTEMPTS;
      // Back off 1, 2, 4, 8, 16 minutes between attempts.
      const nextAttemptAt = new Date(now().getTime() + 60_000 * 2 ** (attempts - 1));
      await markMailNotSent(db, row.id, { isFinal, attempts, lastError: String(error), nextAttemptAt });
      (isFinal ? log.error : log.warn)(
        { err: error, mailId: row.id, attempts },
        `E-mail to ${row.to} not sent`,
      );
    }
  }

  return {
    async send(to, content) {
      const row = await insertMail(db, to, content);
      if (row) await deliver(row);
    },
    async queue(tx, { to, content, headers }) {
      const row = await insertMail(tx, to, content, headers);
      if (!row) throw new Error(`E-mail to ${to} was not stored`);
      return row;
    },
    async deliver(rows) {
      for (const row of rows) await deliver(row);
    },
    async retryDue() {
      if (!transport) return 0;
      // Claim due rows so that two instances never send the same message.
      const due = await db.transaction(async (tx) => {
        const rows = await lockDueMails(tx, now(), RETRY_BATCH);
        for (const row of rows) await postponeMail(tx, row.id);
        return rows;
      });
      for (const row of due) await deliver(row);
      return due.length;
    },
  };
}
