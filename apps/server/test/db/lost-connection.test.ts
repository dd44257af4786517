import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, selectRows } from '../../src/db/database.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * A connection lent by `withConnection` is outside the pool's care while it is lent: if the
 * server goes away then (a restart, a failover), the work must fail, never the process.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a lent connection that loses its server', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.close();
  });

  it('fails the work without an uncaught error, and the handle serves the next request', async () => {
    await expect(
      database.withConnection(async (connection) => {
        const [own] = await selectRows<{ pid: number }>(connection.db, sql`select pg_backend_pid() as pid`);
        await database.db.execute(sql`select pg_terminate_backend(${own?.pid})`);
        // The lost server is reported on the idle, lent client while the work waits.
        await sleep(300);
        await connection.db.execute(sql`select 1`);
      }),
    ).rejects.toThrow();
    const [row] = await selectRows<{ answer: number }>(database.db, sql`select 1 as answer`);
    expect(row?.answer).toBe(1);
  });
});
