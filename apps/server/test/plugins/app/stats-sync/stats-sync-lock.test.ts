import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADVISORY_LOCK_KEYS } from '../../../../src/db/advisory-locks.ts';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { runStatsSync } from '../../../../src/plugins/app/stats-sync/run-stats-sync.ts';
import { connectOtherInstance, createTestDatabase } from '../../../support/test-database.ts';
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
    otherInstance = await connectOtherInstance(database);
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
      const result = await runStatsSync({ database, source: api.baseUrl });
      expect(result.status).toBe('ok');
      expect((await syncRuns(database.db)).map((run) => run.status)).toEqual(['ok']);
    } finally {
      await otherInstance.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.standingsRecompute]);
    }
  });

  it('is skipped, and says why, while another instance is running a sync', async () => {
    await otherInstance.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.statsSyncRun]);
    try {
      expect(await runStatsSync({ database, source: api.baseUrl })).toEqual({
        status: 'skipped',
        reason: 'another goals sync is running',
      });
      expect((await syncRuns(database.db)).map((run) => run.status)).toEqual(['skipped']);
    } finally {
      await otherInstance.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.statsSyncRun]);
    }
  });

  it('closes a run left running once the instance that ran it is gone, and goes ahead', async () => {
    // The other instance claims a run the way a sync does, then its connection dies mid-run.
    await otherInstance.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.statsSyncRun]);
    await otherInstance.query("insert into stats_sync_runs (source, status) values ($1, 'running')", [
      api.baseUrl,
    ]);
    expect((await runStatsSync({ database, source: api.baseUrl })).status).toBe('skipped');
    await otherInstance.end();
    otherInstance = await connectOtherInstance(database);

    expect((await runStatsSync({ database, source: api.baseUrl })).status).toBe('ok');
    expect((await syncRuns(database.db)).map((run) => [run.status, run.error])).toEqual([
      ['failed', 'did not finish: its instance stopped'],
      ['skipped', 'another goals sync is running'],
      ['ok', null],
    ]);
  });
});
