import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type LeaderboardPage, leaderboardPageSchema, type SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../../bench/standings-population.ts';
import { type Executor, selectRows } from '../../../src/db/database.ts';
import { ROSTER_CHANGES_KEPT } from '../../../src/db/schema/index.ts';
import { markMemberChanged } from '../../../src/plugins/app/standings/placing/member-changes-repository.ts';
import {
  type BoardCache,
  createBoardCache,
  keptPageBytes,
} from '../../../src/plugins/app/standings/reading/board-cache.ts';
import { serializeBoardPage } from '../../../src/plugins/app/standings/reading/board-etag.ts';
import {
  type Board,
  readBoardVersion,
  readLeaderboardPage,
  rosterVersionOf,
  type SearchCount,
  type StoredPage,
  type ViewerPlace,
} from '../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { listLeaderboard } from '../../../src/plugins/app/standings/reading/list-leaderboard.ts';
import {
  countsWithinBudget,
  saveSearchCount,
} from '../../../src/plugins/app/standings/reading/search-counts-repository.ts';
import { requestBoardRebuild } from '../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { completeOnboarding, ORIGIN, send, signUp } from '../../support/accounts.ts';
import { setUpTestApp } from '../../support/build-test-app.ts';
import { holdOffStandingsJobs } from '../../support/scheduled-jobs.ts';
import { SCORING_SQUAD, saveSquadByNames } from '../../support/squads.ts';
import { engines } from '../../support/test-database.ts';
import { counted } from '../../support/whole-board.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_20 = '2026-01-05T12:00:00Z';
const AFTER_GAMEWEEK_30 = '2026-03-23T12:00:00Z';
const AFTER_GAMEWEEK_34 = '2026-04-29T12:00:00Z';
const CROWD = 120;
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
    return counted(response.json<LeaderboardPage>());
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

  /** Places a member change just logged, by this check (the background turns are held off). */
  const expectChangePlaced = async () => {
    expect(await context.app.standings.refresh()).toMatchObject({
      status: 'placed',
      reason: 'members changed',
    });
  };

  beforeAll(async () => {
    // Each test asserts what its own check did: no background turn may do it first.
    await holdOffStandingsJobs(context.database.db);
    const fan = await signUp(context.app);
    const onboarded = await completeOnboarding(context.app, fan.cookie, 'Cora Cached');
    Object.assign(viewer, { cookie: fan.cookie, id: onboarded.id });
    await saveSquadByNames(context.app, context.database.db, fan.cookie);
    await addPopulation(context.database.db, { seasonId: '2025-26', size: CROWD, idPrefix: 'cached' });
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

  it("keeps a name search's count from its first page for its other pages", async () => {
    const search = 'son';
    const first = await page(`/api/leaderboard/global?search=${search}&pageSize=25`);
    expect(first.total).toBeGreaterThan(5);
    const version = await context.app.boardCache.version('2025-26');
    const counted = { seasonId: '2025-26', board: { kind: 'global' as const }, search };
    expect(await context.app.boardCache.searchCount(counted, version)).toEqual({
      rosterVersion: rosterVersionOf(version),
      total: first.total,
      boardMembers: CROWD + 1,
    });
    // The same answers as a page read counting again (the repository's own tests walk the board).
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
    expect(await context.app.standings.refresh()).toMatchObject({
      status: 'placed',
      reason: 'goals counted changed',
    });
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

  it("keeps a name search's count through goals placed and rebuilds, and brings it forward through a new name", async () => {
    const search = 'son';
    const url = `/api/leaderboard/global?search=${search}&pageSize=25`;
    const keptCount = async () =>
      context.app.boardCache.searchCount(
        { seasonId: '2025-26', board: { kind: 'global' }, search },
        await context.app.boardCache.version('2025-26'),
      );
    const roster = async () => rosterVersionOf(await context.app.boardCache.refreshVersion('2025-26'));
    const first = await page(url);
    const counted = await keptCount();
    expect(counted).toMatchObject({ rosterVersion: await roster(), total: first.total });

    // Goals placed move members but change no name: the board's roster, and so the count, hold.
    now = AFTER_GAMEWEEK_34;
    expect(await context.app.standings.refresh()).toMatchObject({
      status: 'placed',
      reason: 'goals counted changed',
    });
    expect(await roster()).toBe(counted?.rosterVersion);
    await expectPagesAsCounted(search);
    expect(await keptCount()).toEqual(counted);

    // A member renamed into the search: a new roster, the count brought to it by that change.
    const [renamed] = await selectRows<{ id: string }>(
      context.database.db,
      sql`select id from profiles where id like 'cached%' and lower(full_name) not like '%son%' order by id limit 1`,
    );
    await context.database.db.execute(
      sql`update profiles set full_name = 'Sonia Renamed' where id = ${renamed?.id ?? ''}`,
    );
    await markMemberChanged(context.database.db, renamed?.id ?? '');
    await expectChangePlaced();
    const renamedRoster = await roster();
    expect(renamedRoster).not.toBe(counted?.rosterVersion);
    expect((await page(url)).total).toBe(first.total + 1);
    expect(await keptCount()).toMatchObject({ rosterVersion: renamedRoster, total: first.total + 1 });
    await expectPagesAsCounted(search);

    // A rebuild ranks the same members under the same names: the roster, and so the count, hold.
    const keptBeforeRebuild = await keptCount();
    await requestBoardRebuild(context.database.db);
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'recomputed' });
    expect(await roster()).toBe(renamedRoster);
    await expectPagesAsCounted(search);
    expect(await keptCount()).toEqual(keptBeforeRebuild);
  });

  it("shares a search's count with the other instances and after a restart, until a new roster", async () => {
    const { db } = context.database;
    // Two letters: counted by testing every name, so a page with a count known never counts again.
    const search = 'ar';
    const saved = async () =>
      (
        await selectRows<{ total: number; roster: string }>(
          db,
          sql`select total, roster_since || '.' || roster_revision as roster from standings_search_counts
            where season_id = '2025-26' and board = 'global' and board_name = '' and search = ${search}`,
        )
      )[0];
    const roster = async () => rosterVersionOf(await context.app.boardCache.refreshVersion('2025-26'));
    /** An instance of its own: nothing kept in its memory, every count of a match or more shared. */
    const instance = () => createBoardCache(db, { minSharedMatches: 1 });
    const ask = async (boards: BoardCache) =>
      counted(
        await listLeaderboard({
          db,
          boards,
          season: await context.app.standings.activeSeason(),
          viewerId: viewer.id,
          type: 'global',
          page: 1,
          pageSize: 25,
          search,
          isMeOnly: false,
          refreshDelayMs: 5_000,
        }),
      );

    // Counted on one instance, and shared with the roster it counted.
    const truth = (await ask(instance())).total;
    const firstRoster = await roster();
    expect(await saved()).toEqual({ total: truth, roster: firstRoster });
    // The server's own instance shares only counts of a thousand matches or more.
    context.app.boardCache.forgetPages();
    expect((await page('/api/leaderboard/global?search=cora')).total).toBe(1);
    expect(
      await selectRows(db, sql`select total from standings_search_counts where search = 'cora'`),
    ).toEqual([]);
    // Another instance, and this one after a restart, read it instead of counting: a shared
    // count made 7 too high shows through.
    await db.execute(sql`update standings_search_counts set total = total + 7 where search = ${search}`);
    expect((await ask(instance())).total).toBe(truth + 7);
    context.app.boardCache.forgetPages();
    expect((await page(`/api/leaderboard/global?search=${search}&pageSize=25`)).total).toBe(truth + 7);

    // A member renamed into the search: the shared count is brought forward to the new roster by
    // the one change, then shared at that roster.
    const [renamed] = await selectRows<{ id: string }>(
      db,
      sql`select id from profiles where id like 'cached%' and lower(full_name || country || favourite_club) not like '%ar%'
        order by id limit 1`,
    );
    expect(renamed).toBeDefined();
    await db.execute(sql`update profiles set full_name = 'Marta Shared' where id = ${renamed?.id ?? ''}`);
    await markMemberChanged(db, renamed?.id ?? '');
    await expectChangePlaced();
    expect((await ask(instance())).total).toBe(truth + 8);
    const sharedNow = { total: truth + 8, roster: await roster() };
    expect(await saved()).toEqual(sharedNow);
    // A count of the roster before, saved late (an instance that counted it meanwhile), leaves
    // the later one.
    await saveSearchCount(
      db,
      { seasonId: '2025-26', board: { kind: 'global' }, search },
      { rosterVersion: firstRoster, total: truth, boardMembers: CROWD + 1 },
      1,
    );
    expect(await saved()).toEqual(sharedNow);

    // A rebuild that finds a name the placements never saw begins a new roster: the shared
    // counts go with the old one, and the next asking counts every match again.
    await db.execute(sql`update profiles set full_name = 'Carla Unplaced' where id = ${renamed?.id ?? ''}`);
    await requestBoardRebuild(db);
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'recomputed' });
    expect(await saved()).toBeUndefined();
    expect((await page(`/api/leaderboard/global?search=${search}&pageSize=25`)).total).toBe(truth + 1);
    await expectPagesAsCounted(search);
    expect((await ask(instance())).total).toBe(truth + 1);
    expect(await saved()).toEqual({ total: truth + 1, roster: await roster() });
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

  it('drops a deleted account from every page held in memory at once, and brings the shared counts past it', async () => {
    const { db } = context.database;
    const leaver = await signUp(context.app);
    await completeOnboarding(context.app, leaver.cookie, 'Lena Leaving');
    await context.app.standings.refresh();
    const found = await page('/api/leaderboard/global?search=lena');
    expect(found.rows.map((row) => row.fullName)).toEqual(['Lena Leaving']);

    // Counts shared by an instance that shares every count, on the global board and the
    // leaver's country board, one made 7 too high; and one of a roster long gone.
    const sharing = createBoardCache(db, { minSharedMatches: 1 });
    const country = { kind: 'country' as const, country: 'United Kingdom' };
    const [elsewhere] = await selectRows<{ country: string }>(
      db,
      sql`select country from standings_groups where country <> 'United Kingdom'
        group by country order by sum(members) desc, country limit 1`,
    );
    const searches = [
      { board: { kind: 'global' as const }, search: 'lena' },
      { board: { kind: 'global' as const }, search: 'leaving' },
      { board: { kind: 'global' as const }, search: 'ar' },
      { board: country, search: 'united' },
      { board: country, search: 'cora' },
      // A board the leaver is not on, a search that matches them.
      { board: { kind: 'country' as const, country: elsewhere?.country ?? '' }, search: 'e' },
    ];
    const countAgain = async (board: Board, search: string) =>
      readLeaderboardPage(db, { seasonId: '2025-26', board, page: 1, pageSize: 25, search });
    for (const { board, search } of searches) {
      const { searchCount } = await countAgain(board, search);
      await sharing.keepSearchCount({ seasonId: '2025-26', board, search }, searchCount as SearchCount);
    }
    await db.execute(sql`update standings_search_counts set total = total + 7 where search = 'ar'`);
    await db.execute(sql`insert into standings_search_counts
        (season_id, board, board_name, search, roster_since, roster_revision, total, board_members)
      select season_id, 'global', '', 'long gone', roster_since, roster_revision - ${ROSTER_CHANGES_KEPT}, 5, 5
      from standings_search_counts where search = 'lena'`);
    const sharedCounts = () =>
      selectRows<{ board: string; search: string; total: number; roster: string }>(
        db,
        sql`select board, search, total, roster_since || '.' || roster_revision as roster
          from standings_search_counts where season_id = '2025-26' order by board, search`,
      );
    expect((await sharedCounts()).map((row) => row.search)).toEqual(
      expect.arrayContaining(['lena', 'leaving', 'ar', 'united', 'cora', 'e', 'long gone']),
    );
    // A name changed since, into "ar", and logged: the counts are brought past it too.
    const [renamed] = await selectRows<{ id: string }>(
      db,
      sql`select id from profiles where id like 'cached%' and lower(full_name || country || favourite_club) not like '%ar%'
        order by id desc limit 1`,
    );
    await db.execute(sql`update profiles set full_name = 'Arlo Logged' where id = ${renamed?.id ?? ''}`);
    await markMemberChanged(db, renamed?.id ?? '');
    // Placed by this refresh, or by the background check the sign-up and onboarding woke.
    await context.app.standings.refresh();
    expect(await selectRows(db, sql`select * from standings_roster_changes`)).not.toEqual([]);

    const deleted = await send(context.app, 'POST', '/api/deleteAccount', {
      cookie: leaver.cookie,
      body: {},
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await page('/api/leaderboard/global?search=lena')).rows).toEqual([]);
    // Each brought to the roster after the deletion, to what counting again finds (the one made
    // too high still 7 too high): nothing counted again, nothing of the person's kept. The
    // roster's log is empty, and the count of the roster long gone is deleted.
    const rosterNow = rosterVersionOf(await readBoardVersion(db, '2025-26'));
    const after = await sharedCounts();
    expect(after.map((row) => row.search).sort()).toEqual(['ar', 'cora', 'e', 'leaving', 'lena', 'united']);
    for (const { board, search } of searches) {
      const row = after.find((shared) => shared.search === search);
      const truth = (await countAgain(board, search)).total;
      expect(row, search).toMatchObject({ roster: rosterNow, total: truth + (search === 'ar' ? 7 : 0) });
    }
    expect(after.find((row) => row.search === 'lena')?.total).toBe(0);
    expect(await selectRows(db, sql`select * from standings_roster_changes`)).toEqual([]);
    // Another instance reads them.
    context.app.boardCache.forgetPages();
    const ar = await page('/api/leaderboard/global?search=ar&pageSize=25');
    expect(ar.total).toBe((await countAgain({ kind: 'global' }, 'ar')).total + 7);
  });
});

describe('the shared counts a deletion brings past it', () => {
  it('are the latest first, as many as the budget of tests allows', () => {
    const counts = [
      { search: 'old', rosterRevision: 10 },
      { search: 'latest', rosterRevision: 14 },
      { search: 'middle', rosterRevision: 12 },
    ];
    // 30 rows logged at revision 11, 20 at 13, and 5 of the deletion's own.
    const logged = [
      { revision: 11, rows: 30 },
      { revision: 13, rows: 20 },
    ];
    const within = (budget: number) =>
      countsWithinBudget(counts, logged, 5, budget).map((count) => count.search);
    // "latest" tests 5 rows, "middle" 25, "old" 55.
    expect(within(85)).toEqual(['latest', 'middle', 'old']);
    expect(within(84)).toEqual(['latest', 'middle']);
    expect(within(30)).toEqual(['latest', 'middle']);
    expect(within(29)).toEqual(['latest']);
    expect(within(4)).toEqual([]);
    expect(countsWithinBudget(counts, [], 0).map((count) => count.search)).toEqual([
      'latest',
      'middle',
      'old',
    ]);
  });
});

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
    let reads = 0;
    const load = async () => {
      reads++;
      return { version: 'v1', rows: [row] };
    };
    await cache.page('page 49', 'v1', load);
    expect(reads).toBe(0);
    await cache.page('page 0', 'v1', load);
    expect(reads).toBe(1);
  });

  it('shares one read between concurrent misses and keeps an answer under the version it read', async () => {
    const cache = createBoardCache(noDatabase);
    let reads = 0;
    const load = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { version: 'v2', rows: [] };
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.page('p', 'v1', load)));
    expect(reads).toBe(1);
    expect(answers.every((answer) => answer.version === 'v2')).toBe(true);
    // Kept under v2, the board it came from, never under v1.
    await cache.page('p', 'v2', load);
    expect(reads).toBe(1);
    await cache.page('p', 'v1', load);
    expect(reads).toBe(2);
  });

  it("keeps a search's last count for the boards of its roster, and forgets it with the pages", async () => {
    // A database with no shared count, which counts how often it is asked for one.
    let reads = 0;
    const noSharedCounts = {
      select: () => ({
        from: () => ({
          where: async () => {
            reads++;
            return [];
          },
        }),
      }),
    } as unknown as Parameters<typeof createBoardCache>[0];
    const cache = createBoardCache(noSharedCounts, { minSharedMatches: Number.POSITIVE_INFINITY });
    const smith = { seasonId: '2025-26', board: { kind: 'global' as const }, search: 'smith' };
    const count = { rosterVersion: '100.4', total: 151_146, boardMembers: 10_000_001 };
    await cache.keepSearchCount(smith, count);
    // Boards of its roster it can be brought forward to: from memory.
    expect(await cache.searchCount(smith, '7.100.4.9')).toEqual(count);
    expect(await cache.searchCount(smith, '8.100.103.9')).toEqual(count);
    expect(reads).toBe(0);
    // Another search, or a board it cannot be brought to: the shared count is looked for.
    expect(await cache.searchCount({ ...smith, search: 'jones' }, '7.100.4.9')).toBeUndefined();
    expect(
      await cache.searchCount({ ...smith, board: { kind: 'club', club: 'Arsenal' } }, '7.100.4.9'),
    ).toBeUndefined();
    expect(await cache.searchCount(smith, '7.200.0.9')).toEqual(count);
    expect(await cache.searchCount(smith, '7.100.104.9')).toEqual(count);
    expect(reads).toBe(4);
    const later = { ...count, rosterVersion: '100.5', total: 151_147 };
    await cache.keepSearchCount(smith, later);
    expect(await cache.searchCount(smith, '7.100.5.0')).toEqual(later);
    cache.forgetPages();
    expect(await cache.searchCount(smith, '7.100.5.0')).toBeUndefined();
    expect(reads).toBe(5);
  });

  it('forgets a viewer, and does not keep a read that started before they changed', async () => {
    const cache = createBoardCache(noDatabase);
    let reads = 0;
    const load = async () => {
      reads++;
      return { version: 'v1', country: 'Ireland' };
    };
    await cache.viewer('u1', 's', 'v1', load);
    await cache.viewer('u1', 's', 'v1', load);
    expect(reads).toBe(1);
    cache.forgetViewer('u1');
    await cache.viewer('u1', 's', 'v1', load);
    expect(reads).toBe(2);
    // Another board version is another read.
    await cache.viewer('u1', 's', 'v2', async () => ({ version: 'v2', country: 'Ireland' }));
    const slow = cache.viewer('u1', 's', 'v3', async () => {
      cache.forgetViewer('u1');
      return { version: 'v3', country: 'Ireland' };
    });
    await slow;
    await cache.viewer('u1', 's', 'v3', load);
    expect(reads).toBe(3);
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
