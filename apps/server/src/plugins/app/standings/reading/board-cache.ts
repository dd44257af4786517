import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../../../db/database.ts';
import { readBoardVersion } from './leaderboard-repository.ts';

type Versioned = { version: string };

export interface BoardCacheOptions {
  /** In bytes as `keptPageBytes` over-counts them. */
  maxPageBytes?: number;
  maxViewers?: number;
  /** How old a known version may grow before it is read again: the bound should a swap's message be lost. */
  versionMaxAgeMs?: number;
}

export type BoardCache = ReturnType<typeof createBoardCache>;

declare module 'fastify' {
  interface FastifyInstance {
    boardCache: BoardCache;
  }
}

/** Board pages kept under their board version (decision 016), learnt from a NOTIFY, a read, or its age. */
export function createBoardCache(db: Executor, options: BoardCacheOptions = {}) {
  return Object.assign(
    keptPages(options.maxPageBytes ?? 256 * 1024 * 1024),
    boardVersions(db, options.versionMaxAgeMs ?? 5_000),
    keptViewers(options.maxViewers ?? 100_000),
  );
}

function boardVersions(db: Executor, versionMaxAgeMs: number) {
  const versions = new Map<string, { version: string; readAt: number }>();
  const versionReads = new Map<string, Promise<string>>();
  /** Reads the version again now (a swap, or a read that met another board). */
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
    async version(seasonId: string): Promise<string> {
      const known = versions.get(seasonId);
      if (!known) return refreshVersion(seasonId);
      // An old answer is still served while it is read again (the swap's message is the rule).
      if (performance.now() - known.readAt > versionMaxAgeMs) refreshVersion(seasonId).catch(() => {});
      return known.version;
    },
    refreshVersion,
    forgetVersions: (): void => versions.clear(),
  };
}

function keptPages(maxPageBytes: number) {
  const pages = new LRUCache<string, Versioned>({ maxSize: maxPageBytes, sizeCalculation: keptPageBytes });
  const loading = new Map<string, Promise<Versioned>>();
  let pagesForgottenAt = 0;
  return {
    /** What a request reads of board `version`: from memory, or `load`, kept under the version it read. */
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
    /** Rows left the stored board without a swap (a deleted account). */
    forgetPages(): void {
      pagesForgottenAt = performance.now();
      pages.clear();
    },
    /** The pages held now (for tests and the benchmark). */
    get pageCount() {
      return pages.size;
    },
  };
}

function keptViewers(maxViewers: number) {
  const viewers = new LRUCache<string, Versioned>({ max: maxViewers });
  /** When each viewer was last forgotten, for reads that started before it. */
  const forgottenAt = new LRUCache<string, number>({ max: maxViewers, ttl: 60_000 });
  const viewerSeasons = new Set<string>();
  let allForgottenAt = 0;
  return {
    /** What one viewer sees of board `version` (their place, or their picks), until their profile changes. */
    async viewer<T extends Versioned>(
      userId: string,
      seasonId: string,
      version: string,
      load: () => Promise<T>,
      part: 'place' | 'picks' = 'place',
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
    /** Undefined: every viewer. */
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

/** What `read` answers of the version served; a read that met another version (a swap) is tried again. */
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

/** A kept page with its answers (board-etag.ts) measured a few times its JSON (docs/benchmarks/board-cache.md). */
export function keptPageBytes(value: Versioned): number {
  return JSON.stringify(value).length * 10 + 4096;
}

/** `fastify.boardCache`, told of every swap and of every change to a viewer's account or profile. */
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
    // Migration 0017's trigger: a season's stored board was swapped.
    const unlisten = await fastify.database.listen(
      'board_versions',
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
