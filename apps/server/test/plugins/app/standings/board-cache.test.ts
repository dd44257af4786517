import { leaderboardPageSchema, type SeasonConfig } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../../../src/db/database.ts';
import {
  type BoardCache,
  createBoardCache,
  keptPageBytes,
} from '../../../../src/plugins/app/standings/reading/board-cache.ts';
import { serializeBoardPage } from '../../../../src/plugins/app/standings/reading/board-etag.ts';
import type {
  StoredPage,
  ViewerPlace,
} from '../../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { listLeaderboard } from '../../../../src/plugins/app/standings/reading/list-leaderboard.ts';

/** A read that counts how often it runs, answering `answer` after `delayMs`. */
function countedRead<T>(answer: T, delayMs = 0) {
  const read = {
    count: 0,
    load: async () => {
      read.count++;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return answer;
    },
  };
  return read;
}

/** The board cache and the shared answers on their own, without a database. */
describe('the board cache', () => {
  const noDatabase = {} as Parameters<typeof createBoardCache>[0];

  it('keeps pages within its byte bound, the least recently used going first', async () => {
    const row = { rank: 1, fullName: 'x'.repeat(900) };
    const onePage = { version: 'v1', rows: [row] };
    const cache = createBoardCache(noDatabase, { maxPageBytes: 10 * keptPageBytes(onePage) });
    for (let index = 0; index < 50; index++) {
      await cache.page(`page ${index}`, 'v1', async () => ({ version: 'v1', rows: [row] }));
    }
    expect(cache.pageCount).toBeGreaterThan(0);
    expect(cache.pageCount).toBeLessThanOrEqual(10);
    const read = countedRead({ version: 'v1', rows: [row] });
    await cache.page('page 49', 'v1', read.load);
    expect(read.count).toBe(0);
    await cache.page('page 0', 'v1', read.load);
    expect(read.count).toBe(1);
  });

  it('shares one read between concurrent misses and keeps an answer under the version it read', async () => {
    const cache = createBoardCache(noDatabase);
    const read = countedRead({ version: 'v2', rows: [] }, 20);
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.page('p', 'v1', read.load)));
    expect(read.count).toBe(1);
    expect(answers.every((answer) => answer.version === 'v2')).toBe(true);
    // Kept under v2, the board it came from, never under v1.
    await cache.page('p', 'v2', read.load);
    expect(read.count).toBe(1);
    await cache.page('p', 'v1', read.load);
    expect(read.count).toBe(2);
  });

  it('forgets a viewer, and does not keep a read that started before they changed', async () => {
    const cache = createBoardCache(noDatabase);
    const read = countedRead({ version: 'v1', country: 'Ireland' });
    await cache.viewer('u1', 's', 'v1', read.load);
    await cache.viewer('u1', 's', 'v1', read.load);
    expect(read.count).toBe(1);
    cache.forgetViewer('u1');
    await cache.viewer('u1', 's', 'v1', read.load);
    expect(read.count).toBe(2);
    // Another board version is another read.
    await cache.viewer('u1', 's', 'v2', async () => ({ version: 'v2', country: 'Ireland' }));
    const slow = cache.viewer('u1', 's', 'v3', async () => {
      cache.forgetViewer('u1');
      return { version: 'v3', country: 'Ireland' };
    });
    await slow;
    await cache.viewer('u1', 's', 'v3', read.load);
    expect(read.count).toBe(3);
  });
});

describe('a page every viewer shares', () => {
  const stored: StoredPage = {
    rows: [
      {
        rank: 1,
        userId: 'u-top',
        fullName: 'Tia Top',
        country: 'Ireland',
        club: 'Arsenal',
        totalGoals: 21,
        status: 'safe',
      },
    ],
    total: 1,
    isTotalCapped: false,
    computedFor: new Date('2026-01-05T12:00:00Z'),
    version: 'v1',
  };
  const place = (isRanked: boolean): ViewerPlace => ({
    country: 'Ireland',
    club: 'Arsenal',
    isMember: true,
    ranked: isRanked ? { country: 'Ireland', club: 'Arsenal' } : null,
    lastPlaceMs: 2_000,
    lostBoardRebuildMs: null,
    version: 'v1',
  });
  // Only what listLeaderboard asks of the cache: one board version, one stored page.
  const boards = (isRanked: boolean) =>
    ({
      version: async () => 'v1',
      refreshVersion: async () => 'v1',
      viewer: async () => place(isRanked),
      page: async () => stored,
    }) as unknown as BoardCache;
  const list = (viewerId: string, isRanked: boolean) =>
    listLeaderboard({
      db: {} as Executor,
      boards: boards(isRanked),
      season: { id: '2025-26', gameweeks: [] } as unknown as SeasonConfig,
      viewerId,
      type: 'global',
      page: 1,
      pageSize: 25,
      isMeOnly: false,
      refreshDelayMs: 5_000,
    });

  it("is built once per notice and never carries one viewer's notice to another", async () => {
    const ranked = await list('u-ranked', true);
    const waiting = await list('u-waiting', false);
    expect(ranked.viewerPending).toBeNull();
    expect(waiting.viewerPending).toEqual({ withinSeconds: 9 });
    expect(waiting.rows).toEqual(ranked.rows);
    expect(ranked.rows[0]).toMatchObject({ fullName: 'Tia Top', isYou: false });
    // The same answer object again, so its JSON and ETag are made once (board-etag.ts).
    expect(await list('u-other-ranked', true)).toBe(ranked);
    expect(await list('u-other-waiting', false)).toBe(waiting);
    const etag = serializeBoardPage(ranked, leaderboardPageSchema).etag;
    expect(serializeBoardPage(ranked, leaderboardPageSchema).etag).toBe(etag);
    expect(serializeBoardPage(waiting, leaderboardPageSchema).etag).not.toBe(etag);
  });
});
