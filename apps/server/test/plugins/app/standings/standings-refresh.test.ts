import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../../../src/db/database.ts';
import {
  goals,
  picks,
  standings,
  standingsMemberChanges,
  standingsState,
} from '../../../../src/db/schema/index.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import { standingsStaleReason } from '../../../../src/plugins/app/standings/freshness/standings-freshness.ts';
import { REBUILT_TABLES } from '../../../../src/plugins/app/standings/model.ts';
import { readPlacingState } from '../../../../src/plugins/app/standings/placing/member-changes-repository.ts';
import { placeMemberChanges } from '../../../../src/plugins/app/standings/placing/place-member-changes.ts';
import { partitionName } from '../../../../src/plugins/app/standings/rebuilding/board-swap-repository.ts';
import { requestBoardRebuild } from '../../../../src/plugins/app/standings/standings-inputs-repository.ts';
import { send, signUp } from '../../../support/accounts.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { insertLeague, setMembership } from '../../../support/league-standings.ts';
import { holdOffStandingsJobs } from '../../../support/scheduled-jobs.ts';
import { playerIdsByNames } from '../../../support/squads.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('both', 'standings SQL');

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_3 = '2025-09-05T12:00:00Z';
const LATE_SEASON = '2026-05-24T23:00:00Z';
const AFTER_SEASON = '2026-05-25T01:00:00Z';

const ONBOARDING = {
  dob: '1990-05-01',
  country: 'United Kingdom',
  favouriteClub: 'Arsenal',
  howDidYouHear: 'friend',
};

describe.each(ENGINES)('keeping the stored standings current on %s', (engine) => {
  let now = BEFORE_DEADLINE;
  const context = setUpTestApp(engine, { prepare: true, clock: () => new Date(now) });
  // Each test asserts what its own check did: no background turn may do it first.
  beforeAll(async () => {
    await context.app.ready();
    await holdOffStandingsJobs(context.database.db);
  });

  async function onboardedFan(fullName: string) {
    const fan = await signUp(context.app);
    const response = await send(context.app, 'PUT', '/api/profile/onboarding', {
      cookie: fan.cookie,
      body: { ...ONBOARDING, fullName },
    });
    expect(response.statusCode).toBe(200);
    return { ...fan, id: response.json().id as string };
  }

  async function storedRow(userId: string) {
    const [row] = await context.database.db.select().from(standings).where(eq(standings.userId, userId));
    return row;
  }

  /** The goals of these players that have kicked off by `iso`, from the goals table itself. */
  async function goalsBy(ids: string[], iso: string) {
    const [row] = await selectRows<{ total: number }>(
      context.database.db,
      sql`select coalesce(sum(${goals.goals}), 0)::int as total from ${goals}
        where ${goals.playerId} in ${ids} and ${goals.kickoffAt} <= ${iso}`,
    );
    return row?.total ?? -1;
  }

  /** When the stored board was rebuilt, and how many placements it has had since. */
  async function boardState() {
    const [state] = await context.database.db.select().from(standingsState);
    return { computedAt: state?.computedAt.toISOString(), revision: state?.revision ?? 0 };
  }

  /** The member's change waiting to be placed on the board, if any (its `seq`). */
  async function loggedChange(userId: string) {
    const [row] = await context.database.db
      .select()
      .from(standingsMemberChanges)
      .where(eq(standingsMemberChanges.userId, userId));
    return row?.applied === false ? row.seq : undefined;
  }

  it('computes a missing board, then leaves a current one alone', async () => {
    now = BEFORE_DEADLINE;
    const season = await findActiveSeason(context.database.db);
    await context.app.standings.refresh();
    expect(await standingsStaleReason(context.database.db, season, new Date(now))).toBeUndefined();
    expect(await context.app.standings.refresh()).toEqual({ status: 'fresh' });
    const [state] = await context.database.db.select().from(standingsState);
    expect(state?.computedFor.toISOString()).toBe(new Date(now).toISOString());
  });

  it('puts a newly onboarded player on the board and leaves one without onboarding off it', async () => {
    now = BEFORE_DEADLINE;
    await context.app.standings.refresh();
    const before = await boardState();
    const fan = await onboardedFan('Nia Newcomer');
    const unfinished = await signUp(context.app);
    await context.app.standings.refresh();
    // Placed on the stored board (by this check or the placing job's turn), not ranked again whole.
    expect(await loggedChange(fan.id)).toBeUndefined();
    expect(await boardState()).toEqual({ computedAt: before.computedAt, revision: expect.any(Number) });
    expect((await boardState()).revision).toBeGreaterThan(before.revision);
    expect(await storedRow(fan.id)).toMatchObject({
      fullName: 'Nia Newcomer',
      status: 'going_bust',
      totalGoals: 0,
      country: 'United Kingdom',
      club: 'Arsenal',
    });
    const [unfinishedProfile] = await selectRows<{ id: string }>(
      context.database.db,
      sql`select id from profiles where email = ${unfinished.email}`,
    );
    expect(await storedRow(unfinishedProfile?.id ?? '')).toBeUndefined();
  });

  it('places a saved team on the board, and scores it again once the clock passes kick-offs', async () => {
    now = BEFORE_DEADLINE;
    const fan = await onboardedFan('Tariq Team');
    await context.app.standings.refresh();
    const squad = await playerIdsByNames(context.database.db, ['Haaland', 'Watkins', 'Saka', 'Gibbs-White']);
    expect(await loggedChange(fan.id)).toBeUndefined();
    const before = await boardState();
    expect(
      (await send(context.app, 'PUT', '/api/squad', { cookie: fan.cookie, body: { playerIds: squad } }))
        .statusCode,
    ).toBe(200);
    await context.app.standings.refresh();
    expect(await loggedChange(fan.id)).toBeUndefined();
    expect((await boardState()).computedAt).toBe(before.computedAt);
    expect((await boardState()).revision).toBeGreaterThan(before.revision);
    expect(await storedRow(fan.id)).toMatchObject({ status: 'going_bust', totalGoals: 0 });
    const season = await findActiveSeason(context.database.db);

    now = AFTER_GAMEWEEK_3;
    expect(await standingsStaleReason(context.database.db, season, new Date(now))).toBe(
      'goals counted changed',
    );
    await context.app.standings.refresh();
    const expected = await goalsBy(squad, AFTER_GAMEWEEK_3);
    expect(expected).toBeGreaterThan(0);
    expect((await storedRow(fan.id))?.totalGoals).toBe(expected);

    // The demo clock can go back: the goals that no longer count drop out again.
    now = BEFORE_DEADLINE;
    await context.app.standings.refresh();
    expect((await storedRow(fan.id))?.totalGoals).toBe(0);
  });

  it('counts a goal a sync adds, and drops one it takes away', async () => {
    now = AFTER_GAMEWEEK_3;
    const fan = await onboardedFan('Sol Sync');
    const squad = await playerIdsByNames(context.database.db, ['Haaland', 'Watkins', 'Saka', 'Gibbs-White']);
    // A squad kept from before the deadline, written as the squad save writes it.
    await context.database.db
      .insert(picks)
      .values(
        squad.map((playerId, index) => ({ userId: fan.id, seasonId: '2025-26', playerId, slot: index + 1 })),
      );
    await requestBoardRebuild(context.database.db);
    await context.app.standings.refresh();
    const counted = (await storedRow(fan.id))?.totalGoals ?? -1;
    expect(counted).toBe(await goalsBy(squad, AFTER_GAMEWEEK_3));

    const [saka] = await playerIdsByNames(context.database.db, ['Saka']);
    await context.database.db.insert(goals).values({
      playerId: saka ?? '',
      fixtureId: 999_001,
      gameweek: 3,
      kickoffAt: new Date('2025-08-31T15:00:00Z'),
      goals: 2,
      clubCode: 'ARS',
    });
    // Saka's pickers are placed again; nobody else is ranked again.
    const sakaPickers = await context.database.db.$count(picks, eq(picks.playerId, saka ?? ''));
    expect(sakaPickers).toBeGreaterThan(0);
    expect(await context.app.standings.refresh()).toMatchObject({
      status: 'placed',
      reason: 'goals counted changed',
      scorersChanged: 1,
      moved: sakaPickers,
    });
    expect((await storedRow(fan.id))?.totalGoals).toBe(counted + 2);

    await context.database.db
      .delete(goals)
      .where(and(eq(goals.fixtureId, 999_001), eq(goals.playerId, saka ?? '')));
    expect(await context.app.standings.refresh()).toMatchObject({ status: 'placed', moved: sakaPickers });
    expect((await storedRow(fan.id))?.totalGoals).toBe(counted);
  });

  it('turns going bust into bust when the season ends', async () => {
    now = LATE_SEASON;
    const fan = await onboardedFan('Una Unscored');
    // A first squad after the deadline: only players without a goal yet, so going bust.
    const unscored = await selectRows<{ id: string }>(
      context.database.db,
      sql`select id from players where position <> 'goalkeeper' and first_gameweek = 1
        and not exists (select 1 from goals where goals.player_id = players.id) order by fpl_code limit 4`,
    );
    const saved = await send(context.app, 'PUT', '/api/squad', {
      cookie: fan.cookie,
      body: { playerIds: unscored.map((row) => row.id) },
    });
    expect(saved.statusCode).toBe(200);
    await context.app.standings.refresh();
    expect(await storedRow(fan.id)).toMatchObject({ status: 'going_bust', totalGoals: 0 });

    now = AFTER_SEASON;
    const season = await findActiveSeason(context.database.db);
    expect(await standingsStaleReason(context.database.db, season, new Date(now))).toBe('season ended');
    await context.app.standings.refresh();
    expect(await storedRow(fan.id)).toMatchObject({ status: 'bust', totalGoals: 0 });
  });

  it('rebuilds a board a crash of the database emptied, and places nothing on it meanwhile', async () => {
    now = LATE_SEASON;
    const { db } = context.database;
    const season = await findActiveSeason(db);
    const fan = await onboardedFan('Cora Crash');
    const leagueId = await insertLeague(db, { seasonId: season.id, adminId: fan.id });
    await setMembership(db, leagueId, fan.id, 'approved');
    await context.app.standings.refresh();
    const ranked = () =>
      selectRows<{ user_id: string; status: string; total_goals: number; ord: string }>(
        db,
        sql`select user_id, status, total_goals, encode(ord, 'hex') as ord from standings order by ord`,
      );
    const before = await ranked();
    expect(before.length).toBeGreaterThan(0);
    // Unlogged: what a rebuild writes is not written twice (decision 005). The season's partitions.
    const partitions = REBUILT_TABLES.map((table) => partitionName(table, season.id)).sort();
    const persistence = await selectRows<{ relname: string; relpersistence: string }>(
      db,
      sql`select relname, relpersistence from pg_class where relname in ${partitions} order by relname`,
    );
    expect(persistence).toEqual(partitions.map((relname) => ({ relname, relpersistence: 'u' })));

    // What PostgreSQL leaves of unlogged tables when it recovers from a crash: empty tables.
    const { computedAt } = await boardState();
    await db.execute(sql.raw(`truncate ${REBUILT_TABLES.join(', ')}`));
    expect(await standingsStaleReason(db, season, new Date(now))).toBe('board lost');
    expect(await db.transaction((tx) => readPlacingState(tx, season.id))).toMatchObject({
      isBoardLost: true,
    });
    expect(await placeMemberChanges({ database: context.database, season })).toEqual({
      status: 'needs rebuild',
      reason: 'the stored board was lost in a crash of the database',
    });
    // The fan, off the board meanwhile, is told to wait for a rebuild (the last one's time, as at
    // ten million players), not for a placement.
    await db.execute(sql`update ${standingsState} set duration_ms = 90000`);
    const withinSeconds = Math.ceil((90_000 + context.app.standings.refreshDelayMs) / 1000);
    const waiting = await send(context.app, 'GET', '/api/leaderboard/global', { cookie: fan.cookie });
    expect(waiting.json().viewerPending).toEqual({ withinSeconds });
    const league = await send(context.app, 'GET', `/api/leagues/${leagueId}/standings`, {
      cookie: fan.cookie,
    });
    expect(league.json().pendingWithinSeconds).toBe(withinSeconds);
    expect(await context.app.standings.refresh()).toMatchObject({
      status: 'recomputed',
      reason: 'board lost',
    });
    // Every member has the key they had: it depends on their own entry alone.
    expect(await ranked()).toEqual(before);
    expect((await boardState()).computedAt).not.toBe(computedAt);
    expect(await standingsStaleReason(db, season, new Date(now))).toBeUndefined();
  });

  it('follows a name change and takes a deleted account off the board', async () => {
    now = LATE_SEASON;
    const fan = await onboardedFan('Old Name');
    await context.app.standings.refresh();
    expect((await storedRow(fan.id))?.fullName).toBe('Old Name');

    const renamed = await send(context.app, 'PATCH', '/api/profile', {
      cookie: fan.cookie,
      body: { fullName: 'New Name', dob: ONBOARDING.dob },
    });
    expect(renamed.statusCode).toBe(200);
    await context.app.standings.refresh();
    expect((await storedRow(fan.id))?.fullName).toBe('New Name');

    expect((await send(context.app, 'POST', '/api/deleteAccount', { cookie: fan.cookie })).statusCode).toBe(
      200,
    );
    await context.app.standings.refresh();
    expect(await storedRow(fan.id)).toBeUndefined();
  });
});
