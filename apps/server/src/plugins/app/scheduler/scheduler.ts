import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../../db/database.ts';
import { claimJobRun, finishJobRun, releaseJobLock, tryJobLock } from './scheduled-jobs-repository.ts';

/** Work the server does on its own, on an interval (docs/decisions/008-background-work.md). */
export interface Job {
  /** Unique; names the job in logs and in its `scheduled_jobs` row. */
  name: string;
  /** Time between runs across every instance; a run never overlaps the previous one. */
  intervalMs: number;
  /** Its key in db/advisory-locks.ts: held while it runs, so one instance at a time runs it. */
  lockKey: number;
  /** Aborted when the server closes; a thrown error is logged and the job runs again next turn. */
  run(signal: AbortSignal): Promise<void>;
}

export type JobOutcome =
  | 'done'
  | 'failed'
  /** Another instance holds its lock: it is running there now. */
  | 'busy'
  /** Another instance (or this one) ran it less than an interval ago. */
  | 'not-due'
  /** This instance is running it already, or the server is closing. */
  | 'running';

export interface Scheduler {
  /** Adds a job: it first runs when the server is ready, then every interval. */
  add(job: Job): void;
  /**
   * Runs a job now rather than at its next turn (a change it should act on at once): still
   * one instance at a time, and right after the current run if this instance is running it.
   */
  runSoon(name: string): void;
  /** Runs a job's turn now and answers what happened; what the timers call, and tests. */
  runTurn(name: string, options?: { isForced?: boolean }): Promise<JobOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

/** Due a little early, so the instance whose turn it is is never "not due" by a few milliseconds. */
const DUE_SHARE = 0.9;
/**
 * The job locks held by this process, per database. The embedded database has one session, in
 * which an advisory lock is re-entrant: it would not keep two app instances on one handle apart.
 */
const heldLocks = new WeakMap<DatabaseHandle, Set<number>>();

interface JobState {
  job: Job;
  timer?: NodeJS.Timeout;
  running?: Promise<JobOutcome>;
  isRerunAsked: boolean;
  /** Its turns cannot be claimed (the database is down): said once, not every turn. */
  isUnreachable: boolean;
}

/**
 * The one way the server runs background work: jobs with a name, an interval, a lock key and a
 * handler. Each instance keeps a timer per job; when it fires, the instance claims the turn
 * (the job's advisory lock on a connection of its own, then its `scheduled_jobs` row, stamped
 * only when the last start is an interval ago) and runs it. So several instances on one
 * database run each job once per interval between them, never two at once; a failure is logged
 * and the next turn tries again; closing the server stops the timers and waits for runs in
 * progress, whose signal is aborted.
 */
export const schedulerPlugin = fp(
  async (fastify) => {
    const jobs = new Map<string, JobState>();
    const stopping = new AbortController();
    let isReady = false;

    function schedule(state: JobState, delayMs: number) {
      if (stopping.signal.aborted) return;
      clearTimeout(state.timer);
      state.timer = setTimeout(() => {
        state.timer = undefined;
        runTurn(state.job.name).catch(() => {});
      }, delayMs);
      state.timer.unref();
    }

    async function claimAndRun(job: Job, isForced: boolean): Promise<JobOutcome> {
      const held = heldLocks.get(fastify.database) ?? new Set<number>();
      heldLocks.set(fastify.database, held);
      if (held.has(job.lockKey)) return 'busy';
      held.add(job.lockKey);
      try {
        return await claimAndRunLocked(job, isForced);
      } finally {
        held.delete(job.lockKey);
      }
    }

    async function claimAndRunLocked(job: Job, isForced: boolean): Promise<JobOutcome> {
      return fastify.database.withConnection(async (connection) => {
        if (!(await tryJobLock(connection.db, job.lockKey))) return 'busy';
        try {
          const dueAfterMs = isForced ? 0 : Math.floor(job.intervalMs * DUE_SHARE);
          if (!(await claimJobRun(connection.db, job.name, dueAfterMs))) return 'not-due';
          let error: unknown;
          try {
            await job.run(stopping.signal);
          } catch (caught) {
            error = caught;
            fastify.log.error({ err: caught, job: job.name }, `Scheduled job ${job.name} failed`);
          }
          await finishJobRun(connection.db, job.name, error);
          return error === undefined ? 'done' : 'failed';
        } finally {
          // Should the unlock fail, withConnection closes the connection, which frees the lock.
          await releaseJobLock(connection.db, job.lockKey);
        }
      });
    }

    function runTurn(name: string, options: { isForced?: boolean } = {}): Promise<JobOutcome> {
      const state = jobs.get(name);
      if (!state) return Promise.reject(new Error(`No scheduled job is called ${name}`));
      if (state.running || stopping.signal.aborted) {
        if (options.isForced) state.isRerunAsked = true;
        return Promise.resolve('running');
      }
      const running = claimAndRun(state.job, options.isForced ?? false)
        .then((outcome) => {
          if (state.isUnreachable) fastify.log.info({ job: name }, `Scheduled job ${name} can run again`);
          state.isUnreachable = false;
          return outcome;
        })
        .catch((error: unknown) => {
          // The claim itself failed (the database is down): the next turn tries again.
          if (!state.isUnreachable) {
            fastify.log.error({ err: error, job: name }, `Scheduled job ${name} could not be started`);
          }
          state.isUnreachable = true;
          return 'failed' as const;
        })
        .finally(() => {
          state.running = undefined;
          if (state.isRerunAsked) {
            state.isRerunAsked = false;
            runNow(state);
          } else schedule(state, state.job.intervalMs);
        });
      state.running = running;
      return running;
    }

    /** A forced turn now, in place of the timer's (which the turn's end sets again). */
    function runNow(state: JobState) {
      clearTimeout(state.timer);
      state.timer = undefined;
      runTurn(state.job.name, { isForced: true }).catch(() => {});
    }

    fastify.decorate('scheduler', {
      add(job) {
        if (jobs.has(job.name)) throw new Error(`A scheduled job is already called ${job.name}`);
        const state: JobState = { job, isRerunAsked: false, isUnreachable: false };
        jobs.set(job.name, state);
        if (isReady) schedule(state, 0);
      },
      runSoon(name) {
        const state = jobs.get(name);
        if (!state || stopping.signal.aborted) return;
        if (state.running) state.isRerunAsked = true;
        else runNow(state);
      },
      runTurn,
    } satisfies Scheduler);

    fastify.addHook('onReady', async () => {
      isReady = true;
      for (const state of jobs.values()) schedule(state, 0);
    });
    fastify.addHook('onClose', async () => {
      stopping.abort(new Error('the server is closing'));
      for (const state of jobs.values()) clearTimeout(state.timer);
      await Promise.all([...jobs.values()].map((state) => state.running));
    });
  },
  { name: 'scheduler', dependencies: ['db'] },
);
