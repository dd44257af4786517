import { isAppErrorWithReason, type SeasonConfig } from '@hit21/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ADVISORY_LOCK_KEYS } from '../../../db/advisory-locks.ts';
import { standingsStaleReason } from './freshness/standings-freshness.ts';
import type { StaleReason } from './model.ts';
import { type PlaceResult, placeMemberChanges } from './placing/place-member-changes.ts';
import { type RecomputeResult, recomputeStandings } from './rebuilding/recompute-standings.ts';

export type RefreshResult = { status: 'fresh' } | ((RecomputeResult | PlaceResult) & { reason: StaleReason });

export interface StandingsService {
  /** Checks the stored board now and recomputes it when stale; resolves when that is done. */
  refresh(): Promise<RefreshResult>;
  /**
   * The same in the background, soon, as the scheduler's `standings-refresh` job: calls within
   * the debounce share one check, and a call during a check schedules one more after it. Never
   * throws (failures are logged).
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

/** The scheduler's name for the standings check. */
export const STANDINGS_REFRESH_JOB = 'standings-refresh';
/**
 * The scheduler's name for placing member changes on their own, so that a whole rebuild under
 * way in the check (minutes at ten million players) does not hold them up.
 */
export const STANDINGS_PLACING_JOB = 'standings-placing';

/**
 * Keeps the stored boards current through the scheduler's `standings-refresh` job: a check when
 * the server is ready, then on an interval (the clock passing a kick-off or the season's end, a
 * change in another instance), and soon after any `requestRefresh` (a squad saved, a goals sync,
 * a leaderboard read); it places member changes and the pickers of footballers whose goals
 * changed on the boards, or rebuilds them when that cannot be done. The
 * `standings-placing` job places member changes too, on the same turns, so that they need not
 * wait for a rebuild under way. Reads never wait for either. One run of each at a time across
 * instances (the jobs' locks), one rebuild at a time (the rebuild's own lock, which scripts take
 * too) and one placement at a time (the placing lock).
 */
export const standingsPlugin = fp<StandingsPluginOptions>(
  async (fastify, options) => {
    const checkIntervalMs = options.checkIntervalMs ?? 5_000;
    const debounceMs = options.debounceMs ?? 1_000;
    let tail: Promise<unknown> = Promise.resolve();
    let queued: Promise<RefreshResult> | undefined;
    let debounce: NodeJS.Timeout | undefined;
    const activeSeason = () => fastify.activeSeason.get();
    const placer = createPlacer(fastify);

    function refresh(): Promise<RefreshResult> {
      if (queued) return queued;
      const run = tail.then(() => {
        queued = undefined;
        return checkAndRecompute(fastify, placer.placeChanges);
      });
      queued = run;
      tail = run.catch(() => {});
      return run;
    }

    addStandingsJobs(fastify, { checkIntervalMs, placeChanges: placer.placeChanges, refresh });

    let isClosing = false;
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
      activeSeason,
      refreshDelayMs: checkIntervalMs,
    } satisfies StandingsService);

    fastify.addHook('onClose', async () => {
      isClosing = true;
      clearTimeout(debounce);
      await tail;
      await placer.settled();
    });
  },
  { name: 'standings', dependencies: ['config', 'db', 'scheduler', 'active-season', 'board-cache'] },
);

type PlaceChanges = (season: SeasonConfig, goalsAt?: Date) => Promise<PlaceResult>;

/** The placements of this instance, one after another (the check's and the placing job's). */
function createPlacer(fastify: FastifyInstance): { placeChanges: PlaceChanges; settled(): Promise<unknown> } {
  let placing: Promise<unknown> = Promise.resolve();
  return {
    /** Places the member changes waiting on the stored board (place-member-changes.ts). */
    placeChanges(season, goalsAt) {
      const run = placing.then(() => placeNow(fastify, season, goalsAt));
      placing = run.catch(() => {});
      return run;
    },
    settled: () => placing,
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
      `Standings of ${season.id}: ${placed.placed} players placed (${placed.moved} moved by the goals of ` +
        `${placed.scorersChanged} footballers), ${placed.removed} taken off, in ${placed.durationMs} ms`,
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
  // A live goal moves its scorer's pickers alone: they are placed again, not everyone ranked.
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
    fastify.log.info(
      {
        standings: {
          seasonId: current.id,
          reason,
          method: result.method,
          members: result.members,
          durationMs: result.durationMs,
        },
      },
      `Standings of ${current.id} recomputed (${reason}): ${result.members} players in ${result.durationMs} ms, ${result.method === 'rekeyed' ? "the changed scorers' pickers re-keyed" : 'everyone scored'}`,
    );
  }
  return { ...result, reason };
}

/** The scheduler's two jobs: placing member changes, and the standings check. */
function addStandingsJobs(
  fastify: FastifyInstance,
  jobs: { checkIntervalMs: number; placeChanges: PlaceChanges; refresh: () => Promise<RefreshResult> },
): void {
  fastify.scheduler.add({
    name: STANDINGS_PLACING_JOB,
    intervalMs: jobs.checkIntervalMs,
    lockKey: ADVISORY_LOCK_KEYS.standingsPlacingJob,
    async run() {
      try {
        // A change that cannot be placed waits for the check, which rebuilds instead.
        await jobs.placeChanges(await fastify.activeSeason.get());
      } catch (error) {
        if (isAppErrorWithReason(error, 'SEASON_NOT_LOADED')) return;
        throw error;
      }
    },
  });

  fastify.scheduler.add({
    name: STANDINGS_REFRESH_JOB,
    intervalMs: jobs.checkIntervalMs,
    lockKey: ADVISORY_LOCK_KEYS.standingsRefreshJob,
    async run() {
      try {
        await jobs.refresh();
      } catch (error) {
        // Before the first season is loaded there is nothing to rank.
        if (isAppErrorWithReason(error, 'SEASON_NOT_LOADED')) return;
        throw error;
      }
    },
  });
}
