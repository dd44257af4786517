import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADVISORY_LOCK_KEYS } from '../../../../src/db/advisory-locks.ts';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { scheduledJobs } from '../../../../src/db/schema/index.ts';
import {
  type Job,
  type JobOutcome,
  schedulerPlugin,
} from '../../../../src/plugins/app/scheduler/scheduler.ts';
import {
  STANDINGS_PLACING_JOB,
  STANDINGS_REFRESH_JOB,
} from '../../../../src/plugins/app/standings/standings-service.ts';
import { configPlugin } from '../../../../src/plugins/external/config.ts';
import { databasePlugin } from '../../../../src/plugins/external/database.ts';
import { buildTestApp, testConfig } from '../../../support/build-test-app.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';

const ENGINES = engines('both', 'job locks on a connection of its own');

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await sleep(10);
  }
}

/** A job for the tests: its runs' start times, and a body to run. */
function testJob(
  intervalMs: number,
  body: (signal: AbortSignal, run: number) => Promise<void> = async () => {},
): Job & { starts: number[] } {
  const starts: number[] = [];
  return {
    name: 'test-job',
    intervalMs,
    // A key of the registry no other part of these bare instances takes.
    lockKey: ADVISORY_LOCK_KEYS.statsSyncJob,
    starts,
    async run(signal) {
      starts.push(Date.now());
      await body(signal, starts.length);
    },
  };
}

describe.each(ENGINES)('the scheduler on %s', (engine) => {
  let database: DatabaseHandle;

  /** A bare instance with only the scheduler, logging into `lines`. */
  async function instance(jobs: Job[], lines: string[] = [], handle: DatabaseHandle = database) {
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    await app.register(configPlugin, { config: testConfig(), clock: () => new Date() });
    await app.register(databasePlugin, { database: handle });
    await app.register(schedulerPlugin);
    for (const job of jobs) app.scheduler.add(job);
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(scheduledJobs);
  });

  it('runs a job when the server is ready and then every interval, never overlapping itself', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const job = testJob(50, async () => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await sleep(120);
      inFlight -= 1;
    });
    const app = await instance([job]);
    await until(() => job.starts.length >= 3);
    await app.close();
    expect(mostInFlight).toBe(1);
    // A run longer than the interval: the next starts when it ends, not on top of it.
    for (let index = 1; index < job.starts.length; index += 1) {
      expect((job.starts[index] ?? 0) - (job.starts[index - 1] ?? 0)).toBeGreaterThanOrEqual(115);
    }
  });

  it('two instances on one database run a job once per turn, not once each', async () => {
    // Both instances' first turns come at once, when they are ready; the interval is long.
    const first = testJob(60_000, () => sleep(200));
    const second = testJob(60_000, () => sleep(200));
    const instances = await Promise.all([instance([first]), instance([second])]);
    // Settled once neither is running it and each in turn finds it not due (asked at once,
    // one would find the other's claim under way: busy).
    await until(async () => {
      for (const app of instances) if ((await app.scheduler.runTurn('test-job')) !== 'not-due') return false;
      return true;
    });
    expect(first.starts.length + second.starts.length).toBe(1);
    // And a turn asked of both at once still runs once.
    const both = await Promise.all(
      instances.map((app) => app.scheduler.runTurn('test-job', { isForced: true })),
    );
    expect(both.filter((outcome) => outcome === 'done')).toHaveLength(1);
    expect(first.starts.length + second.starts.length).toBe(2);
    await Promise.all(instances.map((app) => app.close()));
  });

  it('two instances on short intervals: their claims of a turn are a whole interval apart', async () => {
    // The claim's own time (the database's clock), which Node's timers under load would blur.
    const claims: number[] = [];
    const recordClaim = async () => {
      const [row] = await database.db.select().from(scheduledJobs);
      if (row) claims.push(row.lastStartedAt.getTime());
    };
    const instances = await Promise.all([
      instance([testJob(200, recordClaim)]),
      instance([testJob(200, recordClaim)]),
    ]);
    await until(() => claims.length >= 5);
    await Promise.all(instances.map((app) => app.close()));
    claims.sort((a, b) => a - b);
    for (let index = 1; index < claims.length; index += 1) {
      // 90% of the interval (the claim's allowance for timers firing a little early).
      expect((claims[index] ?? 0) - (claims[index - 1] ?? 0)).toBeGreaterThanOrEqual(180);
    }
  });

  it('runs a job at once whose last run was cut off, however recent its start', async () => {
    // As an instance killed halfway through a run leaves it: started a moment ago, never finished.
    await database.db.insert(scheduledJobs).values({ name: 'test-job', lastStartedAt: new Date() });
    const job = testJob(60_000);
    const app = await instance([job]);
    await until(() => job.starts.length === 1);
    // The turn answers 'running' until the run has let go of its lock, a moment after it ends.
    let outcome: JobOutcome = 'running';
    await until(async () => {
      outcome = await app.scheduler.runTurn('test-job');
      return outcome !== 'running';
    });
    const [row] = await database.db.select().from(scheduledJobs);
    expect(row?.lastFinishedAt?.getTime()).toBeGreaterThanOrEqual(row?.lastStartedAt.getTime() ?? Infinity);
    // Finished now: the next turn waits for the interval again.
    expect(outcome).toBe('not-due');
    expect(job.starts).toHaveLength(1);
    await app.close();
  });

  it('logs a failing job, records the failure, and runs it again on the next turn', async () => {
    const lines: string[] = [];
    const job = testJob(100, async (_signal, run) => {
      if (run === 1) throw new Error('the feed answered 500');
    });
    const app = await instance([job], lines);
    await until(() => job.starts.length >= 2);
    await until(async () => {
      const [row] = await database.db.select().from(scheduledJobs);
      return row?.lastFinishedAt !== null && row?.lastError === null;
    });
    await app.close();
    const errors = lines
      .map(
        (line) => JSON.parse(line) as { level: number; msg: string; job?: string; err?: { message: string } },
      )
      .filter((line) => line.level === 50);
    expect(errors[0]).toMatchObject({
      msg: 'Scheduled job test-job failed',
      job: 'test-job',
      err: { message: 'the feed answered 500' },
    });
  });

  it('says once that a job cannot be claimed while the database is unreachable, and when it can run again', async () => {
    let isDown = true;
    // The database as the scheduler sees it while the server cannot be reached.
    const flaky: DatabaseHandle = {
      ...database,
      withConnection: (work) =>
        isDown
          ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'))
          : database.withConnection(work),
    };
    const lines: string[] = [];
    const job = testJob(30);
    const app = await instance([job], lines, flaky);
    await sleep(300);
    isDown = false;
    await until(() => job.starts.length >= 1);
    await app.close();
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged.filter((line) => line.msg === 'Scheduled job test-job could not be started')).toHaveLength(
      1,
    );
    expect(logged.filter((line) => line.msg === 'Scheduled job test-job can run again')).toHaveLength(1);
  });

  it('stops on close: a run in progress is told to stop and awaited, and no turn comes after', async () => {
    let sawAbort = false;
    const job = testJob(50, async (signal, run) => {
      if (run < 2) return;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      sawAbort = true;
    });
    const app = await instance([job]);
    await until(() => job.starts.length >= 2);
    await app.close();
    expect(sawAbort).toBe(true);
    const runs = job.starts.length;
    await sleep(300);
    expect(job.starts.length).toBe(runs);
  });

  it('runSoon runs a job before its turn, and once more right after a run in progress', async () => {
    let release: () => void = () => {};
    const job = testJob(60_000, async (_signal, run) => {
      if (run === 2) await new Promise<void>((resolve) => (release = resolve));
    });
    const app = await instance([job]);
    await until(() => job.starts.length === 1);
    app.scheduler.runSoon('test-job');
    await until(() => job.starts.length === 2);
    // Asked twice during that run: one more run after it, not two.
    app.scheduler.runSoon('test-job');
    app.scheduler.runSoon('test-job');
    release();
    await until(() => job.starts.length === 3);
    await sleep(200);
    expect(job.starts.length).toBe(3);
    await app.close();
  });

  it('the app runs its background work on it: the standings check and placements, and the mail retry with SMTP', async () => {
    const plain = await buildTestApp(database);
    // The app's own first turns may still be running (a rebuild waits for a placement to commit).
    for (const job of [STANDINGS_REFRESH_JOB, STANDINGS_PLACING_JOB]) {
      await until(async () => (await plain.scheduler.runTurn(job, { isForced: true })) === 'done');
    }
    await expect(plain.scheduler.runTurn('mail-retry')).rejects.toThrow(
      'No scheduled job is called mail-retry',
    );
    await plain.close();

    const withSmtp = await buildTestApp(database, { config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' }) });
    await until(async () => {
      const rows = await database.db.select().from(scheduledJobs);
      return rows.some((row) => row.name === 'mail-retry' && row.lastFinishedAt !== null);
    });
    await withSmtp.close();
  });
});
