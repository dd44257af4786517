import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import type { Job } from '../scheduler/scheduler.ts';
import type { Mailer } from './mailer.ts';

/** E-mail that could not be sent is tried again (the outbox rows are claimed, so never sent twice). */
export function mailRetryJob(mailer: Mailer): Job {
  return {
    name: 'mail-retry',
    intervalMs: 30_000,
    lockKey: ADVISORY_LOCK_KEYS.mailRetryJob,
    run: async (signal) => {
      await mailer.retryDue(signal);
    },
  };
}
