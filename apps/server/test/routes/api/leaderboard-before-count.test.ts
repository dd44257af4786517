import type { LeaderboardPage } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import { addPopulation } from '../../../bench/standings-population.ts';
import { createBoardCache } from '../../../src/plugins/app/standings/reading/board-cache.ts';
import {
  type Board,
  readLeaderboardPage,
  readPageBeforeCount,
  rosterVersionOf,
} from '../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { listLeaderboard } from '../../../src/plugins/app/standings/reading/list-leaderboard.ts';
import { requestBoardRebuild } from '../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { completeOnboarding, ORIGIN, signUp } from '../../support/accounts.ts';
import { setUpTestApp } from '../../support/build-test-app.ts';
import { saveSquadByNames } from '../../support/squads.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const SEASON = '2025-26';
const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_20 = '2026-01-05T12:00:00Z';
const CROWD = 600;
/** The app's walk before a count: most of the board, but not all of it (CROWD + the viewer). */
const WALK_ROWS = 500;
const PAGE_SIZE = 25;
const GLOBAL: Board = { kind: 'global' };
const COUNTRY: Board = { kind: 'country', country: 'United Kingdom' };

/**
 * A search's page answered before its matches are counted (`readPageBeforeCount`), then with
 * its count once the background count is in.
 */
describe.each(ENGINES)("a search's page before its count on %s", (engine) => {
  let now = BEFORE_DEADLINE;
  const context = setUpTestApp(engine, {
    prepare: true,
    clock: () => new Date(now),
    boards: { uncountedWalkRows: WALK_ROWS },
  });
  const viewer = { cookie: '', id: '' };
  const db = () => context.database.db;

  const ask = async (url: string): Promise<LeaderboardPage> => {
    const response = await context.app.inject({
      method: 'GET',
      url,
      headers: { origin: ORIGIN, cookie: viewer.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** The page as a read that counts every match answers it. */
  const countedPage = (board: Board, search: string, page: number) =>
    readLeaderboardPage(db(), { seasonId: SEASON, board, page, pageSize: PAGE_SIZE, search });
  const ranksOf = (rows: readonly { rank: number; userId: string }[]) =>
    rows.map((row) => [row.rank, row.userId]);

  it('is set up: a crowd on a rebuilt board', async () => {
    const fan = await signUp(context.app);
    const onboarded = await completeOnboarding(context.app, fan.cookie, 'Cora Counted');
    Object.assign(viewer, { cookie: fan.cookie, id: onboarded.id });
    await saveSquadByNames(context.app, db(), fan.cookie);
    await addPopulation(db(), { seasonId: SEASON, size: CROWD, idPrefix: 'walk' });
    await requestBoardRebuild(db());
    now = AFTER_GAMEWEEK_20;
    await context.app.standings.refresh();
    expect((await countedPage(GLOBAL, 'a', 1)).total).toBeGreaterThan(0);
  });

  it('finds the page along the walk, reads the whole board within it, or leaves the search to be counted', async () => {
    const outcomes = { found: 0, wholeBoard: 0, toCount: 0 };
    // Three letters or more that match whole countries or clubs: counted with their page.
    const groupSearches = ['united', 'kingdom'];
    for (const board of [GLOBAL, COUNTRY]) {
      const boardMembers = (
        await readLeaderboardPage(db(), { seasonId: SEASON, board, page: 1, pageSize: PAGE_SIZE })
      ).total;
      for (const search of ['son', 'united', 'a', 'cora counted', 'nobody at all', 'kingdom']) {
        for (const page of [1, 2, 3]) {
          const truth = await countedPage(board, search, page);
          // The board's rank of the page's last match: the rows a walk from the top reads to find it.
          const lastNeeded = truth.rows.length === PAGE_SIZE ? (truth.rows.at(-1)?.rank ?? 0) : Infinity;
          for (const walkRows of [10, 60, 150, boardMembers - 1, boardMembers, 1_000]) {
            const label = JSON.stringify({ board, search, page, walkRows });
            const walked = await readPageBeforeCount(db(), {
              seasonId: SEASON,
              board,
              page,
              pageSize: PAGE_SIZE,
              search,
              walkRows,
            });
            if (groupSearches.includes(search)) {
              outcomes.toCount++;
              expect(walked, label).toBeUndefined();
            } else if (boardMembers <= walkRows) {
              outcomes.wholeBoard++;
              expect(walked?.total, label).toBe(truth.total);
              expect(walked?.rows, label).toEqual(truth.rows);
              expect(walked?.searchCount, label).toEqual({
                rosterVersion: rosterVersionOf(walked?.version ?? ''),
                total: truth.total,
                boardMembers,
              });
            } else if (lastNeeded <= walkRows) {
              outcomes.found++;
              expect(walked?.total, label).toBeNull();
              expect(ranksOf(walked?.rows ?? []), label).toEqual(ranksOf(truth.rows));
              expect(walked?.searchCount, label).toBeUndefined();
            } else {
              outcomes.toCount++;
              expect(walked, label).toBeUndefined();
            }
          }
        }
      }
    }
    // Every outcome was met, many times.
    expect(Math.min(outcomes.found, outcomes.wholeBoard, outcomes.toCount)).toBeGreaterThan(10);
  });

  it('answers a common search at once without its total, then with it once counted in the background', async () => {
    for (const [search, page] of [
      ['son', 1],
      ['a', 2],
    ] as const) {
      const truth = await countedPage(GLOBAL, search, page);
      // What makes it a search answered before its count here: its page within the walk.
      expect(truth.rows.at(-1)?.rank ?? Infinity, search).toBeLessThanOrEqual(WALK_ROWS);
      const url = `/api/leaderboard/global?search=${search}&page=${page}&pageSize=${PAGE_SIZE}`;
      const first = await ask(url);
      expect(first.total, search).toBeNull();
      expect(ranksOf(first.rows), search).toEqual(ranksOf(truth.rows));
      expect(first.computedAt).toBe(truth.computedFor?.toISOString());

      await context.app.boardCache.settle();
      const version = await context.app.boardCache.version(SEASON);
      expect(
        await context.app.boardCache.searchCount({ seasonId: SEASON, board: GLOBAL, search }, version),
      ).toMatchObject({ rosterVersion: rosterVersionOf(version), total: truth.total });
      // The page before the count was not kept: the same request now has the total.
      const again = await ask(url);
      expect(again.total, search).toBe(truth.total);
      expect(ranksOf(again.rows), search).toEqual(ranksOf(truth.rows));
    }
  });

  it('counts at once whole countries and clubs, a search with too few matches near the top, one on a board the walk reads whole, and "Show Me Only"', async () => {
    // Whole countries and clubs: their count costs about what their page does.
    const groupsTruth = await countedPage(GLOBAL, 'united', 1);
    const groups = await ask('/api/leaderboard/global?search=united');
    expect(groups.total).toBe(groupsTruth.total);
    expect(ranksOf(groups.rows)).toEqual(ranksOf(groupsTruth.rows));

    const rare = await ask('/api/leaderboard/global?search=cora');
    expect(rare.total).toBe(1);
    expect(rare.rows.map((row) => row.fullName)).toEqual(['Cora Counted']);

    // The viewer's country board is smaller than the walk: read whole, so counted by it.
    const countryTruth = await countedPage(COUNTRY, 'son', 1);
    const country = await ask('/api/leaderboard/country?search=son');
    expect(country.total).toBe(countryTruth.total);
    expect(ranksOf(country.rows)).toEqual(ranksOf(countryTruth.rows));
    const version = await context.app.boardCache.version(SEASON);
    expect(
      await context.app.boardCache.searchCount({ seasonId: SEASON, board: COUNTRY, search: 'son' }, version),
    ).toMatchObject({ total: countryTruth.total });

    const me = await ask('/api/leaderboard/global?search=a&me=true');
    expect(me.total).toBe(1);
    expect(me.rows.map((row) => row.fullName)).toEqual(['Cora Counted']);
  });

  it('counts with the page when the instance counts as many searches in the background as it may', async () => {
    // An instance of its own, nothing kept, which may count none in the background.
    const boards = createBoardCache(db(), { uncountedWalkRows: WALK_ROWS, maxBackgroundCounts: 0 });
    const truth = await countedPage(GLOBAL, 'son', 1);
    const answer = await listLeaderboard({
      db: db(),
      boards,
      season: await context.app.standings.activeSeason(),
      viewerId: viewer.id,
      type: 'global',
      page: 1,
      pageSize: PAGE_SIZE,
      search: 'son',
      isMeOnly: false,
      refreshDelayMs: 5_000,
    });
    expect(answer.total).toBe(truth.total);
    expect(ranksOf(answer.rows)).toEqual(ranksOf(truth.rows));
  });
});

describe("the board cache's counts in the background", () => {
  const noDatabase = {} as Parameters<typeof createBoardCache>[0];
  const search = { seasonId: SEASON, board: GLOBAL, search: 'son' };
  const count = (total: number) => ({ rosterVersion: '1.0', total, boardMembers: 1_000 });

  it('counts a search once however often it is asked meanwhile, and keeps the count', async () => {
    const cache = createBoardCache(noDatabase, { minSharedMatches: Number.POSITIVE_INFINITY });
    let counts = 0;
    let finish = (_total: number) => {};
    const counting = () =>
      new Promise<ReturnType<typeof count>>((resolve) => {
        counts++;
        finish = (total) => resolve(count(total));
      });
    cache.countInBackground(search, counting);
    cache.countInBackground(search, counting);
    expect(counts).toBe(1);
    finish(42);
    await cache.settle();
    expect(await cache.searchCount(search, '9.1.0.3')).toEqual(count(42));
    // Counted again only when asked again after that.
    cache.countInBackground(search, counting);
    expect(counts).toBe(2);
    finish(43);
    await cache.settle();
    expect(await cache.searchCount(search, '9.1.0.3')).toEqual(count(43));
  });

  it('counts no more searches at once than it may, the same search always joining its count', async () => {
    const cache = createBoardCache(noDatabase, {
      minSharedMatches: Number.POSITIVE_INFINITY,
      maxBackgroundCounts: 1,
    });
    const other = { ...search, search: 'smith' };
    let finish = () => {};
    const slow = () => new Promise<ReturnType<typeof count>>((resolve) => (finish = () => resolve(count(5))));
    expect(cache.countInBackground(search, slow)).toBe(true);
    expect(cache.countInBackground(search, slow)).toBe(true);
    expect(cache.countInBackground(other, slow)).toBe(false);
    finish();
    await cache.settle();
    expect(cache.countInBackground(other, async () => count(6))).toBe(true);
    await cache.settle();
    expect(await cache.searchCount(other, '9.1.0.3')).toEqual(count(6));
  });

  it('tells of a count that failed, and counts again at the next asking', async () => {
    const errors: unknown[] = [];
    const cache = createBoardCache(noDatabase, {
      minSharedMatches: Number.POSITIVE_INFINITY,
      onCountError: (error) => errors.push(error),
    });
    cache.countInBackground(search, () => Promise.reject(new Error('connection lost')));
    await cache.settle();
    expect(errors).toEqual([new Error('connection lost')]);
    cache.countInBackground(search, async () => count(7));
    await cache.settle();
    expect(await cache.searchCount(search, '9.1.0.3')).toEqual(count(7));
  });
});
