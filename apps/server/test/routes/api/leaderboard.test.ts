import type { LeaderboardPage, LeaderboardRow } from '@hit21/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestBoardRebuild } from '../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { send, signUp } from '../../support/accounts.ts';
import { setUpTestApp } from '../../support/build-test-app.ts';
import { addPopulationBeside } from '../../support/population.ts';
import { matchesSearch } from '../../support/search-key.ts';
import { saveSquadByNames } from '../../support/squads.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_20 = '2026-01-05T12:00:00Z';
const CROWD = 140;

describe.each(ENGINES)('GET /api/leaderboard/:type on %s', (engine) => {
  let now = BEFORE_DEADLINE;
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(now) });
  const viewer = { cookie: '', id: '' };
  let outsiderCookie = '';

  const get = async (url: string, cookie = viewer.cookie) => send(context.app, 'GET', url, { cookie });
  const page = async (url: string, cookie = viewer.cookie): Promise<LeaderboardPage> => {
    const response = await get(url, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Every row of a board, page after page. */
  async function wholeBoard(type: string): Promise<LeaderboardRow[]> {
    const rows: LeaderboardRow[] = [];
    for (let number = 1; ; number += 1) {
      const next = await page(`/api/leaderboard/${type}?page=${number}&pageSize=50`);
      rows.push(...next.rows);
      if (next.rows.length < 50) return rows;
    }
  }

  beforeAll(async () => {
    // The viewer signs up and picks before the deadline; the others are generated.
    const fan = await signUp(context.app);
    const onboarded = await send(context.app, 'PUT', '/api/profile/onboarding', {
      cookie: fan.cookie,
      body: {
        fullName: 'Vera Viewer',
        dob: '1990-05-01',
        country: 'Ireland',
        favouriteClub: 'Arsenal',
        howDidYouHear: 'friend',
      },
    });
    Object.assign(viewer, { cookie: fan.cookie, id: onboarded.json().id });
    await saveSquadByNames(context.app, context.database.db, fan.cookie);
    outsiderCookie = (await signUp(context.app)).cookie;

    await addPopulationBeside(context.database.db, {
      seasonId: '2025-26',
      size: CROWD,
      idPrefix: 'crowd',
      noSquadEvery: 9,
    });
    await requestBoardRebuild(context.database.db);
    now = AFTER_GAMEWEEK_20;
    await context.app.standings.refresh();
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    for (const type of ['global', 'country', 'team']) {
      const response = await send(context.app, 'GET', `/api/leaderboard/${type}`);
      expect(response.statusCode).toBe(401);
    }
  });

  it('refuses an unknown board and a page size other than 25 or 50', async () => {
    expect((await get('/api/leaderboard/club')).statusCode).toBe(400);
    expect((await get('/api/leaderboard/global?pageSize=30')).statusCode).toBe(400);
    expect((await get('/api/leaderboard/global?page=0')).statusCode).toBe(400);
  });

  it('pages the global board in rank order, 25 by default, with the total and the instant it reflects', async () => {
    const first = await page('/api/leaderboard/global');
    expect(first).toMatchObject({
      total: CROWD + 1,
      page: 1,
      pageSize: 25,
      filter: {},
      computedAt: new Date(AFTER_GAMEWEEK_20).toISOString(),
    });
    expect(first.rows.map((row) => row.rank)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    const second = await page('/api/leaderboard/global?page=2&pageSize=50');
    expect(second.rows.map((row) => row.rank)).toEqual(Array.from({ length: 50 }, (_, index) => index + 51));

    const board = await wholeBoard('global');
    expect(board).toHaveLength(CROWD + 1);
    const groups = board.map((row) => ({ safe: 0, going_bust: 1, bust: 2 })[row.status]);
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
  });

  it("shows the viewer's own picks on their row and hides everybody else's", async () => {
    const board = await wholeBoard('global');
    const own = board.filter((row) => row.isYou);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      userId: viewer.id,
      fullName: 'Vera Viewer',
      country: 'Ireland',
      club: 'Arsenal',
    });
    const picks = own[0]?.picks ?? [];
    expect(picks.map((pick) => pick.webName)).toEqual(['Haaland', 'Watkins', 'Saka', 'Gibbs-White']);
    expect(picks[0]).toMatchObject({ clubName: 'Manchester City' });
    expect(picks.reduce((sum, pick) => sum + pick.goals, 0)).toBe(own[0]?.totalGoals);
    expect(own[0]?.totalGoals).toBeGreaterThan(0);
    for (const row of board.filter((candidate) => !candidate.isYou)) expect(row.picks).toBeUndefined();
  });

  it('restricts the country and team boards to their members, in the global order, ranked 1, 2, 3, ...', async () => {
    const global = await wholeBoard('global');
    const country = await wholeBoard('country');
    expect(country.map((row) => row.userId)).toEqual(
      global.filter((row) => row.country === 'Ireland').map((row) => row.userId),
    );
    expect(country.map((row) => row.rank)).toEqual(country.map((_, index) => index + 1));
    expect((await page('/api/leaderboard/country')).filter).toEqual({ country: 'Ireland' });

    const clubBoard = await wholeBoard('team');
    expect(clubBoard.length).toBeGreaterThan(1);
    expect(clubBoard.map((row) => row.userId)).toEqual(
      global.filter((row) => row.club === 'Arsenal').map((row) => row.userId),
    );
    expect(clubBoard.map((row) => row.rank)).toEqual(clubBoard.map((_, index) => index + 1));
    expect((await page('/api/leaderboard/team')).filter).toEqual({ club: 'Arsenal' });
  });

  it('shows only the viewer with "me", ranked on the board asked for', async () => {
    const global = await wholeBoard('global');
    const clubBoard = await wholeBoard('team');
    for (const [type, board] of [
      ['global', global],
      ['team', clubBoard],
    ] as const) {
      const mine = await page(`/api/leaderboard/${type}?me=true`);
      expect(mine.total).toBe(1);
      expect(mine.rows).toHaveLength(1);
      expect(mine.rows[0]).toMatchObject({ isYou: true, rank: board.find((row) => row.isYou)?.rank });
      expect(mine.rows[0]?.picks).toHaveLength(4);
    }
  });

  it('searches name, country and club regardless of case, keeping the board ranks, and pages the matches', async () => {
    const global = await wholeBoard('global');
    const contains = (row: LeaderboardRow, text: string) => matchesSearch(row, text);
    for (const search of ['aRsEnAl', 'SMITH', 'kingdom', 'vera v']) {
      const expected = global.filter((row) => contains(row, search.toLowerCase()));
      expect(expected.length, search).toBeGreaterThan(0);
      const found = await page(`/api/leaderboard/global?search=${encodeURIComponent(search)}&pageSize=50`);
      expect(found.total, search).toBe(expected.length);
      expect(found.rows.map((row) => [row.rank, row.userId])).toEqual(
        expected.slice(0, 50).map((row) => [row.rank, row.userId]),
      );
    }
    const arsenal = global.filter((row) => contains(row, 'arsenal'));
    const secondPage = await page('/api/leaderboard/global?search=arsenal&page=2&pageSize=25');
    expect(secondPage.rows.map((row) => row.userId)).toEqual(arsenal.slice(25, 50).map((row) => row.userId));

    const onClubBoard = await page('/api/leaderboard/team?search=smith');
    const clubBoard = await wholeBoard('team');
    expect(onClubBoard.rows.map((row) => row.rank)).toEqual(
      clubBoard.filter((row) => contains(row, 'smith')).map((row) => row.rank),
    );
    // Wildcards are punctuation, which names nobody by itself, and a search that matches nobody says so.
    expect(await page('/api/leaderboard/global?search=%25')).toMatchObject({ rows: [], total: 0 });
    expect(await page('/api/leaderboard/global?search=__')).toMatchObject({ rows: [], total: 0 });
  });

  it('answers a page past the end with no rows and the true total', async () => {
    expect(await page('/api/leaderboard/global?page=999')).toMatchObject({
      rows: [],
      total: CROWD + 1,
      page: 999,
    });
    // A search's page past its 10,000th match is asked after a member (leaderboard-capped-total.test.ts).
    expect(await page('/api/leaderboard/team?search=arsenal&page=400')).toMatchObject({ rows: [] });
  });

  it('refuses the country and team boards to a profile without a country or club, with the specified messages', async () => {
    const country = await get('/api/leaderboard/country', outsiderCookie);
    expect(country.statusCode).toBe(400);
    expect(country.json().userMessage).toBe(
      'Please set your country in your profile to view country leaderboard.',
    );
    expect(country.json().reason).toBe('COUNTRY_NOT_SET');
    const clubBoard = await get('/api/leaderboard/team', outsiderCookie);
    expect(clubBoard.statusCode).toBe(400);
    expect(clubBoard.json().userMessage).toBe(
      'Please set your favorite team in your profile to view team leaderboard.',
    );
    expect(clubBoard.json().reason).toBe('FAVOURITE_CLUB_NOT_SET');
    // The global board still answers; the outsider is simply not on it.
    const global = await page('/api/leaderboard/global?me=true', outsiderCookie);
    expect(global).toMatchObject({ rows: [], total: 0, viewerPending: null });
  });

  // Runs last: it adds a player to the boards.
  it('tells a new player the stored board does not hold yet when they will appear, then ranks them', async () => {
    expect((await page('/api/leaderboard/global?me=true')).viewerPending).toBeNull();
    // The standings check runs every 5 s on its own: should it rank a newcomer between their
    // onboarding and their first reads, that newcomer proves nothing and another one tries.
    let pending: { cookie: string; name: string; boards: LeaderboardPage[] } | undefined;
    for (let attempt = 1; attempt <= 3 && !pending; attempt += 1) {
      const newcomer = await signUp(context.app);
      const name = `Nina Newcomer ${attempt}`;
      const onboarded = await send(context.app, 'PUT', '/api/profile/onboarding', {
        cookie: newcomer.cookie,
        body: {
          fullName: name,
          dob: '1992-03-04',
          country: 'Ireland',
          favouriteClub: 'Arsenal',
          howDidYouHear: 'friend',
        },
      });
      expect(onboarded.statusCode).toBe(200);
      const boards = await Promise.all(
        ['global', 'country', 'team'].map((type) =>
          page(`/api/leaderboard/${type}?me=true`, newcomer.cookie),
        ),
      );
      for (const mine of boards) {
        // Never both: on the board and told to wait.
        expect(mine.rows.length === 0 || mine.viewerPending === null).toBe(true);
      }
      if (boards.every((mine) => mine.rows.length === 0)) pending = { cookie: newcomer.cookie, name, boards };
    }
    if (!pending) throw new Error('Every newcomer was ranked before their first read');
    for (const mine of pending.boards) {
      expect(mine).toMatchObject({ rows: [], total: 0 });
      // The check interval (5 s here) and two recomputes of a board this small.
      expect(mine.viewerPending?.withinSeconds).toBeGreaterThanOrEqual(5);
      expect(mine.viewerPending?.withinSeconds).toBeLessThan(30);
    }

    await context.app.standings.refresh();
    for (const type of ['global', 'country', 'team']) {
      const mine = await page(`/api/leaderboard/${type}?me=true`, pending.cookie);
      expect(mine.viewerPending).toBeNull();
      expect(mine.rows).toMatchObject([{ fullName: pending.name, isYou: true }]);
    }
  });
});
