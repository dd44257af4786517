import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LeaderboardPage } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../../src/db/database.ts';
import { markMemberChanged } from '../../../src/plugins/app/standings/placing/member-changes-repository.ts';
import { readLeaderboardPage } from '../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { requestBoardRebuild } from '../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { completeOnboarding, ORIGIN, send, signUp } from '../../support/accounts.ts';
import { setUpTestApp } from '../../support/build-test-app.ts';
import { addPopulationBeside } from '../../support/population.ts';
import { holdOffStandingsJobs } from '../../support/scheduled-jobs.ts';
import { SCORING_SQUAD, saveSquadByNames } from '../../support/squads.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_20 = '2026-01-05T12:00:00Z';
const AFTER_GAMEWEEK_30 = '2026-03-23T12:00:00Z';
const AFTER_GAMEWEEK_34 = '2026-04-29T12:00:00Z';
const CROWD = 120;
const GOALS_PLACED = { status: 'placed', reason: 'goals counted changed' };
/** A member change just logged, placed by the test's own check (the background turns are held off). */
const CHANGE_PLACED = { status: 'placed', reason: 'members changed' };
/** Another valid squad (no goalkeeper): the viewer's squad after a change of mind. */
const OTHER_SQUAD = ['M.Salah', 'Palmer', 'Isak', 'Wood'];

/** Board pages served from memory per board version, with ETags (decision 016). */
describe.each(ENGINES)('leaderboard pages from the board cache on %s', (engine) => {
  let now = BEFORE_DEADLINE;
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(now) });
  const viewer = { cookie: '', id: '' };

  const get = (url: string, headers: Record<string, string> = {}, cookie = viewer.cookie) =>
    context.app.inject({ method: 'GET', url, headers: { origin: ORIGIN, cookie, ...headers } });
  const page = async (url: string, cookie = viewer.cookie) => {
    const response = await get(url, {}, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LeaderboardPage>();
  };

  /** Global pages 1 and 2 of `search` as the API answers them, against the same pages read counting again. */
  const expectPagesAsCounted = async (search: string) => {
    for (const number of [1, 2]) {
      const answer = await page(`/api/leaderboard/global?search=${search}&pageSize=25&page=${number}`);
      const stored = await readLeaderboardPage(context.database.db, {
        seasonId: '2025-26',
        board: { kind: 'global' },
        page: number,
        pageSize: 25,
        search,
      });
      expect(answer.total).toBe(stored.total);
      expect(answer.rows.map((row) => [row.rank, row.userId])).toEqual(
        stored.rows.map((row) => [row.rank, row.userId]),
      );
    }
  };

  beforeAll(async () => {
    // Each test asserts what its own check did: no background turn may do it first.
    await holdOffStandingsJobs(context.database.db);
    const fan = await signUp(context.app);
    const onboarded = await completeOnboarding(context.app, fan.cookie, 'Cora Cached');
    Object.assign(viewer, { cookie: fan.cookie, id: onboarded.id });
    await saveSquadByNames(context.app, context.database.db, fan.cookie);
    await addPopulationBeside(context.database.db, { seasonId: '2025-26', size: CROWD, idPrefix: 'cached' });
    await requestBoardRebuild(context.database.db);
    now = AFTER_GAMEWEEK_20;
    await context.app.standings.refresh();
  });

  it('serves a page from memory identical to the page the database holds', async () => {
    const url = '/api/leaderboard/global?page=2&pageSize=25';
    const first = await page(url);
    const held = context.app.boardCache.pageCount;
    const second = await page(url);
    expect(second).toEqual(first);
    // The second answer came from memory: nothing new was kept.
    expect(context.app.boardCache.pageCount).toBe(held);
    const stored = await readLeaderboardPage(context.database.db, {
      seasonId: '2025-26',
      board: { kind: 'global' },
      page: 2,
      pageSize: 25,
    });
    expect(second.total).toBe(stored.total);
    expect(second.rows.map(({ isYou: _isYou, picks: _picks, ...row }) => row)).toEqual(stored.rows);
    expect(second.computedAt).toBe(stored.computedFor?.toISOString());
  });

  it('keeps pages apart by board, search, page and page size', async () => {
    const global = await page('/api/leaderboard/global?page=1&pageSize=25');
    const country = await page('/api/leaderboard/country?page=1&pageSize=25');
    const club = await page('/api/leaderboard/team?page=1&pageSize=25');
    const wider = await page('/api/leaderboard/global?page=1&pageSize=50');
    const next = await page('/api/leaderboard/global?page=2&pageSize=25');
    const searched = await page('/api/leaderboard/global?search=cora');
    const me = await page('/api/leaderboard/global?me=true');

    expect(country.filter).toEqual({ country: 'United Kingdom' });
    expect(country.rows.every((row) => row.country === 'United Kingdom')).toBe(true);
    expect(club.filter).toEqual({ club: 'Arsenal' });
    expect(club.rows.every((row) => row.club === 'Arsenal')).toBe(true);
    expect(global.rows).toHaveLength(25);
    expect(wider.rows).toHaveLength(50);
    expect(wider.rows.slice(0, 25)).toEqual(global.rows);
    expect(next.rows[0]?.rank).toBe(26);
    expect(searched.rows.map((row) => row.fullName)).toEqual(['Cora Cached']);
    expect(me.rows).toHaveLength(1);
    expect(me.rows[0]).toMatchObject({ isYou: true, fullName: 'Cora Cached' });
    expect(me.rows[0]?.picks).toHaveLength(4);
  });

  it("answers a name search's pages with their exact total, as the database reads them", async () => {
    const search = 'son';
    const first = await page(`/api/leaderboard/global?search=${search}&pageSize=25`);
    expect(first.total).toBeGreaterThan(5);
    expect(first.isTotalCapped).toBe(false);
    // The same answers as a page read from the database (the repository's own tests walk the board).
    await expectPagesAsCounted(search);
  });

  it('sends a page compressed as the browser accepts it, the same bytes and tag every time', async () => {
    const url = '/api/leaderboard/global?page=1&pageSize=25';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accepted, encoding, decompress] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const first = await get(url, { 'accept-encoding': accepted });
      const again = await get(url, { 'accept-encoding': accepted });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.etag).toBe(plain.headers.etag);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(decompress(first.rawPayload).toString()).toBe(plain.body);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    // The viewer's own row: compressed too, with only their row marked.
    const own = await get('/api/leaderboard/global?me=true', { 'accept-encoding': 'br' });
    const ownRows = JSON.parse(brotliDecompressSync(own.rawPayload).toString()).rows;
    expect(ownRows).toMatchObject([{ fullName: 'Cora Cached', isYou: true }]);
    // Too small to be worth compressing: as it is.
    const refused = await get('/api/leaderboard/global?search=nobody-at-all', { 'accept-encoding': 'br' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('answers If-None-Match with 304 and no body, and a changed page with a new ETag', async () => {
    const url = '/api/leaderboard/global?page=1&pageSize=25';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.vary).toMatch(/cookie/i);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // Another query is another tag.
    const other = await get('/api/leaderboard/global?page=2&pageSize=25', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    // The tag follows the bytes: a page with nothing of either viewer's in it is the same for
    // both; the page with the viewer's own row (marked, with picks) is not.
    const stranger = await signUp(context.app);
    expect((await get(url, { 'if-none-match': etag }, stranger.cookie)).statusCode).toBe(304);
    const own = await get('/api/leaderboard/global?search=cora');
    const seenByStranger = await get(
      '/api/leaderboard/global?search=cora',
      { 'if-none-match': own.headers.etag as string },
      stranger.cookie,
    );
    expect(seenByStranger.statusCode).toBe(200);
    expect(seenByStranger.json().rows[0]).toMatchObject({ fullName: 'Cora Cached', isYou: false });
    expect(seenByStranger.headers.etag).not.toBe(own.headers.etag);
    // A refusal is never cached.
    const refused = await get('/api/leaderboard/global?pageSize=26');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('serves the new board from the first request after goals are placed, and after a rebuild', async () => {
    const url = '/api/leaderboard/global?page=1&pageSize=25';
    const expectStoredPage = async (page: LeaderboardPage) => {
      const stored = await readLeaderboardPage(context.database.db, {
        seasonId: '2025-26',
        board: { kind: 'global' },
        page: 1,
        pageSize: 25,
      });
      expect(page.rows.map(({ isYou: _isYou, picks: _picks, ...row }) => row)).toEqual(stored.rows);
      expect(page.computedAt).toBe(stored.computedFor?.toISOString());
    };
    const before = await get(url);
    now = AFTER_GAMEWEEK_30;
    expect(await context.app.standings.refresh()).toMatchObject(GOALS_PLACED);
    const after = await get(url, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    const afterPage: LeaderboardPage = after.json();
    expect(afterPage.computedAt).toBe(new Date(AFTER_GAMEWEEK_30).toISOString());
    await expectStoredPage(afterPage);

    // A rebuild of the same goals: a new board version, the same page (so the same ETag).
    await requestBoardRebuild(context.database.db);
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'recomputed' });
    const rebuilt = await get(url);
    expect(rebuilt.headers.etag).toBe(after.headers.etag);
    await expectStoredPage(rebuilt.json());
  });

  it("serves a name search's pages through goals placed, a new name and a rebuild", async () => {
    const search = 'son';
    const url = `/api/leaderboard/global?search=${search}&pageSize=25`;
    const first = await page(url);

    // Goals placed move members but change no name: the same matches, in their new order.
    now = AFTER_GAMEWEEK_34;
    expect(await context.app.standings.refresh()).toMatchObject(GOALS_PLACED);
    expect((await page(url)).total).toBe(first.total);
    await expectPagesAsCounted(search);

    // A member renamed into the search: one more match from the placement on.
    const [renamed] = await selectRows<{ id: string }>(
      context.database.db,
      sql`select id from profiles where id like 'cached%' and lower(full_name) not like '%son%' order by id limit 1`,
    );
    await context.database.db.execute(
      sql`update profiles set full_name = 'Sonia Renamed' where id = ${renamed?.id ?? ''}`,
    );
    await markMemberChanged(context.database.db, renamed?.id ?? '');
    expect(await context.app.standings.refresh()).toMatchObject(CHANGE_PLACED);
    expect((await page(url)).total).toBe(first.total + 1);
    await expectPagesAsCounted(search);

    // A rebuild ranks the same members under the same names.
    await requestBoardRebuild(context.database.db);
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'recomputed' });
    expect((await page(url)).total).toBe(first.total + 1);
    await expectPagesAsCounted(search);
  });

  it("follows the viewer's profile at once: onboarded, they have a country board", async () => {
    const newcomer = await signUp(context.app);
    const before = await get('/api/leaderboard/country', {}, newcomer.cookie);
    expect(before.statusCode).toBe(400);
    expect(before.json().reason).toBe('COUNTRY_NOT_SET');
    await completeOnboarding(context.app, newcomer.cookie, 'Nico Newcomer');
    const country = await page('/api/leaderboard/country', newcomer.cookie);
    expect(country.filter).toEqual({ country: 'United Kingdom' });
    // Told when they will appear, unless the next placement (a background check) came first.
    if (country.viewerPending === null) {
      expect((await page('/api/leaderboard/country?me=true', newcomer.cookie)).rows).toHaveLength(1);
    } else {
      expect(country.viewerPending.withinSeconds).toBeGreaterThan(0);
    }
  });

  it("shows the viewer's new picks beside their row at once after a team save", async () => {
    const picksShown = async () =>
      ((await page('/api/leaderboard/global?me=true')).rows[0]?.picks ?? []).map((pick) => pick.webName);
    now = BEFORE_DEADLINE;
    try {
      expect(await picksShown()).toEqual(SCORING_SQUAD);
      await saveSquadByNames(context.app, context.database.db, viewer.cookie, OTHER_SQUAD);
      expect(await picksShown()).toEqual(OTHER_SQUAD);
      await saveSquadByNames(context.app, context.database.db, viewer.cookie, SCORING_SQUAD);
      expect(await picksShown()).toEqual(SCORING_SQUAD);
    } finally {
      now = AFTER_GAMEWEEK_20;
    }
  });

  it('drops a deleted account from every page held in memory at once', async () => {
    const leaver = await signUp(context.app);
    await completeOnboarding(context.app, leaver.cookie, 'Lena Leaving');
    await context.app.standings.refresh();
    const found = await page('/api/leaderboard/global?search=lena');
    expect(found.rows.map((row) => row.fullName)).toEqual(['Lena Leaving']);
    expect(found).toMatchObject({ total: 1, isTotalCapped: false });

    const deleted = await send(context.app, 'POST', '/api/deleteAccount', {
      cookie: leaver.cookie,
      body: {},
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await page('/api/leaderboard/global?search=lena')).toMatchObject({ rows: [], total: 0 });
  });
});
