import type { LeagueStandingsPage } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { requestBoardRebuild } from '../../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { send, signUpOnboarded } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { insertLeague, insertMemberships, setMembership } from '../../../support/league-standings.ts';
import { addPopulationBeside } from '../../../support/population.ts';
import { saveSquadByNames } from '../../../support/squads.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_20 = '2026-01-05T12:00:00Z';
const SEASON = '2025-26';
const CROWD = 30;

/** An account deleted takes its member off the league standings at once: nobody else is told to wait. */
describe.each(ENGINES)("a league's standings after a member's account is deleted on %s", (engine) => {
  let now = BEFORE_DEADLINE;
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(now) });
  const admin = { cookie: '', id: '' };
  let leagueId = '';

  const page = async (query: string, cookie = admin.cookie): Promise<LeagueStandingsPage> => {
    const response = await send(context.app, 'GET', `/api/leagues/${leagueId}/standings${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** A fan (without a squad: the season has started), approved in the league. */
  async function approvedMember() {
    const fan = await signUpOnboarded(context.app);
    await setMembership(context.database.db, leagueId, fan.id, 'approved');
    return fan;
  }
  async function deleteAccount(cookie: string): Promise<void> {
    const response = await send(context.app, 'POST', '/api/deleteAccount', { cookie });
    expect(response.statusCode, response.body).toBe(200);
  }
  /** The whole league, once this instance has heard that `userId` left it. */
  async function leagueWithout(userId: string): Promise<LeagueStandingsPage> {
    return vi.waitFor(async () => {
      const seen = await page('?pageSize=100');
      expect(seen.rows.map((row) => row.userId)).not.toContain(userId);
      return seen;
    });
  }

  beforeAll(async () => {
    const { db } = context.database;
    Object.assign(admin, await signUpOnboarded(context.app));
    await saveSquadByNames(context.app, db, admin.cookie);
    const crowd = (await addPopulationBeside(db, { seasonId: SEASON, size: CROWD, idPrefix: 'ldelete' }))
      .userIds;
    leagueId = await insertLeague(db, { seasonId: SEASON, adminId: admin.id });
    await insertMemberships(db, leagueId, crowd, 'approved');
    await db.execute(sql`update leagues set approved_members = ${CROWD + 1} where id = ${leagueId}`);
    await requestBoardRebuild(db);
    now = AFTER_GAMEWEEK_20;
    await context.app.standings.refresh();
  });

  it('tells no ranked member the standings are being updated, and keeps the ranks whole', async () => {
    const leaver = await approvedMember();
    await context.app.standings.refresh();
    const before = await page('?pageSize=100');
    expect(before.rows.map((row) => row.userId)).toContain(leaver.id);
    expect(before.pendingWithinSeconds).toBeNull();

    await deleteAccount(leaver.cookie);
    const after = await leagueWithout(leaver.id);
    expect(after.pendingWithinSeconds).toBeNull();
    expect(after.total).toBe(before.total - 1);
    expect(after.rows.map((row) => row.rank)).toEqual(after.rows.map((_, index) => index + 1));
    const mine = await page('?me=true');
    expect(mine.rows).toMatchObject([{ userId: admin.id, isYou: true }]);
    expect(mine.pendingWithinSeconds).toBeNull();
  });

  it('clears the notice of a newcomer approved and deleted before being placed', async () => {
    await context.app.standings.refresh();
    const newcomer = await approvedMember();
    expect((await page('?pageSize=100')).pendingWithinSeconds).not.toBeNull();
    await deleteAccount(newcomer.cookie);
    await vi.waitFor(async () => expect((await page('?pageSize=100')).pendingWithinSeconds).toBeNull());
    expect((await page('?me=true')).pendingWithinSeconds).toBeNull();
  });

  it('still tells a member who is not on the standings yet that they will appear', async () => {
    await context.app.standings.refresh();
    // Marked, so the refresh ranks them whenever the placing job took their onboarding.
    const newcomer = await approvedMember();
    const leaver = await approvedMember();
    // Onboarding placed first, then approved without the league's change mark: only "not on the
    // stored standings" tells this member to wait.
    const unplaced = await signUpOnboarded(context.app);
    await context.app.standings.refresh();
    await setMembership(context.database.db, leagueId, unplaced.id, 'approved', { markChanged: false });

    await deleteAccount(leaver.cookie);
    await leagueWithout(leaver.id);
    expect((await page('?me=true', newcomer.cookie)).pendingWithinSeconds).toBeNull();
    expect((await page('?pageSize=100')).pendingWithinSeconds).toBeNull();
    const waiting = await page('?me=true', unplaced.cookie);
    expect(waiting.rows).toEqual([]);
    expect(waiting.pendingWithinSeconds).toBeGreaterThanOrEqual(5);
  });
});
