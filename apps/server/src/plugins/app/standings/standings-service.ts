import { isAppErrorWithReason, type SeasonConfig } from '@hit21/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import type { Job } from '../scheduler/scheduler.ts';
import { standingsStaleReason } from './freshness/standings-freshness.ts';
import type { StaleReason } from './model.ts';
import { type PlaceResult, placeMemberChanges } from './placing/place-member-changes.ts';
import { type RecomputeResult, recomputeStandings } from './rebuilding/recompute-standings.ts';

export type RefreshResult = { status: 'fresh' } | ((RecomputeResult | PlaceResult) & { reason: StaleReason });

export interface StandingsService {
  /** Checks the stored board now, and places or rebuilds it when stale; resolves when that is done. */
  refresh(): Promise<RefreshResult>;
  /**
   * Runs both jobs soon: calls within the debounce share one turn, and a call during a check has
   * one more run after it. Never throws (failures are logged).
   */
  requestRefresh(): void;
  /** The active season (`fastify.activeSeason`), for the routes that already hold this service. */
  activeSeason(): Promise<SeasonConfig>;
  /** The longest a change to squads, members or goals waits before a check notices it. */
  refreshDelayMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    standings: StandingsService;
  }
}

export interface StandingsPluginOptions {
  /** How often the stored board is checked against the clock, goals, squads and members. */
  checkIntervalMs?: number;
  /** How long `requestRefresh` waits for more changes before checking. */
  debounceMs?: number;
}

export const STANDINGS_REFRESH_JOB = 'standings-refresh';
/** Places member changes on its own, so that a rebuild under way in the check does not hold them up. */
export const STANDINGS_PLACING_JOB = 'standings-placing';

/** The two jobs (README: the two jobs), run when the server is ready, on an interval and on request. */
export const standingsPlugin = fp<StandingsPluginOptions>(
  async (fastify, options) => {
    const intervalMs = options.checkIntervalMs ?? 5_000;
    const debounceMs = options.debounceMs ?? 1_000;
    const checks = inTurn();
    const placements = inTurn();
    let queued: Promise<RefreshResult> | undefined;
    let debounce: NodeJS.Timeout | undefined;
    let isClosing = false;

    const placeChanges: PlaceChanges = (season, goalsAt) =>
      placements.run(() => placeNow(fastify, season, goalsAt));
    function refresh(): Promise<RefreshResult> {
      queued ??= checks.run(() => {
        queued = undefined;
        return checkAndRecompute(fastify, placeChanges);
      });
      return queued;
    }
    const { standingsPlacingJob, standingsRefreshJob } = ADVISORY_LOCK_KEYS;
    // A change that cannot be placed waits for the check, which rebuilds instead.
    const placeWaiting = async () => placeChanges(await fastify.activeSeason.get());
    addJob(fastify, { name: STANDINGS_PLACING_JOB, lockKey: standingsPlacingJob, intervalMs }, placeWaiting);
    addJob(fastify, { name: STANDINGS_REFRESH_JOB, lockKey: standingsRefreshJob, intervalMs }, refresh);

    fastify.decorate('standings', {
      refresh,
      requestRefresh() {
        if (debounce || isClosing) return;
        debounce = setTimeout(() => {
          debounce = undefined;
          fastify.scheduler.runSoon(STANDINGS_PLACING_JOB);
          fastify.scheduler.runSoon(STANDINGS_REFRESH_JOB);
        }, debounceMs);
        debounce.unref();
      },
      activeSeason: () => fastify.activeSeason.get(),
      refreshDelayMs: intervalMs,
    } satisfies StandingsService);

    fastify.addHook('onClose', async () => {
      isClosing = true;
      clearTimeout(debounce);
      await checks.settled();
      await placements.settled();
    });
  },
  { name: 'standings', dependencies: ['config', 'db', 'scheduler', 'active-season', 'board-cache'] },
);

type PlaceChanges = (season: SeasonConfig, goalsAt?: Date) => Promise<PlaceResult>;

/** Runs tasks one after another, whether or not the one before failed. */
function inTurn() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const run = tail.then(task);
      tail = run.catch(() => {});
      return run;
    },
    settled: () => tail,
  };
}

async function placeNow(
  fastify: FastifyInstance,
  season: SeasonConfig,
  goalsAt?: Date,
): Promise<PlaceResult> {
  const placed = await placeMemberChanges({ database: fastify.database, season, goalsAt });
  if (placed.status === 'placed') {
    await fastify.boardCache.refreshVersion(season.id);
    const reason = goalsAt ? 'goals counted changed' : 'members changed';
    fastify.log.info(
      { standings: { seasonId: season.id, reason, ...placed } },
      `Standings of ${season.id}: ${placed.placed} players placed, ${placed.moved} re-keyed by the goals of ` +
        `${placed.scorersChanged} footballers, ${placed.removed} taken off, in ${placed.durationMs} ms`,
    );
  }
  return placed;
}

async function checkAndRecompute(
  fastify: FastifyInstance,
  placeChanges: PlaceChanges,
): Promise<RefreshResult> {
  const now = fastify.clock();
  const current = await fastify.activeSeason.get();
  const reason = await standingsStaleReason(fastify.db, current, now);
  if (!reason) return { status: 'fresh' };
  // A live goal moves its scorer's pickers alone: they are re-keyed where they stand, not everyone ranked.
  if (reason === 'members changed' || reason === 'goals counted changed') {
    const placed = await placeChanges(current, reason === 'goals counted changed' ? now : undefined);
    if (placed.status !== 'needs rebuild') return { ...placed, reason };
    fastify.log.info(
      { standings: { seasonId: current.id, reason: placed.reason } },
      'Standings rebuilt instead',
    );
  }
  const result = await recomputeStandings({ database: fastify.database, season: current, now, reason });
  if (result.status === 'recomputed') {
    // This instance serves the new board from its next request; the others hear of the swap.
    await fastify.boardCache.refreshVersion(current.id);
    const { method, members, durationMs } = result;
    const how = method === 'rekeyed' ? "the changed scorers' pickers re-keyed" : 'everyone scored';
    fastify.log.info(
      { standings: { seasonId: current.id, reason, method, members, durationMs } },
      `Standings of ${current.id} recomputed (${reason}): ${members} players in ${durationMs} ms, ${how}`,
    );
  }
  return { ...result, reason };
}

/** A scheduler job on the check's interval; before the first season is loaded there is nothing to rank. */
function addJob(fastify: FastifyInstance, job: Omit<Job, 'run'>, work: () => Promise<unknown>): void {
  fastify.scheduler.add({
    ...job,
    async run() {
      try {
        await work();
      } catch (error) {
        if (!isAppErrorWithReason(error, 'SEASON_NOT_LOADED')) throw error;
      }
    },
  });
}
