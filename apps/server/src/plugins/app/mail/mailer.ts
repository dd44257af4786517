import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Executor } from '../../../db/database.ts';
import {
  claimDueMails,
  insertMail,
  markMailNotSent,
  markMailSent,
  markMailStored,
  type OutboxMail,
} from './mail-outbox-repository.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './mail-retry-policy.ts';
import type { MailContent } from './mail-templates.ts';

/** Due mails one retry claims at a time. */
const RETRY_BATCH = 20;

/**
 * How long a mail is left to the instance that claimed it (its writer, or a retry). A claim is
 * a time, so that a mail claimed by a server that then died is tried again after it.
 */
const CLAIM_MS = 5 * 60_000;

/**
 * SMTP time-outs, so that one send ends (sent or failed) well within a claim: nodemailer's own
 * (2 minutes to connect, 10 of silence) would let a hung server outlast it, and another
 * instance would send the mail a second time.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** The longest one send can take with those time-outs, with a margin. */
const SEND_TIME_LIMIT_MS = 60_000;

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
  /**
   * Sends what is due for a retry, batch after batch while every send goes through; answers
   * how many mails it tried. Safe to run in several instances at once.
   */
  retryDue(signal?: AbortSignal): Promise<number>;
}

/**
 * E-mail through SMTP when SMTP_URL is set; otherwise every message stays in the outbox
 * table as `stored`, readable at /dev/mailbox outside production.
 *
 * Every time of the outbox (a mail's claim, its next attempt, when it was sent) is on `now`,
 * the server clock, and never on the database's: a clock shifted from real time (a demo, a
 * rehearsal, a test) would otherwise see a claim end the moment it was made, or hours late.
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
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : undefined;
  const claimEnd = () => new Date(now().getTime() + CLAIM_MS);
  const messageDomain = /@([^\s>]+)>?\s*$/.exec(options.from)?.[1] ?? 'hit21.invalid';

  /** Sends one claimed mail (its claim ends at its `nextAttemptAt`); answers whether it went out. */
  async function deliver(row: OutboxMail): Promise<boolean> {
    if (!transport) {
      await markMailStored(db, row.id);
      return false;
    }
    // Too late in its claim to be sure to finish within it: left for a retry after the claim.
    if (now().getTime() + SEND_TIME_LIMIT_MS > row.nextAttemptAt.getTime()) return false;
    try {
      await transport.sendMail({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers ?? undefined,
        // One Message-ID per outbox row, the same on every attempt: should a send the SMTP
        // server took be tried again (its answer lost), mail systems see one message.
        messageId: `<mail-${row.id}.${row.createdAt.getTime()}@${messageDomain}>`,
      });
      await markMailSent(db, row.id, { sentAt: now(), attempts: row.attempts + 1 });
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const isFinal = attempts >= MAX_ATTEMPTS;
      const nextAttemptAt = new Date(now().getTime() + retryDelayMs(attempts));
      await markMailNotSent(db, row.id, { isFinal, attempts, lastError: String(error), nextAttemptAt });
      // Called on the logger, not detached from it: pino's methods need their `this`.
      log[isFinal ? 'error' : 'warn'](
        { err: error, mailId: row.id, attempts },
        `E-mail to ${row.to} not sent`,
      );
      return false;
    }
  }

  async function deliverAll(rows: OutboxMail[]): Promise<number> {
    let sent = 0;
    for (const row of rows) if (await deliver(row)) sent += 1;
    return sent;
  }

  return {
    async send(to, content) {
      const row = await insertMail(db, { to, content, claimedUntil: claimEnd() });
      if (row) await deliver(row);
    },
    async queue(tx, { to, content, headers }) {
      const row = await insertMail(tx, { to, content, headers, claimedUntil: claimEnd() });
      if (!row) throw new Error(`E-mail to ${to} was not stored`);
      return row;
    },
    async deliver(rows) {
      await deliverAll(rows);
    },
    async retryDue(signal) {
      if (!transport) return 0;
      let tried = 0;
      while (!signal?.aborted) {
        const due = await db.transaction((tx) =>
          claimDueMails(tx, { now: now(), claimedUntil: claimEnd(), limit: RETRY_BATCH }),
        );
        tried += due.length;
        // A failure says the SMTP server is still away: the rest wait for their own turn.
        if ((await deliverAll(due)) < RETRY_BATCH) break;
      }
      return tried;
    },
  };
}
