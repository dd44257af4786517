import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database.ts';
import { textArray } from '../../../db/sql-values.ts';

export interface RequestCount {
  clientKey: string;
  windowStart: Date;
  hits: number;
}

/** Adds each client's new hits to its window's row and answers the rows' totals (every instance's hits). */
export async function addRequestCounts(
  db: Executor,
  counts: readonly RequestCount[],
): Promise<RequestCount[]> {
  if (counts.length === 0) return [];
  const rows = await selectRows<{ client_key: string; window_start: Date | string; hits: number }>(
    db,
    sql`insert into api_request_counts as counts (client_key, window_start, hits)
        select * from unnest(
          ${textArray(counts.map((count) => count.clientKey))}::text[],
          ${textArray(counts.map((count) => count.windowStart.toISOString()))}::timestamptz[],
          ${`{${counts.map((count) => count.hits).join(',')}}`}::int[])
        on conflict (client_key, window_start) do update set hits = counts.hits + excluded.hits
        returning client_key, window_start, hits`,
  );
  return rows.map((row) => ({
    clientKey: row.client_key,
    windowStart: new Date(row.window_start),
    hits: row.hits,
  }));
}

/** Forgets the windows that ended before `before`. */
export async function deleteRequestCountsBefore(db: Executor, before: Date): Promise<void> {
  await db.execute(
    sql`delete from api_request_counts where window_start < ${before.toISOString()}::timestamptz`,
  );
}
