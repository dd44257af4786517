import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { isDatabaseUnreachableError } from '../../src/db/database-errors.ts';
import { createTestDatabase, engines } from '../support/test-database.ts';

const ENGINES = engines('both', 'each driver reports a lost database its own way');

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the work to fail');
}

describe.each(ENGINES)('telling "database unreachable" from a failed query on %s', (engine) => {
  it('a closed database is unreachable; a bad query on an open one is not', async () => {
    const database = await createTestDatabase(engine);
    const badQuery = await failureOf(() => database.db.execute(sql`select * from no_such_table`));
    expect(isDatabaseUnreachableError(badQuery)).toBe(false);
    await database.close();
    const closed = await failureOf(() => database.db.execute(sql`select 1`));
    expect(isDatabaseUnreachableError(closed)).toBe(true);
  });
});

describe('telling "database unreachable" from other errors', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('a server that refuses connections is unreachable', async () => {
    const database = await openDatabase({ engine: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' });
    try {
      expect(isDatabaseUnreachableError(await failureOf(() => database.db.execute(sql`select 1`)))).toBe(
        true,
      );
    } finally {
      await database.close();
    }
  });

  it.each([
    ['a terminated connection', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a connection exception', Object.assign(new Error('connection failure'), { code: '08006' })],
    [
      'a reset socket, wrapped',
      new Error('Failed query', { cause: Object.assign(new Error('read'), { code: 'ECONNRESET' }) }),
    ],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
  ])('%s is unreachable', (_case, error) => {
    expect(isDatabaseUnreachableError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a programming error', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_case, error) => {
    expect(isDatabaseUnreachableError(error)).toBe(false);
  });
});
