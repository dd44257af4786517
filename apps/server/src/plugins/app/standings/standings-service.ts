import { AppError, type SeasonConfig } from '@hit21/core';
import fp from 'fastify-plugin';
import { findActiveSeason } from '../season/season-repository.ts';
import { type RecomputeResult, recomputeStandings } from './recompute-standings.ts';
import { type StaleReason, standingsStaleReason } from './standings-freshness.ts';

export type RefreshResult = { status: 'fresh' } | (RecomputeResult & { reason: StaleReason });

export interface StandingsService {
  /** Checks the stored board now and recomputes it when stale; resolves when that is done. */
  refresh(): Promise<RefreshResult>;
  /**
   * The same in the background, soon: calls within the debounce share one check, and a call
   * during a recompute schedules one more check after it. Never throws (failures are logged).
   */
  requestRefresh(): void;
  /** The active season, looked up at most once per check interval. */
  activeSeason(): Promise<SeasonConfig>;
}

declare module 'fastify' {
  interface FastifyInstance {
    standings: StandingsService;
  }
}

export interface StandingsPluginOptions {
  /** How often the stored board is checked against the clock, goals, teams and members. */
  checkIntervalMs?: number;
  /** How long `requestRefresh` waits for more changes before checking. */
  debounceMs?: number;
}

/**
 * Keeps the stored boards current: a check when the server is ready, then on an interval
 * (the clock passing a kick-off or the season's end, a sync in another process), and soon
 * after any `requestRefresh` (a goals sync, a leaderboard read). Reads never wait for it.
 * One check or recompute at a time in this process; the recompute's advisory lock keeps
 * other instances out.
 */
export const standingsPlugin = fp<StandingsPluginOptions>(
  async (fastify, options) => {
    const checkIntervalMs = options.checkIntervalMs ?? 5_000;
    const debounceMs = options.debounceMs ?? 1_000;
    let tail: Promise<unknown> = Promise.resolve();
    let queued: Promise<RefreshResult> | undefined;
    let debounce: NodeJS.Timeout | undefined;
    let season: { value: Promise<SeasonConfig>; expiresAt: number } | undefined;

    function activeSeason(): Promise<SeasonConfig> {
      if (!season || season.expiresAt <= Date.now()) {
        const value = findActiveSeason(fastify.db, fastify.config.SEASON_ID);
        season = { value, expiresAt: Date.now() + checkIntervalMs };
        // A failed look-up (no season loaded yet) is not remembered.
        value.catch(() => {
          if (season?.value === value) season = undefined;
        });
      }
      return season.value;
    }

    async function checkAndRecompute(): Promise<RefreshResult> {
      const now = fastify.clock();
      season = undefined;
      const current = await activeSeason();
      const reason = await standingsStaleReason(fastify.db, current, now);
      if (!reason) return { status: 'fresh' };
      const result = await recomputeStandings({ database: fastify.database, season: current, now });
      if (result.status === 'recomputed') {
        fastify.log.info(
          {
            standings: {
              seasonId: current.id,
              reason,
              members: result.members,
              durationMs: result.durationMs,
            },
          },
          `Standings of ${current.id} recomputed (${reason}): ${result.members} players in ${result.durationMs} ms`,
        );
      }
      return { ...result, reason };
    }

    function refresh(): Promise<RefreshResult> {
      if (queued) return queued;
      const run = tail.then(() => {
        queued = undefined;
        return checkAndRecompute();
      });
      queued = run;
      tail = run.catch(() => {});
      return run;
    }

    function refreshInBackground() {
      refresh().catch((error: unknown) => {
        // Before the first season is loaded there is nothing to rank.
        if (error instanceof AppError && error.code === 'UNAVAILABLE') return;
        fastify.log.error({ err: error }, 'Standings could not be refreshed');
      });
    }

    let isClosing = false;
    fastify.decorate('standings', {
      refresh,
      requestRefresh() {
        if (debounce || isClosing) return;
        debounce = setTimeout(() => {
          debounce = undefined;
          refreshInBackground();
        }, debounceMs);
        debounce.unref();
      },
      activeSeason,
    } satisfies StandingsService);

    let interval: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      refreshInBackground();
      interval = setInterval(refreshInBackground, checkIntervalMs);
      interval.unref();
    });
    fastify.addHook('onClose', async () => {
      isClosing = true;
      clearInterval(interval);
      clearTimeout(debounce);
      await tail;
    });
  },
  { name: 'standings', dependencies: ['config', 'db'] },
);
