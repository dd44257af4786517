import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, selectRows } from '../../src/db/database.ts';
import { isDatabaseUnreachableError } from '../../src/db/database-errors.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * A connection checked out of the pool (lent by `withConnection`, or a transaction's) is outside
 * the pool's care meanwhile: if the server goes away then (a restart, a failover, a network
 * blip), the work must fail, never the process.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a checked-out connection that loses its server', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.close();
  });

  it("fails a transaction without an uncaught error, and none of the transaction's rows stay", async () => {
    await database.db.execute(sql`create table lost_in_transaction (id int)`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into lost_in_transaction values (1)`);
        const [own] = await selectRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await database.db.execute(sql`select pg_terminate_backend(${own?.pid})`);
        await sleep(300);
        await tx.execute(sql`insert into lost_in_transaction values (2)`);
      }),
    ).rejects.toSatisfy(isDatabaseUnreachableError);
    expect(await selectRows(database.db, sql`select id from lost_in_transaction`)).toEqual([]);
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
