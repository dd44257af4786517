import { currentGameweek, type DeadlineMailKind, dueDeadlineMail, type SeasonConfig } from '@hit21/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.ts';
import type { OutboxMail } from '../mail/mail-outbox-repository.ts';
import { deadlineReminderMail, type MailContent, picksLockedMail } from '../mail/mail-templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createUnsubscribeToken } from '../mail/unsubscribe-token.ts';
import {
  type DeadlineMailCandidate,
  listDeadlineMailCandidates,
  listLockedPicks,
  recordDeadlineMails,
} from './deadline-mails-repository.ts';

/** Players per transaction: bounds memory and how long one transaction holds its rows. */
export const DEADLINE_MAIL_BATCH = 500;

/**
 * A receipt pass counts as final only when it began this long after the deadline: a squad save
 * that passed its deadline check just before has committed by then.
 */
export const RECEIPTS_SETTLE_MS = 60_000;

export interface DeadlineMailsOptions {
  db: Database;
  mailer: Mailer;
  season: SeasonConfig;
  now: Date;
  publicUrl: string;
  /** Signs the unsubscribe links (the auth secret). */
  secret: string;
  log: Pick<FastifyBaseLogger, 'info'>;
  batchSize?: number;
  signal?: AbortSignal;
  /**
   * Seasons whose receipt pass has finished in this process (the job keeps it across turns).
   * Teams are locked after the deadline, so a later pass would find no one: it is skipped.
   */
  finishedReceipts?: Set<string>;
}

export interface DeadlineMailsOutcome {
  kind: DeadlineMailKind | undefined;
  /** Mails queued by this run (each player once per kind, whatever ran before or beside it). */
  queued: number;
  /** Players looked at. */
  scanned: number;
}

/**
 * Sends the deadline mail due now (dueDeadlineMail) to every player it is meant for who has not
 * had it: page by page on user id, each page one transaction that records the `deadline_mails`
 * rows and queues their mails together, delivered after the commit. A run cut off mid-way
 * (a throw, a restart) leaves whole pages done or not done; the next run skips the done ones.
 */
export async function sendDeadlineMails(options: DeadlineMailsOptions): Promise<DeadlineMailsOutcome> {
  const { db, mailer, season, now, log } = options;
  const deadline = new Date(season.pickDeadline);
  const kind = dueDeadlineMail(deadline, now);
  const outcome: DeadlineMailsOutcome = { kind, queued: 0, scanned: 0 };
  if (!kind) return outcome;
  if (kind === 'picks_locked' && options.finishedReceipts?.has(season.id)) return outcome;
  const isFinalReceiptPass =
    kind === 'picks_locked' && now.getTime() >= deadline.getTime() + RECEIPTS_SETTLE_MS;
  const limit = options.batchSize ?? DEADLINE_MAIL_BATCH;
  let afterUserId = '';
  for (;;) {
    options.signal?.throwIfAborted();
    const { candidates, queued } = await db.transaction(async (tx) => {
      const page = await listDeadlineMailCandidates(tx, { seasonId: season.id, kind, afterUserId, limit });
      const owed = await recordDeadlineMails(tx, {
        seasonId: season.id,
        kind,
        userIds: page.map((candidate) => candidate.userId),
      });
      const recipients = page.filter((candidate) => owed.has(candidate.userId));
      const contents = await composeMails(options, kind, deadline, recipients, tx);
      const rows: OutboxMail[] = [];
      for (const { recipient, content, headers } of contents) {
        rows.push(await mailer.queue(tx, { to: recipient.email, content, headers }));
      }
      return { candidates: page, queued: rows };
    });
    await mailer.deliver(queued);
    outcome.scanned += candidates.length;
    outcome.queued += queued.length;
    const last = candidates.at(-1);
    if (!last || candidates.length < limit) break;
    afterUserId = last.userId;
  }
  // Every complete squad has its receipt now (a throw above leaves this unrecorded: the next turn goes again).
  if (isFinalReceiptPass) options.finishedReceipts?.add(season.id);
  log.info(
    { kind, seasonId: season.id, queued: outcome.queued, scanned: outcome.scanned },
    `Deadline mails (${kind}): ${outcome.queued} queued, ${outcome.scanned} players looked at`,
  );
  return outcome;
}

interface ComposedMail {
  recipient: DeadlineMailCandidate;
  content: MailContent;
  headers?: Record<string, string>;
}

async function composeMails(
  options: DeadlineMailsOptions,
  kind: DeadlineMailKind,
  deadline: Date,
  recipients: DeadlineMailCandidate[],
  tx: Parameters<typeof listLockedPicks>[0],
): Promise<ComposedMail[]> {
  const { publicUrl, secret, season, now } = options;
  if (kind === 'picks_locked') {
    const picks = await listLockedPicks(tx, {
      seasonId: season.id,
      userIds: recipients.map((recipient) => recipient.userId),
      gameweek: currentGameweek(season.gameweeks, now),
    });
    return Promise.all(
      recipients.map(async (recipient) => ({
        recipient,
        content: await picksLockedMail({
          deadline,
          players: picks.filter((pick) => pick.userId === recipient.userId),
          dashboardUrl: `${publicUrl}/dashboard`,
        }),
      })),
    );
  }
  return Promise.all(
    recipients.map(async (recipient) => {
      const token = createUnsubscribeToken(secret, recipient.userId);
      const oneClickUrl = `${publicUrl}/api/mail/unsubscribe?token=${token}`;
      return {
        recipient,
        content: await deadlineReminderMail({
          isLastCall: kind === 'reminder_2h',
          msLeft: deadline.getTime() - now.getTime(),
          deadline,
          picksLeft: 4 - recipient.pickCount,
          pickUrl: `${publicUrl}/player-selection`,
          unsubscribeUrl: `${publicUrl}/unsubscribe?token=${token}`,
        }),
        // RFC 8058: mail clients show an unsubscribe button that POSTs here, no page opened.
        headers: {
          'List-Unsubscribe': `<${oneClickUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    }),
  );
}
