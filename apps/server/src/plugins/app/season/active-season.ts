import type { SeasonConfig } from '@hit21/core';
import fp from 'fastify-plugin';
import { findActiveSeason } from './season-repository.ts';

export interface ActiveSeason {
  /**
   * The season the product plays, read from the database at most once per `ttlMs` and shared
   * by every request in between (a request path no longer looks it up once per step).
   */
  get(): Promise<SeasonConfig>;
  /** Drops the remembered season, so the next `get` reads it again (after loading season data). */
  forget(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    activeSeason: ActiveSeason;
  }
}

export interface ActiveSeasonPluginOptions {
  /**
   * How long a read season is trusted, in real milliseconds. Season rows change only when
   * season data is loaded (at start-up or by a script), so this bounds how long another
   * instance's load takes to be seen here.
   */
  ttlMs?: number;
}

/** `fastify.activeSeason`: one cached look-up of the active season for every route and job. */
export const activeSeasonPlugin = fp<ActiveSeasonPluginOptions>(
  async (fastify, options) => {
    const ttlMs = options.ttlMs ?? 60_000;
    let remembered: { value: Promise<SeasonConfig>; expiresAt: number } | undefined;

    fastify.decorate('activeSeason', {
      get() {
        // Real time, not the game clock: a pinned or demo clock must not freeze the cache.
        if (!remembered || remembered.expiresAt <= Date.now()) {
          const value = findActiveSeason(fastify.db, fastify.config.SEASON_ID);
          remembered = { value, expiresAt: Date.now() + ttlMs };
          // A failed look-up (no season loaded yet) is not remembered.
          value.catch(() => {
            if (remembered?.value === value) remembered = undefined;
          });
        }
        return remembered.value;
      },
      forget() {
        remembered = undefined;
      },
    } satisfies ActiveSeason);
  },
  { name: 'active-season', dependencies: ['config', 'db'] },
);
