import type { LeagueStandingRow, LeagueStandingsPage } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { selectRows } from '../../../../src/db/database.ts';
import { requestBoardRebuild } from '../../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { completeOnboarding, send, signUp, signUpOnboarded } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import {
  insertLeague,
  insertMemberships,
  removeMembership,
  setMembership,
} from '../../../support/league-standings.ts';
import { addPopulationBeside } from '../../../support/population.ts';
import { saveSquadByNames } from '../../../support/squads.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_20 = '2026-01-05T12:00:00Z';
const SEASON = '2025-26';
const CROWD = 150;
/** The viewer and 119 of the crowd. */
const APPROVED = 120;
const NOT_FOUND = { reason: 'LEAGUE_NOT_FOUND', userMessage: 'League not found' };

describe.each(ENGINES)('GET /api/leagues/:leagueId/standings on %s', (engine) => {
  let now = BEFORE_DEADLINE;
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(now) });
  const viewer = { cookie: '', id: '' };
  const waiting = { cookie: '', id: '' };
  let outsiderCookie = '';
  let leagueId = '';
  let otherLeagueId = '';

  const get = (url: string, cookie = viewer.cookie) => send(context.app, 'GET', url, { cookie });
  const page = async (query = '', cookie = viewer.cookie): Promise<LeagueStandingsPage> => {
    const response = await get(`/api/leagues/${leagueId}/standings${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Every row, page after page of 100. */
  async function wholeLeague(): Promise<LeagueStandingRow[]> {
    const rows: LeagueStandingRow[] = [];
    for (let number = 1; ; number += 1) {
      const next = await page(`?page=${number}&pageSize=100`);
      rows.push(...next.rows);
      if (next.rows.length < 100) return rows;
    }
  }
  /** The league's approved members in the stored global order, as the league should show them. */
  async function expectedLeague() {
    const rows = await selectRows<{
      user_id: string;
      full_name: string;
      total_goals: number;
      status: string;
      joined_at: Date | string;
    }>(
      context.database.db,
      sql`select standings.user_id, standings.full_name, standings.total_goals, standings.status, league_members.joined_at
        from standings join league_members on league_members.user_id = standings.user_id
          and league_members.league_id = ${leagueId} and league_members.status = 'approved'
        where standings.season_id = ${SEASON} order by standings.ord`,
    );
    return rows.map((row, index) => ({
      rank: index + 1,
      userId: row.user_id,
      fullName: row.full_name,
      totalGoals: row.total_goals,
      status: row.status,
      joinedAt: new Date(row.joined_at).toISOString(),
    }));
  }

  beforeAll(async () => {
    const fan = await signUp(context.app);
    Object.assign(viewer, {
      cookie: fan.cookie,
      id: (await completeOnboarding(context.app, fan.cookie, 'Vera Viewer')).id,
    });
    await saveSquadByNames(context.app, context.database.db, fan.cookie);
    outsiderCookie = (await signUpOnboarded(context.app)).cookie;
    Object.assign(waiting, await signUpOnboarded(context.app));

    const { userIds } = await addPopulationBeside(context.database.db, {
      seasonId: SEASON,
      size: CROWD,
      idPrefix: 'crowd',
      noSquadEvery: 9,
      twinEvery: 6,
    });
    leagueId = await insertLeague(context.database.db, { seasonId: SEASON, adminId: viewer.id });
    await insertMemberships(context.database.db, leagueId, userIds.slice(0, APPROVED - 1), 'approved');
    await insertMemberships(context.database.db, leagueId, userIds.slice(130, 134), 'pending');
    await insertMemberships(context.database.db, leagueId, userIds.slice(134, 138), 'rejected');
    await insertMemberships(context.database.db, leagueId, userIds.slice(138, 142), 'kicked');
    await setMembership(context.database.db, leagueId, waiting.id, 'pending');
    otherLeagueId = await insertLeague(context.database.db, { seasonId: SEASON, adminId: 'crowd-149' });
    await requestBoardRebuild(context.database.db);
    now = AFTER_GAMEWEEK_20;
    await context.app.standings.refresh();
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await send(context.app, 'GET', `/api/leagues/${leagueId}/standings`);
    expect(response.statusCode).toBe(401);
  });

  it('answers "League not found" to anyone but an approved member, as for a league that does not exist', async () => {
    const refusals = [
      await get(`/api/leagues/${leagueId}/standings`, outsiderCookie),
      await get(`/api/leagues/${leagueId}/standings`, waiting.cookie),
      await get(`/api/leagues/${otherLeagueId}/standings`),
      await get('/api/leagues/00000000-0000-4000-8000-000000000000/standings'),
      await get('/api/leagues/not-a-league/standings'),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject(NOT_FOUND);
    }
  });

  it('refuses a page size other than 25, 50 or 100, and a page below 1', async () => {
    expect((await get(`/api/leagues/${leagueId}/standings?pageSize=30`)).statusCode).toBe(400);
    expect((await get(`/api/leagues/${leagueId}/standings?page=0`)).statusCode).toBe(400);
  });

  it("ranks the approved members 1, 2, 3, ... in the global order, with the board's totals and statuses", async () => {
    const expected = await expectedLeague();
    expect(expected).toHaveLength(APPROVED);
    const rows = await wholeLeague();
    expect(rows.map(({ isYou: _, picks: __, ...row }) => row)).toEqual(expected);
    // The global board agrees: the league's order is the order of its members' global ranks.
    const global = new Map<string, number>();
    for (let number = 1; number <= 4; number += 1) {
      const response = await get(`/api/leaderboard/global?page=${number}&pageSize=50`);
      for (const row of response.json().rows as { userId: string; rank: number }[])
        global.set(row.userId, row.rank);
    }
    const globalRanks = rows.map((row) => global.get(row.userId) ?? Number.NaN);
    expect(globalRanks).toEqual([...globalRanks].sort((a, b) => a - b));
    expect(new Set(rows.map((row) => row.status)).size).toBeGreaterThan(1);
  });

  it('pages with 50 by default, 25 or 100 on request, and past the end answers no rows and the true total', async () => {
    const first = await page();
    expect(first).toMatchObject({
      page: 1,
      pageSize: 50,
      total: APPROVED,
      computedAt: new Date(AFTER_GAMEWEEK_20).toISOString(),
    });
    expect(first.rows.map((row) => row.rank)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    const fifth = await page('?page=5&pageSize=25');
    expect(fifth.rows.map((row) => row.rank)).toEqual(Array.from({ length: 20 }, (_, index) => 101 + index));
    const second = await page('?page=2&pageSize=100');
    expect(second.rows.map((row) => row.rank)).toEqual(Array.from({ length: 20 }, (_, index) => 101 + index));
    expect(await page('?page=4&pageSize=50')).toMatchObject({ rows: [], total: APPROVED, page: 4 });
    expect(await page('?page=999')).toMatchObject({ rows: [], total: APPROVED });
  });

  it("searches members' names anywhere, whatever the case, keeping their league ranks", async () => {
    const expected = await expectedLeague();
    const surname = (expected[3]?.fullName ?? '').split(' ')[1] ?? '';
    for (const search of [surname.toLowerCase(), surname.toUpperCase(), surname.slice(1, 3), 'vera v']) {
      const matches = expected.filter((row) => row.fullName.toLowerCase().includes(search.toLowerCase()));
      expect(matches.length, search).toBeGreaterThan(0);
      const found = await page(`?search=${encodeURIComponent(search)}&pageSize=100`);
      expect(found.total, search).toBe(matches.length);
      expect(found.rows.map((row) => [row.rank, row.userId])).toEqual(
        matches.map((row) => [row.rank, row.userId]),
      );
    }
    const twoLetters = expected.filter((row) => row.fullName.toLowerCase().includes('an'));
    const secondPage = await page('?search=an&pageSize=25&page=2');
    expect(secondPage.total).toBe(twoLetters.length);
    expect(secondPage.rows.map((row) => row.rank)).toEqual(twoLetters.slice(25, 50).map((row) => row.rank));
    // A pending member's name is not found; nor is anything absent.
    expect(await page(`?search=${encodeURIComponent('zzz-nobody')}`)).toMatchObject({ rows: [], total: 0 });
    expect(await page('?search=%20%20')).toMatchObject({ total: APPROVED });
  });

  it("shows the viewer's own row with their picks under Show Me Only, and nobody else's picks", async () => {
    const mine = await page('?me=true');
    expect(mine.total).toBe(1);
    expect(mine.rows).toHaveLength(1);
    const own = mine.rows[0];
    expect(own).toMatchObject({ userId: viewer.id, fullName: 'Vera Viewer', isYou: true });
    expect(own?.picks?.map((pick) => pick.webName)).toEqual(['Haaland', 'Watkins', 'Saka', 'Gibbs-White']);
    expect(own?.picks?.reduce((sum, pick) => sum + pick.goals, 0)).toBe(own?.totalGoals);
    const expected = await expectedLeague();
    expect(own?.rank).toBe(expected.find((row) => row.userId === viewer.id)?.rank);
    const rows = await wholeLeague();
    expect(rows.filter((row) => row.isYou).map((row) => row.userId)).toEqual([viewer.id]);
    expect(rows.filter((row) => row.picks !== undefined).map((row) => row.userId)).toEqual([viewer.id]);
    // A search that leaves the viewer out shows nobody's picks; "me" with a search that misses them is empty.
    expect(await page('?me=true&search=zzz-nobody')).toMatchObject({ rows: [], total: 0 });
  });

  it('says the standings are updating after an approval, until the next recompute shows the new member', async () => {
    expect((await page()).pendingWithinSeconds).toBeNull();
    await setMembership(context.database.db, leagueId, waiting.id, 'approved');
    // Written straight to the database, as by another instance: heard here through its NOTIFY.
    const before = await vi.waitFor(async () => {
      const seen = await page('?pageSize=100&page=2');
      expect(seen.pendingWithinSeconds).not.toBeNull();
      return seen;
    });
    // The check interval (5 s here) and two recomputes of a board this small.
    expect(before.pendingWithinSeconds).toBeGreaterThanOrEqual(5);
    expect(before.pendingWithinSeconds).toBeLessThan(30);
    const newcomer = await page('?me=true', waiting.cookie);
    expect(newcomer.pendingWithinSeconds).toBeGreaterThanOrEqual(5);

    await context.app.standings.refresh();
    const after = await page('?pageSize=100&page=2');
    expect(after.pendingWithinSeconds).toBeNull();
    expect(after.total).toBe(APPROVED + 1);
    expect((await wholeLeague()).map(({ isYou: _, picks: __, ...row }) => row)).toEqual(
      await expectedLeague(),
    );
    const ranked = await page('?me=true', waiting.cookie);
    expect(ranked.pendingWithinSeconds).toBeNull();
    expect(ranked.rows).toMatchObject([{ userId: waiting.id, isYou: true }]);
  });

  it('tells an approved member the stored standings do not hold yet that they will appear', async () => {
    const newcomer = await signUpOnboarded(context.app);
    // Their onboarding placed first: a placement after the membership below would rank them at once.
    await context.app.standings.refresh();
    // Approved without the league's change mark: only "not on the stored standings" says so.
    await setMembership(context.database.db, leagueId, newcomer.id, 'approved', { markChanged: false });
    const seen = await page('?me=true', newcomer.cookie);
    expect(seen.rows).toEqual([]);
    expect(seen.pendingWithinSeconds).toBeGreaterThanOrEqual(5);
    // The league itself has not changed for the others.
    expect((await page()).pendingWithinSeconds).toBeNull();
    await context.app.standings.refresh();
  });

  it('drops a member who left at once, and closes the gap in the ranks at the next recompute', async () => {
    await context.app.standings.refresh();
    const before = await page('?pageSize=25');
    const leaver = before.rows[2];
    if (!leaver || leaver.userId === viewer.id) throw new Error('Unexpected third row');
    await removeMembership(context.database.db, leagueId, leaver.userId);
    // Written straight to the database, as by another instance: heard here through its NOTIFY.
    const meanwhile = await vi.waitFor(async () => {
      const seen = await page('?pageSize=25');
      expect(seen.rows.map((row) => row.userId)).not.toContain(leaver.userId);
      return seen;
    });
    expect(meanwhile.rows.map((row) => row.rank)).toEqual(
      before.rows.map((row) => row.rank).filter((rank) => rank !== 3),
    );
    expect(meanwhile.pendingWithinSeconds).not.toBeNull();
    await context.app.standings.refresh();
    const after = await page('?pageSize=25');
    expect(after.rows.map((row) => row.rank)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(after.total).toBe(before.total - 1);
    expect(after.pendingWithinSeconds).toBeNull();
  });
});
