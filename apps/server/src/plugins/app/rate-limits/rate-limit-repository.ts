import { eq, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database.ts';
import { rateLimits } from '../../../db/schema/index.ts';

/**
 * Adds one to `key`'s count in its window (a new window once the old one has ended, that is
 * when its last request is `windowMs` or more before `nowMs`) and answers the count.
 */
export async function incrementCount(
  db: Executor,
  key: string,
  { windowMs, nowMs }: { windowMs: number; nowMs: number },
): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`insert into rate_limits (id, key, count, last_request) values (${key}, ${key}, 1, ${nowMs})
        on conflict (key) do update set
          count = case when rate_limits.last_request <= ${nowMs - windowMs} then 1 else rate_limits.count + 1 end,
          last_request = case when rate_limits.last_request <= ${nowMs - windowMs} then ${nowMs} else rate_limits.last_request end
        returning count`,
  );
  return row?.count ?? 0;
}

/** `key`'s count in its window ending at `nowMs`, without counting anything. */
export async function readCount(
  db: Executor,
  key: string,
  { windowMs, nowMs }: { windowMs: number; nowMs: number },
): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count from rate_limits where key = ${key} and last_request > ${nowMs - windowMs}`,
  );
  return row?.count ?? 0;
}

export async function clearCount(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Every counter whose key contains `part` (an address, or its digest, inside the key). */
export async function deleteCountersContaining(db: Executor, part: string): Promise<void> {
  await db.delete(rateLimits).where(sql`strpos(${rateLimits.key}, ${part}) > 0`);
}
