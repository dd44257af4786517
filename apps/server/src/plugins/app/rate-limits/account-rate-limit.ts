import { ACCOUNT_MESSAGES, AppError } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database.ts';

const CLIENT_WINDOW_MS = 60_000;
const ADDRESS_WINDOW_MS = 15 * 60_000;

/**
 * Counts one attempt against `key` in a fixed window and answers whether it is within `max`.
 * Counters live in the database, so every instance shares them.
 */
export async function consumeAttempt(
  db: Executor,
  key: string,
  max: number,
  windowMs: number,
  now: Date,
): Promise<boolean> {
  const nowMs = now.getTime();
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`insert into rate_limits (id, key, count, last_request) values (${key}, ${key}, 1, ${nowMs})
        on conflict (key) do update set
          count = case when rate_limits.last_request <= ${nowMs - windowMs} then 1 else rate_limits.count + 1 end,
          last_request = case when rate_limits.last_request <= ${nowMs - windowMs} then ${nowMs} else rate_limits.last_request end
        returning count`,
  );
  return (row?.count ?? 0) <= max;
}

export interface AccountRateLimitOptions {
  db: Executor;
  /** The action limited, e.g. "sign-in". */
  action: string;
  clientIp: string;
  email?: string;
  limits: { perClient: number; perAddress: number };
  now: Date;
}

/** Refuses a sensitive account action past its per-client or per-address limit. */
export async function assertWithinAccountRateLimit(options: AccountRateLimitOptions): Promise<void> {
  const { db, action, clientIp, email, limits, now } = options;
  const withinClient = await consumeAttempt(
    db,
    `hit21:${action}:ip:${clientIp}`,
    limits.perClient,
    CLIENT_WINDOW_MS,
    now,
  );
  const withinAddress = email
    ? await consumeAttempt(
        db,
        `hit21:${action}:email:${email.trim().toLowerCase()}`,
        limits.perAddress,
        ADDRESS_WINDOW_MS,
        now,
      )
    : true;
  if (!withinClient || !withinAddress) {
    throw new AppError('RATE_LIMITED', {
      message: `Too many ${action} attempts from ${withinClient ? 'this address' : 'this client'}`,
      userMessage: ACCOUNT_MESSAGES.tooManyAttempts,
    });
  }
}
