import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../../../db/database.ts';
import { addRequestCounts, deleteRequestCountsBefore } from './request-counts-repository.ts';

/** How often an instance adds its new hits to the shared counts and learns the others' back. */
const SYNC_INTERVAL_MS = 1_000;
/**
 * Clients counted per window by one instance, at most. Past it a new client goes uncounted
 * until the window ends: a per-client limit cannot stop that many clients anyway, and the
 * memory stays bounded.
 */
const MAX_CLIENTS_PER_WINDOW = 100_000;

interface ClientCount {
  /** This instance's hits in the window. */
  own: number;
  /** Of those, the hits already added to the shared count. */
  synced: number;
  /** Every other instance's hits, as of the last sync. */
  others: number;
}

export interface SharedRequestCounts {
  /** The store for @fastify/rate-limit's `store` option. */
  Store: FastifyRateLimitStoreCtor;
  /** Adds this instance's new hits to the shared counts now (the timer does it every second). */
  sync(): Promise<void>;
  /** Stops the timer after a last sync. */
  close(): Promise<void>;
}

/**
 * The API's per-client request limit counted across every instance on one PostgreSQL database.
 * Each instance counts its own requests in memory, in windows aligned to the clock, and once a
 * second adds its new hits to the client's row of the window (`api_request_counts`) and reads
 * the total back. So a client is held to the limit across instances, give or take a second of
 * its requests per instance, and no request waits for the database. When the database cannot
 * be reached the hits stay counted here and are added at the next sync that works.
 */
export function createSharedRequestCounts(
  db: Database,
  options: { onSyncError(error: unknown): void },
): SharedRequestCounts {
  /** Window start (ms) → client key → counts; only the current window and the one before. */
  const windows = new Map<number, Map<string, ClientCount>>();
  let syncing: Promise<void> | undefined;
  let lastCleanup = 0;

  function countsOf(windowStart: number): Map<string, ClientCount> {
    let counts = windows.get(windowStart);
    if (!counts) {
      counts = new Map();
      windows.set(windowStart, counts);
      for (const start of windows.keys()) if (start < windowStart - 60_000) windows.delete(start);
    }
    return counts;
  }

  function incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    const now = Date.now();
    const windowStart = Math.floor(now / timeWindow) * timeWindow;
    const ttl = windowStart + timeWindow - now;
    const counts = countsOf(windowStart);
    let count = counts.get(key);
    if (!count) {
      if (counts.size >= MAX_CLIENTS_PER_WINDOW) return callback(null, { current: 1, ttl });
      count = { own: 0, synced: 0, others: 0 };
      counts.set(key, count);
    }
    count.own += 1;
    callback(null, { current: count.own + count.others, ttl });
  }

  function read(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    const now = Date.now();
    const windowStart = Math.floor(now / timeWindow) * timeWindow;
    const count = windows.get(windowStart)?.get(key);
    callback(
      null,
      count
        ? { current: count.own + count.others, ttl: windowStart + timeWindow - now }
        : { current: 0, ttl: 0 },
    );
  }

  async function syncNow(): Promise<void> {
    const taken: { count: ClientCount; clientKey: string; windowStart: Date; hits: number }[] = [];
    for (const [windowStart, counts] of windows) {
      for (const [clientKey, count] of counts) {
        const hits = count.own - count.synced;
        if (hits === 0) continue;
        count.synced += hits;
        taken.push({ count, clientKey, windowStart: new Date(windowStart), hits });
      }
    }
    if (taken.length === 0) return;
    try {
      const totals = await addRequestCounts(db, taken);
      const totalOf = new Map(
        totals.map((total) => [`${total.windowStart.getTime()} ${total.clientKey}`, total.hits]),
      );
      for (const { count, clientKey, windowStart } of taken) {
        const total = totalOf.get(`${windowStart.getTime()} ${clientKey}`);
        if (total !== undefined) count.others = Math.max(0, total - count.synced);
      }
    } catch (error) {
      // Counted again at the next sync.
      for (const { count, hits } of taken) count.synced -= hits;
      throw error;
    }
    if (Date.now() - lastCleanup > 60_000) {
      lastCleanup = Date.now();
      await deleteRequestCountsBefore(db, new Date(Date.now() - 5 * 60_000));
    }
  }

  function sync(): Promise<void> {
    syncing ??= syncNow().finally(() => {
      syncing = undefined;
    });
    return syncing;
  }

  const timer = setInterval(() => sync().catch(options.onSyncError), SYNC_INTERVAL_MS);
  timer.unref();

  /** A route with limits of its own counts apart from the rest (@fastify/rate-limit's `child`). */
  function storeFor(prefix: string): FastifyRateLimitStore & { read: typeof read } {
    return {
      incr: (key, callback, timeWindow) => incr(`${prefix}${key}`, callback, timeWindow),
      read: (key, callback, timeWindow) => read(`${prefix}${key}`, callback, timeWindow),
      child: (routeOptions) => storeFor(`${routeOptions.method} ${routeOptions.url} `),
    };
  }
  const Store = function SharedStore() {
    return storeFor('');
  } as unknown as FastifyRateLimitStoreCtor;

  return {
    Store,
    sync,
    async close() {
      clearInterval(timer);
      await sync().catch(options.onSyncError);
    },
  };
}
