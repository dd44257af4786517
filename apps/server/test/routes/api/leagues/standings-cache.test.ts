import type { LeagueStandingsPage } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readLeagueStandingsPage } from '../../../../src/plugins/app/standings/reading/league-standings-repository.ts';
import { requestBoardRebuild } from '../../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { completeOnboarding, send, signUp, signUpOnboarded } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { insertLeague, insertMemberships, setMembership } from '../../../support/league-standings.ts';
import { addPopulationBeside } from '../../../support/population.ts';
import { saveSquadByNames } from '../../../support/squads.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_20 = '2026-01-05T12:00:00Z';
const SEASON = '2025-26';
const CROWD = 60;

/** League standings pages kept in the board cache under the board version and the league's last change of members. */
describe.each(ENGINES)('league standings pages from the board cache on %s', (engine) => {
  let now = BEFORE_DEADLINE;
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(now) });
  const admin = { cookie: '', id: '' };
  const member = { cookie: '', id: '' };
  let leagueId = '';
  let crowd: string[] = [];

  const get = (query: string, cookie: string) =>
    send(context.app, 'GET', `/api/leagues/${leagueId}/standings${query}`, { cookie });
  const page = async (query: string, cookie = admin.cookie): Promise<LeagueStandingsPage> => {
    const response = await get(query, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    const { db } = context.database;
    const fan = await signUp(context.app);
    Object.assign(admin, {
      cookie: fan.cookie,
      id: (await completeOnboarding(context.app, fan.cookie, 'Ada Admin')).id,
    });
    await saveSquadByNames(context.app, db, fan.cookie);
    const other = await signUpOnboarded(context.app);
    Object.assign(member, { cookie: other.cookie, id: other.id });
    await saveSquadByNames(context.app, db, other.cookie);
    crowd = (await addPopulationBeside(db, { seasonId: SEASON, size: CROWD, idPrefix: 'lcache' })).userIds;
    leagueId = await insertLeague(db, { seasonId: SEASON, adminId: admin.id });
    await insertMemberships(db, leagueId, crowd, 'approved');
    await setMembership(db, leagueId, member.id, 'approved');
    // The helpers leave the league's counters alone; the admin's kick below moves them.
    await db.execute(sql`update leagues set approved_members = (select count(*) from league_members
      where league_id = ${leagueId} and status = 'approved') where id = ${leagueId}`);
    await requestBoardRebuild(db);
    now = AFTER_GAMEWEEK_20;
    await context.app.standings.refresh();
  });

  it('serves a page from memory, the same as the database holds', async () => {
    const first = await page('?pageSize=25&page=2');
    const held = context.app.boardCache.pageCount;
    const second = await page('?pageSize=25&page=2');
    expect(second).toEqual(first);
    expect(context.app.boardCache.pageCount).toBe(held);
    const stored = await readLeagueStandingsPage(context.database.db, {
      seasonId: SEASON,
      leagueId,
      viewerId: admin.id,
      page: 2,
      pageSize: 25,
      isMeOnly: false,
      leagueSize: CROWD + 2,
    });
    expect(second.total).toBe(CROWD + 2);
    expect(second.rows.map((row) => [row.rank, row.userId])).toEqual(
      stored.rows.map((row) => [row.rank, row.userId]),
    );
  });

  it('reads nothing from the database for a page asked again', async () => {
    await page('?pageSize=25&page=3', member.cookie);
    const statements = vi.spyOn(context.database.db, 'execute');
    try {
      await page('?pageSize=25&page=3', member.cookie);
      expect(statements).not.toHaveBeenCalled();
    } finally {
      statements.mockRestore();
    }
  });

  it("marks each viewer's own row on a page they share, with their picks only", async () => {
    const seenByAdmin = await page('?pageSize=100');
    const seenByMember = await page('?pageSize=100', member.cookie);
    expect(seenByMember.rows.map((row) => [row.rank, row.userId])).toEqual(
      seenByAdmin.rows.map((row) => [row.rank, row.userId]),
    );
    for (const [seen, viewerId] of [
      [seenByAdmin, admin.id],
      [seenByMember, member.id],
    ] as const) {
      expect(seen.rows.filter((row) => row.isYou).map((row) => row.userId)).toEqual([viewerId]);
      expect(seen.rows.filter((row) => row.picks !== undefined).map((row) => row.userId)).toEqual([viewerId]);
    }
  });

  it('tells only the viewer the stored standings do not hold yet that they will appear', async () => {
    const newcomer = await signUpOnboarded(context.app);
    // Their onboarding placed first: a placement after the membership below would rank them at once.
    await context.app.standings.refresh();
    // Approved without the league's change mark: the page others see is the one kept.
    await setMembership(context.database.db, leagueId, newcomer.id, 'approved', { markChanged: false });
    const kept = await page('?pageSize=25');
    expect(kept.pendingWithinSeconds).toBeNull();
    const seenByNewcomer = await page('?pageSize=25', newcomer.cookie);
    expect(seenByNewcomer.rows.map((row) => row.userId)).toEqual(kept.rows.map((row) => row.userId));
    expect(seenByNewcomer.pendingWithinSeconds).toBeGreaterThanOrEqual(5);
    expect((await page('?pageSize=25')).pendingWithinSeconds).toBeNull();
    await context.app.standings.refresh();
  });

  it('refuses the standings to a member taken out by another process, once its change is heard', async () => {
    const leaver = await signUpOnboarded(context.app);
    await setMembership(context.database.db, leagueId, leaver.id, 'approved');
    await vi.waitFor(async () => expect((await get('?pageSize=25', leaver.cookie)).statusCode).toBe(200));
    expect(context.app.leagueMemberships.size).toBeGreaterThan(0);
    // Written as another instance or an operator would: this instance hears it through the NOTIFY.
    await context.database.db.execute(
      sql`update league_members set status = 'kicked' where league_id = ${leagueId} and user_id = ${leaver.id}`,
    );
    await vi.waitFor(async () => expect((await get('?pageSize=25', leaver.cookie)).statusCode).toBe(404), {
      timeout: 2_000,
    });
    expect((await get('?pageSize=25', member.cookie)).statusCode).toBe(200);
  });

  it('drops a member the admin kicks at once, and refuses them the standings', async () => {
    const before = await page('?pageSize=100');
    expect(before.rows.map((row) => row.userId)).toContain(member.id);
    expect((await get('?pageSize=100', member.cookie)).statusCode).toBe(200);
    // Without the change's NOTIFY: this instance forgets the membership itself before answering.
    const { db } = context.database;
    await db.execute(sql`alter table leagues disable trigger leagues_notify_league_change`);
    await db.execute(sql`alter table league_members disable trigger league_members_notify_league_change`);
    const response = await send(context.app, 'PUT', `/api/leagues/${leagueId}/members/${member.id}`, {
      cookie: admin.cookie,
      body: { status: 'kicked' },
    }).finally(async () => {
      await db.execute(sql`alter table leagues enable trigger leagues_notify_league_change`);
      await db.execute(sql`alter table league_members enable trigger league_members_notify_league_change`);
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await page('?pageSize=100');
    expect(after.rows.map((row) => row.userId)).toEqual(
      before.rows.map((row) => row.userId).filter((id) => id !== member.id),
    );
    expect(after.pendingWithinSeconds).not.toBeNull();
    expect((await get('?pageSize=100', member.cookie)).statusCode).toBe(404);
  });
});
