import type { FastifyInstance } from 'fastify';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Job } from '../scheduler/scheduler.ts';
import { sendDeadlineMails } from './send-deadline-mails.ts';

/**
 * The deadline e-mails: the 48-hour and 2-hour reminders, then the "picks are locked in"
 * receipt, each sent once per player whichever instance runs it (send-deadline-mails.ts).
 */
export function deadlineMailsJob(
  fastify: FastifyInstance,
  options: { mailer: Mailer; secret: string; intervalMs: number },
): Job {
  // After one full receipt pass here, the 7 days of turns left skip the scan of every complete squad.
  const finishedReceipts = new Set<string>();
  return {
    name: 'deadline-mails',
    intervalMs: options.intervalMs,
    lockKey: ADVISORY_LOCK_KEYS.deadlineMailsJob,
    run: async (signal) => {
      await sendDeadlineMails({
        db: fastify.db,
        mailer: options.mailer,
        season: await fastify.activeSeason.get(),
        now: fastify.clock(),
        publicUrl: fastify.config.PUBLIC_URL,
        secret: options.secret,
        log: fastify.log,
        signal,
        finishedReceipts,
      });
    },
  };
}
