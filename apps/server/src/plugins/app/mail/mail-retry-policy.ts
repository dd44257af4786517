/**
 * When an e-mail that could not be sent is tried again, and when it is given up.
 *
 * An SMTP outage may last minutes or hours: nothing written meanwhile may be lost, and once
 * the server is back nothing may wait long. So the waits grow 1, 2 minutes and then stay at
 * 2 (with the retry job's 30-s turn, a mail goes out at most some 2.5 minutes after the SMTP
 * server returns), and a mail is given up only after a day of failures. The earlier policy
 * (1, 2, 4, 8, 16 minutes, six attempts) gave up after 31 minutes and let a mail written at
 * the start of a 10-minute outage wait 5 more minutes after it.
 */
const MINUTE_MS = 60_000;

/** The longest wait between two attempts at one mail. */
export const MAX_RETRY_DELAY_MS = 2 * MINUTE_MS;

/** A mail whose waits between failed attempts add up to this is given up (status `failed`). */
export const GIVE_UP_AFTER_MS = 24 * 60 * MINUTE_MS;

/** The wait after a mail's `failedAttempts`-th failed attempt (1 or more). */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(MINUTE_MS * 2 ** Math.max(failedAttempts - 1, 0), MAX_RETRY_DELAY_MS);
}

/** Attempts at one mail before it is given up: as many as a day of waits allows. */
export const MAX_ATTEMPTS = (() => {
  let attempts = 1;
  let waitedMs = 0;
  while (waitedMs < GIVE_UP_AFTER_MS) {
    waitedMs += retryDelayMs(attempts);
    attempts += 1;
  }
  return attempts;
})();
