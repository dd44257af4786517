import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { scheduledJobs, statsSyncRuns } from '../../../../src/db/schema/index.ts';
import { schedulerPlugin } from '../../../../src/plugins/app/scheduler/scheduler.ts';
import type { StandingsService } from '../../../../src/plugins/app/standings/standings-service.ts';
import { runStatsSync } from '../../../../src/plugins/app/stats-sync/run-stats-sync.ts';
import { statsSyncSchedule } from '../../../../src/plugins/app/stats-sync/stats-sync-schedule.ts';
import { configPlugin } from '../../../../src/plugins/external/config.ts';
import { databasePlugin } from '../../../../src/plugins/external/database.ts';
import { buildTestApp, testConfig } from '../../../support/build-test-app.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { type Answers, recordedAnswers, startFplApiServer } from './fpl-api-server.ts';
import { resetToSeasonStart, syncRuns } from './sync-test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await sleep(20);
  }
}

describe.each(ENGINES)('the scheduled goals sync on %s', (engine) => {
  let database: DatabaseHandle;
  let answers: Answers;
  let api: Awaited<ReturnType<typeof startFplApiServer>>;
  const bootstrapRequests = () => api.requests.filter((path) => path === 'bootstrap-static/').length;

  let refreshRequests = 0;

  /** A bare server with only what the schedule needs, logging into `lines`; standings refreshes are counted. */
  async function scheduledInstance(intervalMs: number, lines: string[] = []) {
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    await app.register(configPlugin, { config: testConfig(), clock: () => new Date() });
    await app.register(databasePlugin, { database });
    await app.register(schedulerPlugin);
    app.decorate('standings', {
      requestRefresh: () => {
        refreshRequests += 1;
      },
    } as unknown as StandingsService);
    await app.register(statsSyncSchedule, { source: api.baseUrl, intervalMs });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    api = await startFplApiServer(() => answers);
  });
  afterAll(async () => {
    await api.close();
    await database.close();
  });
  beforeEach(async () => {
    await resetToSeasonStart(database.db);
    await database.db.delete(scheduledJobs);
    refreshRequests = 0;
    answers = await recordedAnswers('after-gw3');
    api.requests.length = 0;
    api.load.maxInFlight = 0;
  });

  it('runs when the server is ready, then on its interval, logs each run, and stops on close', async () => {
    const lines: string[] = [];
    const app = await scheduledInstance(200, lines);
    await until(async () => (await syncRuns(database.db)).filter((run) => run.status === 'ok').length >= 3);
    await app.close();
    const runsAtClose = await syncRuns(database.db);
    await sleep(600);

    const runs = await syncRuns(database.db);
    expect(runs).toEqual(runsAtClose);
    expect(runs.slice(0, 3).map((run) => run.status)).toEqual(['ok', 'ok', 'ok']);
    expect(runs[0]?.summary).toMatchObject({ goalsAdded: 3, playersAdded: 4 });
    expect(runs.slice(1, 3).map((run) => run.summary?.goalsAdded)).toEqual([0, 0]);
    // Each sync that went through asks for the standings to be re-ranked.
    expect(refreshRequests).toBeGreaterThanOrEqual(3);
    // Closing stops a run in progress: it ends, recorded, rather than holding the server open.
    for (const run of runs.slice(3)) {
      expect(run.status === 'ok' || run.error?.includes('the sync was stopped (the server is closing)')).toBe(
        true,
      );
    }
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 30,
        msg: `Goals sync from ${api.baseUrl}: 3 goals added, 0 changed, 0 removed; 4 players added; 0 transfers; gameweeks 1–3`,
      }),
    );
  });

  it('never overlaps its own runs when a run takes longer than the interval', async () => {
    answers.set('fixtures/', { json: (answers.get('fixtures/') as { json: unknown }).json, delayMs: 400 });
    const app = await scheduledInstance(50);
    await until(() => bootstrapRequests() >= 3);
    await app.close();

    expect(api.load.maxInFlight).toBe(1);
    const runs = await syncRuns(database.db);
    for (let index = 1; index < runs.length; index += 1) {
      expect(runs[index]?.startedAt.getTime()).toBeGreaterThanOrEqual(
        runs[index - 1]?.finishedAt?.getTime() ?? 0,
      );
    }
  });

  it('logs a failed run as an error and tries again on the next turn', async () => {
    answers.set('fixtures/', { status: 500, text: '' });
    const lines: string[] = [];
    const app = await scheduledInstance(100, lines);
    await until(() => bootstrapRequests() >= 2);
    await app.close();

    const errors = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level === 50);
    expect(errors[0]?.msg).toBe(
      `Goals sync from ${api.baseUrl} failed, nothing was changed: ${api.baseUrl}fixtures/: answered HTTP 500 Internal Server Error`,
    );
    expect((await syncRuns(database.db)).every((run) => run.status === 'failed')).toBe(true);
  });

  it('two instances on one database: one syncs per turn, the other finds it done', async () => {
    const first = await scheduledInstance(300);
    const second = await scheduledInstance(300);
    await until(async () => (await syncRuns(database.db)).filter((run) => run.status === 'ok').length >= 4);
    await Promise.all([first.close(), second.close()]);

    // Both were ready at once and one ran (the other found nothing due, or found the claim taken
    // and was skipped); after that, turns are claimed at least 90% of the interval (270 ms) apart,
    // where two independent schedules would run about twice as often, some right after each
    // other. A sync stamps its own start a moment after its turn's claim, a moment that varies on
    // a busy machine (a little under 270 ms apart): so 200 ms, still far from back to back.
    const all = await syncRuns(database.db);
    const runs = all.filter((run) => run.status === 'ok');
    expect(all.every((run) => run.status !== 'failed' || run.error?.includes('the server is closing'))).toBe(
      true,
    );
    for (let index = 1; index < runs.length; index += 1) {
      const gap = (runs[index]?.startedAt.getTime() ?? 0) - (runs[index - 1]?.startedAt.getTime() ?? 0);
      expect(gap).toBeGreaterThanOrEqual(200);
    }
  });

  it('a run left running by an instance that died is closed as failed, and the next run goes ahead at once', async () => {
    // Started a moment ago: no instance holds the run lock, so nothing waits for it to go stale.
    await database.db.insert(statsSyncRuns).values({ source: api.baseUrl, status: 'running' });

    const result = await runStatsSync({ database, source: api.baseUrl });

    expect(result.status).toBe('ok');
    expect((await syncRuns(database.db)).map((run) => [run.status, run.error])).toEqual([
      ['failed', 'did not finish: its instance stopped'],
      ['ok', null],
    ]);
  });

  it('is part of the app only when a source and an interval are configured', async () => {
    const configured = await buildTestApp(database, {
      config: testConfig({ STATS_SYNC_SOURCE: api.baseUrl, STATS_SYNC_INTERVAL_MINUTES: '15' }),
    });
    await until(() => bootstrapRequests() >= 1);
    expect(configured.hasPlugin('stats-sync-schedule')).toBe(true);
    await configured.close();

    const unscheduled: Record<string, string>[] = [
      {},
      { STATS_SYNC_SOURCE: api.baseUrl, STATS_SYNC_INTERVAL_MINUTES: '0' },
    ];
    for (const overrides of unscheduled) {
      const app = await buildTestApp(database, { config: testConfig(overrides) });
      expect(app.hasPlugin('stats-sync-schedule')).toBe(false);
      await app.close();
    }
  });
});
