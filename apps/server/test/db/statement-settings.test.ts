import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, selectRows } from '../../src/db/database.ts';
import { createTestDatabase } from '../support/test-database.ts';

async function jitSetting(db: Parameters<typeof selectRows>[0]): Promise<string | undefined> {
  const [row] = await selectRows<{ jit: string }>(db, sql`show jit`);
  return row?.jit;
}

/**
 * JIT compilation costs a request far more than the statement whenever the planner's estimates
 * for ten million players cross its threshold: the server's connections
 * have it off (the board rebuild turns it on for its own statements, inside their transactions).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the server’s PostgreSQL connections', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.close();
  });

  it('compile no statement with JIT, pooled or lent, and a transaction that turns it on leaves them so', async () => {
    expect(await jitSetting(database.db)).toBe('off');
    await database.withConnection(async (connection) => {
      expect(await jitSetting(connection.db)).toBe('off');
      await connection.db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = on`);
        expect(await jitSetting(tx)).toBe('on');
      });
      expect(await jitSetting(connection.db)).toBe('off');
    });
    const settings = await Promise.all(Array.from({ length: 10 }, () => jitSetting(database.db)));
    expect(settings).toEqual(Array(10).fill('off'));
  });
});
