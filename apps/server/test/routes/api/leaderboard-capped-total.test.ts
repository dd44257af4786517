import {
  isPastSearchCap,
  type LeaderboardPage,
  type LeagueStandingsPage,
  SEARCH_PAGE_MESSAGES,
  SEARCH_TOTAL_CAP,
} from '@hit21/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLeaderboardPage } from '../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { readLeagueStandingsPage } from '../../../src/plugins/app/standings/reading/league-standings-repository.ts';
import { requestBoardRebuild } from '../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { completeOnboarding, ORIGIN, signUp } from '../../support/accounts.ts';
import { setUpTestApp } from '../../support/build-test-app.ts';
import { insertLeague, insertMemberships } from '../../support/league-standings.ts';
import { addPopulationBeside } from '../../support/population.ts';
import { holdOffStandingsJobs } from '../../support/scheduled-jobs.ts';
import { matchesSearch, nameMatches } from '../../support/search-key.ts';
import { saveSquadByNames } from '../../support/squads.ts';
import { engines } from '../../support/test-database.ts';
import { countryScope, GLOBAL_SCOPE, readStoredBoard, type StoredRow } from '../../support/whole-board.ts';

const ENGINES = engines('postgres', 'more than 10,000 members: minutes to load and rank on PGlite');

const SEASON = '2025-26';
const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_20 = '2026-01-05T12:00:00Z';
const CROWD = 10_600;
/** Members whose name gains " Quill": a name search (trigram index) matching more than the cap. */
const QUILLS = 10_100;
const PAGE_SIZE = 25;

/**
 * A search's total counted up to SEARCH_TOTAL_CAP (decision 018): past it, the answer is capped
 * and pages forward; short of it, exact.
 */
describe.each(ENGINES)('search totals capped at 10,000 on %s', (engine) => {
  let now = BEFORE_DEADLINE;
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(now) });
  const viewer = { cookie: '', id: '' };
  let board: StoredRow[] = [];
  /** A league of everyone on the board: its ranks are the global ones. */
  let leagueId = '';
  const get = (url: string, headers: Record<string, string> = {}) =>
    context.app.inject({
      method: 'GET',
      url,
      headers: { origin: ORIGIN, cookie: viewer.cookie, ...headers },
    });

  beforeAll(async () => {
    const { db } = context.database;
    await holdOffStandingsJobs(db);
    const fan = await signUp(context.app);
    const onboarded = await completeOnboarding(context.app, fan.cookie, 'Cora Capped');
    Object.assign(viewer, { cookie: fan.cookie, id: onboarded.id });
    await saveSquadByNames(context.app, db, fan.cookie);
    const { userIds } = await addPopulationBeside(db, { seasonId: SEASON, size: CROWD, idPrefix: 'capped' });
    leagueId = await insertLeague(db, { seasonId: SEASON, adminId: viewer.id });
    await insertMemberships(db, leagueId, userIds, 'approved');
    await db.execute(sql`update profiles set full_name = full_name || ' Quill'
      where id in (select id from profiles where id like 'capped%' order by md5(id) limit ${QUILLS})`);
    await requestBoardRebuild(db);
    now = AFTER_GAMEWEEK_20;
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'recomputed' });
    board = await readStoredBoard(db, SEASON);
    expect(board).toHaveLength(CROWD + 1);
  }, 300_000);

  const scopes = [GLOBAL_SCOPE, countryScope('United Kingdom')];

  it('counts up to the cap, or to the page past it, and pages forward in rank order', async () => {
    const capped = new Set<string>();
    const exact = new Set<string>();
    const walkedOn = new Set<string>();
    // One letter (every name tested), a name through the trigram index, countries and clubs, a rare name.
    for (const search of ['e', 'quill', 'united', 'son']) {
      for (const scope of scopes) {
        const expected = board
          .filter(scope.member)
          .filter((row) =>
            matchesSearch({ fullName: row.full_name, country: row.country, club: row.club }, search),
          )
          .sort((a, b) => scope.rank(a) - scope.rank(b));
        const last = Math.max(1, Math.ceil(expected.length / PAGE_SIZE));
        const atCap = SEARCH_TOTAL_CAP / PAGE_SIZE;
        for (const page of new Set([1, 2, atCap, atCap + 1, atCap + 2, last, last + 1])) {
          const label = `${scope.label}, "${search}", page ${page}`;
          const read = (after?: string) =>
            readLeaderboardPage(context.database.db, {
              seasonId: SEASON,
              board: scope.board,
              page,
              pageSize: PAGE_SIZE,
              search,
              after,
            });
          const isCapped = expectPage(await read(), expected, page, scope.rank, label);
          (isCapped ? capped : exact).add(`${scope.label} ${search}`);
          // Past the cap, Next walks on from the page before's last member: the same page.
          if (isPastSearchCap(page, PAGE_SIZE) && page <= last) {
            const after = expected[(page - 1) * PAGE_SIZE - 1]?.user_id;
            expectPage(await read(after), expected, page, scope.rank, `${label}, after ${after}`);
            walkedOn.add(`${scope.label} ${search}`);
          }
        }
      }
    }
    // Both kinds of answer were checked, on both paths of a name search.
    expect([...capped]).toEqual(expect.arrayContaining(['global e', 'global quill']));
    expect([...exact]).toEqual(expect.arrayContaining(['global son', 'country United Kingdom quill']));
    expect([...walkedOn]).toEqual(expect.arrayContaining(['global e', 'global quill']));
  });

  it("counts a league's name search up to the cap too, and pages it forward", async () => {
    const capped = new Set<string>();
    for (const search of ['e', 'quill', 'son']) {
      const expected = board.filter((row) => nameMatches(row.full_name, search));
      const last = Math.max(1, Math.ceil(expected.length / PAGE_SIZE));
      const atCap = SEARCH_TOTAL_CAP / PAGE_SIZE;
      for (const page of new Set([1, atCap, atCap + 1, last, last + 1])) {
        const label = `"${search}", page ${page}`;
        const read = (after?: string) =>
          readLeagueStandingsPage(context.database.db, {
            seasonId: SEASON,
            leagueId,
            viewerId: viewer.id,
            page,
            pageSize: PAGE_SIZE,
            search,
            after,
            isMeOnly: false,
            leagueSize: CROWD + 1,
          });
        if (expectPage(await read(), expected, page, (row) => row.global_rank, label)) capped.add(search);
        if (isPastSearchCap(page, PAGE_SIZE) && page <= last) {
          const after = expected[(page - 1) * PAGE_SIZE - 1]?.user_id;
          expectPage(await read(after), expected, page, (row) => row.global_rank, `${label}, after ${after}`);
        }
      }
    }
    // Capped through the league's trigram index (three letters, a league past BIG_LEAGUE); "e"
    // reads the league's rows, "son" is counted exactly.
    expect(capped.has('quill')).toBe(true);
    expect(capped.has('son')).toBe(false);
    const answer = await get(`/api/leagues/${leagueId}/standings?search=quill&pageSize=25`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<LeagueStandingsPage>()).toMatchObject({
      total: SEARCH_TOTAL_CAP,
      isTotalCapped: true,
    });
  });

  it('answers the API with the capped total, with Show Me Only and ETags as before', async () => {
    const first = await get('/api/leaderboard/global?search=quill&pageSize=25');
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<LeaderboardPage>();
    expect(answer).toMatchObject({ total: SEARCH_TOTAL_CAP, isTotalCapped: true, page: 1 });
    expect(answer.rows).toHaveLength(PAGE_SIZE);
    // Asked again with its tag: not modified.
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(
      (await get('/api/leaderboard/global?search=quill&pageSize=25', { 'if-none-match': etag })).statusCode,
    ).toBe(304);
    // Past the cap, Next asks after the page before's last member, and finds the rows after them.
    const page400 = (
      await get('/api/leaderboard/global?search=quill&pageSize=25&page=400')
    ).json<LeaderboardPage>();
    const lastOf400 = page400.rows.at(-1);
    const past = await get(
      `/api/leaderboard/global?search=quill&pageSize=25&page=401&after=${lastOf400?.userId}`,
    );
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json<LeaderboardPage>()).toMatchObject({ total: 10_025, isTotalCapped: true });
    const walkedFromTop = await readLeaderboardPage(context.database.db, {
      seasonId: SEASON,
      board: GLOBAL_SCOPE.board,
      page: 401,
      pageSize: PAGE_SIZE,
      search: 'quill',
    });
    expect(past.json<LeaderboardPage>().rows.map((row) => [row.rank, row.userId])).toEqual(
      walkedFromTop.rows.map((row) => [row.rank, row.userId]),
    );
    expect(walkedFromTop.rows[0]?.rank).toBeGreaterThan(lastOf400?.rank ?? 0);
    // Without it a page past the cap is refused, at once; so is a cursor without a search.
    for (const [url, message] of [
      ['/api/leaderboard/global?search=quill&pageSize=25&page=401', SEARCH_PAGE_MESSAGES.afterNeeded],
      [
        `/api/leagues/${leagueId}/standings?search=quill&pageSize=25&page=156000`,
        SEARCH_PAGE_MESSAGES.afterNeeded,
      ],
      [`/api/leaderboard/global?page=2&after=${viewer.id}`, SEARCH_PAGE_MESSAGES.afterWithoutSearch],
    ] as const) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toMatchObject({ code: 'INVALID_REQUEST', userMessage: message });
    }
    // Show Me Only narrows the search to the viewer: counted exactly.
    const onlyMe = (await get('/api/leaderboard/global?search=e&me=true')).json<LeaderboardPage>();
    expect(onlyMe).toMatchObject({
      total: 1,
      isTotalCapped: false,
      rows: [{ userId: viewer.id, isYou: true }],
    });
    // A board unsearched keeps its exact total, past the cap.
    const whole = (await get('/api/leaderboard/global')).json<LeaderboardPage>();
    expect(whole).toMatchObject({ total: CROWD + 1, isTotalCapped: false });
  });
});

/**
 * A page as the search's brute-force list says: counted to the cap, or to the end of a page past
 * it (more than that is "capped"), and the list's rows of that page with their ranks. Answers
 * whether the total was capped.
 */
function expectPage<Row extends { user_id: string }>(
  found: { total: number; isTotalCapped: boolean; rows: { rank: number; userId: string }[] },
  expected: readonly Row[],
  page: number,
  rankOf: (row: Row) => number,
  label: string,
): boolean {
  const countedTo = Math.max(SEARCH_TOTAL_CAP, page * PAGE_SIZE);
  const isCapped = expected.length > countedTo;
  expect({ total: found.total, isTotalCapped: found.isTotalCapped }, label).toEqual({
    total: isCapped ? countedTo : expected.length,
    isTotalCapped: isCapped,
  });
  expect(
    found.rows.map((row) => [row.rank, row.userId]),
    label,
  ).toEqual(
    expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((row) => [rankOf(row), row.user_id]),
  );
  return isCapped;
}
