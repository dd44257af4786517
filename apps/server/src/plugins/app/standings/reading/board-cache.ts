import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../../../db/database.ts';
import { readBoardVersion } from './leaderboard-repository.ts';

/** The channel of migration 0017's trigger: a season's stored board was swapped. */
export const BOARD_VERSIONS_CHANNEL = 'board_versions';

/** What is kept of each viewer: their place on the boards, and their own picks beside their row. */
export type ViewerPart = 'place' | 'picks';
const VIEWER_PARTS: readonly ViewerPart[] = ['place', 'picks'];

/** A value read from one stored board, labelled with that board's version. */
export interface Versioned {
  version: string;
}

export interface BoardCacheOptions {
  /** Board pages kept at most, counted in bytes of memory as `keptPageBytes` over-counts them. */
  maxPageBytes?: number;
  /** Viewers' places on the board kept at most. */
  maxViewers?: number;
  /**
   * How old the known version of a board may grow before it is read again in the background:
   * the bound on serving an old board should the swap's message be lost.
   */
  versionMaxAgeMs?: number;
}

export interface BoardCache {
  /** The version of the season's stored board this instance serves (from memory, read when unknown). */
  version(seasonId: string): Promise<string>;
  /** Reads the version again now (a swap here, or a read that met another board). */
  refreshVersion(seasonId: string): Promise<string>;
  /**
   * What every viewer of the same request sees (a page's rows and total), or one viewer's under
   * a key that names them (whether a league's standings hold them), for board `version`:
   * from memory, or from `load`, kept under the version `load` read (shared by concurrent misses).
   */
  page<T extends Versioned>(key: string, version: string, load: () => Promise<T>): Promise<T>;
  /**
   * What one viewer sees of the season's board `version` (`part`: their place, or their own
   * picks), forgotten when their profile or account changes (a squad save changes the profile).
   */
  viewer<T extends Versioned>(
    userId: string,
    seasonId: string,
    version: string,
    load: () => Promise<T>,
    part?: ViewerPart,
  ): Promise<T>;
  /** Forgets the known versions: each is read again by the next request that needs it. */
  forgetVersions(): void;
  /** Forgets what is kept of a viewer (undefined: of every viewer). */
  forgetViewer(userId: string | undefined): void;
  /** Forgets every page (a member's rows left the stored board without a swap: a deleted account). */
  forgetPages(): void;
  /** The shared pages held now (for tests and the benchmark). */
  readonly pageCount: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    boardCache: BoardCache;
  }
}

/**
 * Board pages from memory (decision 016). A stored board changes only at a recompute's swap, so
 * what a request reads from it is kept under the board's version, which each instance learns
 * from the swap's NOTIFY (and reads again at least every `versionMaxAgeMs`, or when a read
 * meets another version). Nothing of an old version is served once the new one is known.
 */
export function createBoardCache(db: Executor, options: BoardCacheOptions = {}): BoardCache {
  const versions = boardVersions(db, options.versionMaxAgeMs ?? 5_000);
  const pages = keptPages(options.maxPageBytes ?? 256 * 1024 * 1024);
  const viewers = keptViewers(options.maxViewers ?? 100_000);
  return {
    version: versions.version,
    refreshVersion: versions.refreshVersion,
    page: pages.page,
    viewer: viewers.viewer,
    forgetPages: pages.forgetPages,
    forgetVersions: versions.forgetVersions,
    forgetViewer: viewers.forgetViewer,
    get pageCount() {
      return pages.count();
    },
  };
}

/** The version each season's board is known at, read when unknown or older than `versionMaxAgeMs`. */
function boardVersions(
  db: Executor,
  versionMaxAgeMs: number,
): Pick<BoardCache, 'version' | 'refreshVersion' | 'forgetVersions'> {
  const versions = new Map<string, { version: string; readAt: number }>();
  const versionReads = new Map<string, Promise<string>>();

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
    async version(seasonId) {
      const known = versions.get(seasonId);
      if (!known) return refreshVersion(seasonId);
      // An old answer is still served while it is read again (the swap's message is the rule).
      if (performance.now() - known.readAt > versionMaxAgeMs) refreshVersion(seasonId).catch(() => {});
      return known.version;
    },
    refreshVersion,
    forgetVersions() {
      versions.clear();
    },
  };
}

/** The shared pages, kept under their board's version up to `maxPageBytes` (`keptPageBytes`). */
function keptPages(maxPageBytes: number): Pick<BoardCache, 'page' | 'forgetPages'> & { count(): number } {
  const pages = new LRUCache<string, Versioned>({
    maxSize: maxPageBytes,
    sizeCalculation: (value) => keptPageBytes(value),
  });
  const loading = new Map<string, Promise<Versioned>>();
  let pagesForgottenAt = 0;
  return {
    async page<T extends Versioned>(key: string, version: string, load: () => Promise<T>): Promise<T> {
      const cached = pages.get(`${version}|${key}`);
      if (cached) return cached as T;
      const loadKey = `${version}|${key}`;
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
    forgetPages() {
      pagesForgottenAt = performance.now();
      pages.clear();
    },
    count() {
      return pages.size;
    },
  };
}

/** What is kept of each viewer (`ViewerPart`), up to `maxViewers`, until they change. */
function keptViewers(maxViewers: number): Pick<BoardCache, 'viewer' | 'forgetViewer'> {
  const viewers = new LRUCache<string, Versioned>({ max: maxViewers });
  /** When each viewer was last forgotten, for reads that started before it. */
  const forgottenAt = new LRUCache<string, number>({ max: maxViewers, ttl: 60_000 });
  /** The seasons viewers are kept for (one, nearly always). */
  const viewerSeasons = new Set<string>();
  let allForgottenAt = 0;
  return {
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
    forgetViewer(userId) {
      if (userId === undefined) {
        allForgottenAt = performance.now();
        viewers.clear();
        return;
      }
      forgottenAt.set(userId, performance.now());
      for (const seasonId of viewerSeasons) {
        for (const part of VIEWER_PARTS) viewers.delete(`${seasonId}|${userId}|${part}`);
      }
    },
  };
}

/**
 * What `read` answers from the board version this instance serves. A read that met another
 * board (any of the `versions` it read) means a swap this instance has not heard of yet: the
 * version is read again and `read` asked again, so an answer never mixes two boards.
 */
export async function readOnOneBoard<Answer>(
  boards: BoardCache,
  seasonId: string,
  read: (version: string) => Promise<{ answer: Answer; versions: string[] }>,
): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const version = await boards.version(seasonId);
    const { answer, versions } = await read(version);
    if (versions.every((met) => met === version) || attempt === MAX_ONE_BOARD_ATTEMPTS) return answer;
    await boards.refreshVersion(seasonId);
  }
}

/** Swaps are tens of seconds apart: a second read finds one board; a third is for the unlucky. */
const MAX_ONE_BOARD_ATTEMPTS = 3;

/**
 * The memory a kept page takes at most, with the answers made from it and kept with it
 * (board-etag.ts: the shared answer, its JSON and compressed forms, and the last answer with a
 * viewer's own row in it and its own): counted once as it is kept, from its JSON length.
 * Measured in Node 20 (decision 016; figures: docs/benchmarks/board-cache.md), a page takes a few
 * times its JSON length, more with a viewer's own answer too, and Show Me Only's page of one row
 * a few kilobytes: this counts more than either, so the bound holds the memory, not just the rows.
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
