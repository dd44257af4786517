import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../../../src/db/database.ts';
import { deleteAccount } from '../../../../src/plugins/app/accounts/delete-account.ts';
import { markMemberChanged } from '../../../../src/plugins/app/standings/placing/member-changes-repository.ts';
import { requestBoardRebuild } from '../../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { signUpOnboarded } from '../../../support/accounts.ts';
import { bruteForceRanking, type Expected, restrictedRanks } from '../../../support/brute-force-ranking.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { insertLeague, removeMembership, setMembership } from '../../../support/league-standings.ts';
import { addPopulationBeside } from '../../../support/population.ts';
import { engines } from '../../../support/test-database.ts';
import { readWholeBoard, readWholeLeague } from '../../../support/whole-board.ts';

const ENGINES = engines('both', 'standings SQL');
const SEASON = '2025-26';

/*
 * A season replayed through the standings check as the server runs it (`standings.refresh()`:
 * placements, or a rebuild), with goals arriving as the clock passes their kick-offs, corrections
 * as a sync writes them (a goal taken away, a goal moved to another footballer), newcomers, a
 * rename, a change of country and club, a changed squad, a league leaver and a deleted account.
 * After every step each board and the league equal the brute-force ranking from the rules.
 */

const MOMENTS = [
  '2025-08-15T12:00:00Z',
  '2025-08-25T12:00:00Z',
  '2025-10-06T12:00:00Z',
  '2025-12-08T12:00:00Z',
  '2026-02-16T12:00:00Z',
  '2026-05-25T12:00:00Z',
  '2026-06-01T12:00:00Z',
];

describe.each(ENGINES)('a season replayed on %s', (engine) => {
  let now = '2025-08-10T12:00:00Z';
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(now) });
  let leagueId = '';
  let fans: string[] = [];

  beforeAll(async () => {
    const { db } = context.database;
    ({ userIds: fans } = await addPopulationBeside(db, {
      seasonId: SEASON,
      size: 400,
      idPrefix: 'fan',
      seed: 3,
      twinEvery: 6,
    }));
    await requestBoardRebuild(db);
    leagueId = await insertLeague(db, { seasonId: SEASON, adminId: fans[0] ?? '' });
    for (const userId of fans.slice(1, 60)) await setMembership(db, leagueId, userId, 'approved');
    await countApproved();
  });

  /** The league's approved count, which the test's memberships written straight leave alone. */
  async function countApproved() {
    await context.database.db.execute(sql`update leagues set approved_members = (select count(*)
      from league_members where league_id = ${leagueId} and status = 'approved') where id = ${leagueId}`);
  }

  /** Every board and the league against the brute-force ranking at `now`. */
  async function expectRulesOrder(step: string) {
    const { db } = context.database;
    const season = await context.app.activeSeason.get();
    const expected = await bruteForceRanking(db, season, new Date(now));
    const ranked = (entries: Expected[], ranks?: Map<string, number>) =>
      entries.map((entry, index) => ({ rank: ranks?.get(entry.userId) ?? index + 1, userId: entry.userId }));
    expect(
      await readWholeBoard(db, { seasonId: SEASON, board: { kind: 'global' }, pageSize: 47 }),
      step,
    ).toEqual(ranked(expected));
    for (const key of ['country', 'club'] as const) {
      const ranks = restrictedRanks(expected, (entry) => entry[key]);
      for (const name of new Set(expected.map((entry) => entry[key]))) {
        const board = key === 'country' ? { kind: key, country: name } : { kind: key, club: name };
        const members = expected.filter((entry) => entry[key] === name);
        expect(
          await readWholeBoard(db, { seasonId: SEASON, board, pageSize: 13 }),
          `${step}: ${name}`,
        ).toEqual(ranked(members, ranks));
      }
    }
    const approved = new Set(
      (
        await selectRows<{ user_id: string }>(
          db,
          sql`select user_id from league_members where league_id = ${leagueId} and status = 'approved'`,
        )
      ).map((row) => row.user_id),
    );
    const league = expected.filter((entry) => approved.has(entry.userId));
    const options = {
      seasonId: SEASON,
      leagueId,
      viewerId: fans[0] ?? '',
      leagueSize: league.length,
      pageSize: 9,
    };
    expect(await readWholeLeague(db, options), `${step}: league`).toEqual(ranked(league));
  }

  /** The standings check, run until it finds the board current. */
  async function settle() {
    for (let turn = 0; turn < 5; turn += 1) {
      if ((await context.app.standings.refresh()).status === 'fresh') return;
    }
    throw new Error('The standings check never settled');
  }

  /** What happens to the season's members between two moments, step by step. */
  async function changeMembers(step: number) {
    const { db } = context.database;
    const fan = (index: number) => fans[(step * 37 + index) % fans.length] ?? '';
    const changed = [fan(1), fan(2), fan(3), fan(4)];
    await db.execute(sql`update profiles set full_name = ${`Renamed Fan ${step}`} where id = ${changed[0]}`);
    await db.execute(
      sql`update profiles set country = 'Iceland', favourite_club = 'Fulham' where id = ${changed[1]}`,
    );
    // A changed squad: the fan's first pick swapped for another fan's (a valid outfield player).
    await db.execute(sql`update picks set player_id = (select player_id from picks where user_id = ${fan(9)}
        and player_id not in (select player_id from picks where user_id = ${changed[2]}) limit 1)
      where user_id = ${changed[2]} and slot = 1`);
    for (const userId of changed.slice(0, 3)) await markMemberChanged(db, userId);
    await removeMembership(db, leagueId, changed[3] ?? '');
    // Newcomers sign up and complete their onboarding (past the deadline: without a squad).
    const newcomers = [await signUpOnboarded(context.app), await signUpOnboarded(context.app)];
    await setMembership(db, leagueId, newcomers[0]?.id ?? '', 'approved');
    fans = [...fans, ...newcomers.map((newcomer) => newcomer.id)];
    await countApproved();
  }

  /** Corrections a sync writes: a counted goal row taken away, another moved to another footballer. */
  async function correctGoals() {
    const { db } = context.database;
    // The taken goal is its picked scorer's only one so far: he leaves the scorers altogether.
    const picked = sql`exists (select from picks where picks.player_id = goal.player_id)`;
    const [taken] = await selectRows<{ player_id: string; fixture_id: number }>(
      db,
      sql`select player_id, fixture_id from goals as goal where kickoff_at <= ${now} and ${picked}
        and (select sum(goals) from goals as his where his.player_id = goal.player_id and his.kickoff_at <= ${now}) = 1
        order by kickoff_at desc, player_id limit 1`,
    );
    const [moved] = await selectRows<{ player_id: string; fixture_id: number }>(
      db,
      sql`select player_id, fixture_id from goals as goal where kickoff_at <= ${now} and ${picked}
        and player_id <> ${taken?.player_id ?? null} order by kickoff_at desc, player_id limit 1`,
    );
    expect(taken && moved, 'goals to correct').toBeTruthy();
    await db.execute(sql`delete from goals
      where player_id = ${taken?.player_id ?? null} and fixture_id = ${taken?.fixture_id ?? 0}`);
    await db.execute(sql`update goals set player_id = (select id from players where season_id = ${SEASON}
        and position = 'forward' and id not in (select player_id from goals where fixture_id = ${moved?.fixture_id ?? 0})
        order by fpl_code limit 1)
      where player_id = ${moved?.player_id ?? null} and fixture_id = ${moved?.fixture_id ?? 0}`);
  }

  it('keeps every board and the league in the rules order at every step', async () => {
    await settle();
    await expectRulesOrder('first board');
    for (const [index, moment] of MOMENTS.entries()) {
      now = moment;
      if (index < MOMENTS.length - 1) await changeMembers(index);
      if (index === 3) {
        const [deleted] = await selectRows<{ id: string; email: string }>(
          context.database.db,
          sql`select id, email from users where id = ${fans[5] ?? ''}`,
        );
        if (deleted) await deleteAccount(context.database.db, deleted, new Date(now));
        fans = fans.filter((id) => id !== deleted?.id);
      }
      await settle();
      await expectRulesOrder(moment);
      if (index % 2 === 0) continue;
      // Corrections alone, at the same moment: only their scorers' pickers may move.
      await correctGoals();
      await settle();
      await expectRulesOrder(`${moment}, corrected`);
    }
  });
});
