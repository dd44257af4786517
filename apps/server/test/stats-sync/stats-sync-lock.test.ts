import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADVISORY_LOCK_KEYS } from '../../src/db/advisory-locks.ts';
import { type DatabaseHandle, selectRows } from '../../src/db/database.ts';
import { runStatsSync } from '../../src/plugins/app/stats-sync/run-stats-sync.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { type Answers, recordedAnswers, startFplApiServer } from './fpl-api-server.ts';
import { resetToSeasonStart, syncRuns } from './sync-test-database.ts';

/** Advisory locks are shared between instances only on a PostgreSQL server. */
describe.runIf(process.env.TEST_DATABASE_URL)('the goals sync beside other locked work on postgres', () => {
  let database: DatabaseHandle;
  let answers: Answers;
  let api: Awaited<ReturnType<typeof startFplApiServer>>;
  let otherInstance: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    api = await startFplApiServer(() => answers);
    const [current] = await selectRows<{ name: string }>(database.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${current?.name}`;
    otherInstance = new pg.Client({ connectionString: url.toString() });
    await otherInstance.connect();
  });
  afterAll(async () => {
    await otherInstance.end();
    await api.close();
    await database.close();
  });
  beforeEach(async () => {
    await resetToSeasonStart(database.db);
    answers = await recordedAnswers('after-gw3');
  });

  it('runs while another instance is recomputing the standings', async () => {
    await otherInstance.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.standingsRecompute]);
    try {
      const result = await runStatsSync({ db: database.db, source: api.baseUrl });
      expect(result.status).toBe('ok');
      expect((await syncRuns(database.db)).map((run) => run.status)).toEqual(['ok']);
    } finally {
      await otherInstance.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.standingsRecompute]);
    }
  });

  it('is skipped, and says why, while another instance is claiming a sync', async () => {
    await otherInstance.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.statsSyncClaim]);
    try {
      expect(await runStatsSync({ db: database.db, source: api.baseUrl })).toEqual({
        status: 'skipped',
        reason: 'another instance is starting a goals sync',
      });
    } finally {
      await otherInstance.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.statsSyncClaim]);
    }
  });
});
