import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../../../db/database.ts';
import { readBoardVersion } from './leaderboard-repository.ts';

/** The channel of migration 0017's trigger: a season's stored board was swapped. */
const BOARD_VERSIONS_CHANNEL = 'board_versions';

/** What is kept of each viewer: their place on the boards, and their own picks beside their row. */
type ViewerPart = 'place' | 'picks';

/** A value read from one stored board, labelled with that board's version. */
interface Versioned {
  version: string;
}

export interface BoardCacheOptions {
  /** Board pages kept at most, in bytes as `keptPageBytes` over-counts them. */
  maxPageBytes?: number;
  /** Viewers kept at most. */
  maxViewers?: number;
  /** How old a known board version may grow before it is read again: the bound should a swap's message be lost. */
  versionMaxAgeMs?: number;
}

export type BoardCache = ReturnType<typeof createBoardCache>;

declare module 'fastify' {
  interface FastifyInstance {
    boardCache: BoardCache;
  }
}

/**
 * Board pages from memory (decision 016), kept under the version of the board they were read
 * from. Each instance learns a new version from the swap's NOTIFY, at least every
 * `versionMaxAgeMs`, or when a read meets another one; nothing of an old version is served
 * once the new one is known.
 */
export function createBoardCache(db: Executor, options: BoardCacheOptions = {}) {
  const pages = keptPages(options.maxPageBytes ?? 256 * 1024 * 1024);
  return {
    ...boardVersions(db, options.versionMaxAgeMs ?? 5_000),
    ...keptViewers(options.maxViewers ?? 100_000),
    page: pages.page,
    forgetPages: pages.forgetPages,
    /** The shared pages held now (for tests and the benchmark). */
    get pageCount() {
      return pages.count();
    },
  };
}

function boardVersions(db: Executor, versionMaxAgeMs: number) {
  const versions = new Map<string, { version: string; readAt: number }>();
  const versionReads = new Map<string, Promise<string>>();

  /** Reads the version again now (a swap, or a read that met another board); concurrent calls share it. */
  function refreshVersion(seasonId: string): Promise<string> {
    const running = versionReads.get(seasonId);
    if (running) return running;
    const readAt = performance.now();
    const read = readBoardVersion(db, seasonId)
      .then((version) => {
        versions.set(seasonId, { version, readAt });
        return version;
      })
      .finally(() => versionReads.delete(seasonId));
    versionReads.set(seasonId, read);
    return read;
  }

  return {
    /** The version of the season's stored board this instance serves. */
    async version(seasonId: string): Promise<string> {
      const known = versions.get(seasonId);
      if (!known) return refreshVersion(seasonId);
      // An old answer is still served while it is read again (the swap's message is the rule).
      if (performance.now() - known.readAt > versionMaxAgeMs) refreshVersion(seasonId).catch(() => {});
      return known.version;
    },
    refreshVersion,
    /** Each version is read again by the next request that needs it. */
    forgetVersions(): void {
      versions.clear();
    },
  };
}

function keptPages(maxPageBytes: number) {
  const pages = new LRUCache<string, Versioned>({ maxSize: maxPageBytes, sizeCalculation: keptPageBytes });
  const loading = new Map<string, Promise<Versioned>>();
  let pagesForgottenAt = 0;
  return {
    /**
     * What every viewer of the same request sees (or one viewer's, under a key naming them) of
     * board `version`: from memory, or from `load` (shared by concurrent misses), kept under the
     * version `load` read.
     */
    async page<T extends Versioned>(key: string, version: string, load: () => Promise<T>): Promise<T> {
      const loadKey = `${version}|${key}`;
      const cached = pages.get(loadKey);
      if (cached) return cached as T;
      const running = loading.get(loadKey);
      if (running) return running as Promise<T>;
      const startedAt = performance.now();
      const read = load()
        .then((value) => {
          if (pagesForgottenAt < startedAt) pages.set(`${value.version}|${key}`, value);
          return value;
        })
        .finally(() => loading.delete(loadKey));
      loading.set(loadKey, read);
      return read;
    },
    /** A member's rows left the stored board without a swap (a deleted account). */
    forgetPages(): void {
      pagesForgottenAt = performance.now();
      pages.clear();
    },
    count: () => pages.size,
  };
}

function keptViewers(maxViewers: number) {
  const viewers = new LRUCache<string, Versioned>({ max: maxViewers });
  /** When each viewer was last forgotten, for reads that started before it. */
  const forgottenAt = new LRUCache<string, number>({ max: maxViewers, ttl: 60_000 });
  const viewerSeasons = new Set<string>();
  let allForgottenAt = 0;
  return {
    /** What one viewer sees of board `version` (`part`), kept until their profile or account changes. */
    async viewer<T extends Versioned>(
      userId: string,
      seasonId: string,
      version: string,
      load: () => Promise<T>,
      part: ViewerPart = 'place',
    ): Promise<T> {
      const key = `${seasonId}|${userId}|${part}`;
      viewerSeasons.add(seasonId);
      const cached = viewers.get(key);
      if (cached && cached.version === version) return cached as T;
      const startedAt = performance.now();
      const value = await load();
      const isForgotten = (forgottenAt.get(userId) ?? 0) >= startedAt || allForgottenAt >= startedAt;
      if (!isForgotten) viewers.set(key, value);
      return value;
    },
    /** Forgets what is kept of a viewer (undefined: of every viewer). */
    forgetViewer(userId: string | undefined): void {
      if (userId === undefined) {
        allForgottenAt = performance.now();
        viewers.clear();
        return;
      }
      forgottenAt.set(userId, performance.now());
      for (const seasonId of viewerSeasons) {
        for (const part of ['place', 'picks']) viewers.delete(`${seasonId}|${userId}|${part}`);
      }
    },
  };
}

/**
 * What `read` answers from the board version this instance serves. A read that met another
 * version (`versions`) means a swap not heard of yet: the version is read again and `read` asked
 * again, so an answer never mixes two boards. Swaps are tens of seconds apart: a third attempt
 * is for the unlucky.
 */
export async function readOnOneBoard<Answer>(
  boards: BoardCache,
  seasonId: string,
  read: (version: string) => Promise<{ answer: Answer; versions: string[] }>,
): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const version = await boards.version(seasonId);
    const { answer, versions } = await read(version);
    if (versions.every((met) => met === version) || attempt === 3) return answer;
    await boards.refreshVersion(seasonId);
  }
}

/**
 * The memory a kept page takes at most, with the answers made from it and kept with it
 * (board-etag.ts), from its JSON length: measured in Node 20 at a few times that length
 * (docs/benchmarks/board-cache.md), so the bound holds the memory, not just the rows.
 */
export function keptPageBytes(value: Versioned): number {
  return JSON.stringify(value).length * 10 + 4096;
}

/**
 * `fastify.boardCache`: told of every swap through the database (migration 0017's trigger) and
 * of every change to a viewer's account or profile (`fastify.accountChanges`).
 */
export const boardCachePlugin = fp<BoardCacheOptions>(
  async (fastify, options) => {
    const cache = createBoardCache(fastify.db, options);
    fastify.decorate('boardCache', cache);
    fastify.accountChanges.subscribe(({ userId, isDeleted }) => {
      cache.forgetViewer(userId);
      if (isDeleted) cache.forgetPages();
    });
    const log = (error: unknown) =>
      fastify.log.warn({ err: error }, 'Could not read the stored board version');
    const unlisten = await fastify.database.listen(
      BOARD_VERSIONS_CHANNEL,
      (seasonId) => {
        if (seasonId) cache.refreshVersion(seasonId).catch(log);
      },
      // Swaps may have been missed while the connection was down: look again at once.
      { onReconnect: () => cache.forgetVersions() },
    );
    fastify.addHook('onClose', async () => {
      // The database may be gone already (an outage, or closed first): nothing left to stop then.
      await unlisten().catch((error: unknown) =>
        fastify.log.debug({ err: error }, 'Could not stop listening for board swaps'),
      );
    });
  },
  { name: 'board-cache', dependencies: ['db', 'auth'] },
);
