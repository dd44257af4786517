import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.ts';
import type { Database } from '../../../src/db/database.ts';
import { goals, players } from '../../../src/db/schema/index.ts';
import { send, signUp, signUpOnboarded } from '../../support/accounts.ts';
import { buildTestApp, clockAt, setUpTestApp } from '../../support/build-test-app.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_3 = '2025-09-05T12:00:00Z';

async function playerId(db: Database, webName: string): Promise<string> {
  const [row] = await db.select({ id: players.id }).from(players).where(eq(players.webName, webName));
  if (!row) throw new Error(`No player ${webName}`);
  return row.id;
}

/** Outfield players in the game from gameweek 1 with no goal before `moment`. */
async function unscoredBy(db: Database, moment: string, count: number): Promise<string[]> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(
      and(
        sql`${players.position} <> 'goalkeeper'`,
        eq(players.firstGameweek, 1),
        sql`not exists (select 1 from ${goals} where ${goals.playerId} = ${players.id} and ${goals.kickoffAt} <= ${moment})`,
      ),
    )
    .orderBy(players.fplCode)
    .limit(count);
  return rows.map((row) => row.id);
}

describe.each(ENGINES)('the team on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: clockAt(BEFORE_DEADLINE) });

  async function appAt(iso: string): Promise<App> {
    return buildTestApp(context.database, { clock: clockAt(iso) });
  }

  it('saves 4 outfield players before the deadline, replaces them on edit, and marks selection complete', async () => {
    const { db } = context.database;
    const { cookie } = await signUpOnboarded(context.app);
    const first = await Promise.all(
      ['Haaland', 'Watkins', 'Saka', 'Gibbs-White'].map((name) => playerId(db, name)),
    );
    const saved = await send(context.app, 'PUT', '/api/squad', { cookie, body: { playerIds: first } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().picks.map((pick: { webName: string }) => pick.webName)).toEqual([
      'Haaland',
      'Watkins',
      'Saka',
      'Gibbs-White',
    ]);
    expect(saved.json()).toMatchObject({ isEditable: true });
    expect(saved.json().picks[0]).toMatchObject({
      clubCode: 'MCI',
      clubName: 'Manchester City',
      position: 'forward',
      goals: 0,
      lastSeasonGoals: 22,
    });
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).json().playerSelectionComplete).toBe(
      true,
    );

    const second = [...first.slice(0, 3), await playerId(db, 'Semenyo')];
    const edited = await send(context.app, 'PUT', '/api/squad', { cookie, body: { playerIds: second } });
    expect(edited.json().picks.map((pick: { webName: string }) => pick.webName)).toEqual([
      'Haaland',
      'Watkins',
      'Saka',
      'Semenyo',
    ]);
  });

  it('refuses a team from an account that has not completed onboarding, and saves nothing', async () => {
    const { db } = context.database;
    const { cookie } = await signUp(context.app);
    const squad = await unscoredBy(db, BEFORE_DEADLINE, 4);
    const refused = await send(context.app, 'PUT', '/api/squad', { cookie, body: { playerIds: squad } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      reason: 'ONBOARDING_INCOMPLETE',
      userMessage: 'Please complete your profile before picking your team.',
    });
    expect((await send(context.app, 'GET', '/api/squad', { cookie })).json().picks).toEqual([]);
    expect((await send(context.app, 'GET', '/api/profile', { cookie })).json().playerSelectionComplete).toBe(
      false,
    );
  });

  it.each([
    ['three players', 3, 'Please select exactly 4 players'],
    ['five players', 5, 'Please select exactly 4 players'],
  ])('refuses %s and keeps the stored team', async (_case, size, message) => {
    const { db } = context.database;
    const { cookie } = await signUpOnboarded(context.app);
    const ids = await unscoredBy(db, BEFORE_DEADLINE, 5);
    await send(context.app, 'PUT', '/api/squad', { cookie, body: { playerIds: ids.slice(0, 4) } });
    const response = await send(context.app, 'PUT', '/api/squad', {
      cookie,
      body: { playerIds: ids.slice(0, size) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().userMessage).toBe(message);
    expect((await send(context.app, 'GET', '/api/squad', { cookie })).json().picks).toHaveLength(4);
  });

  it('refuses the same player twice, a goalkeeper and an unknown player, writing nothing', async () => {
    const { db } = context.database;
    const { cookie } = await signUpOnboarded(context.app);
    const [a = '', b = '', c = ''] = await unscoredBy(db, BEFORE_DEADLINE, 3);
    const keeper = await playerId(db, 'Raya');
    const cases = [
      [[a, a, b, c], 400, 'Player already selected', undefined],
      [[a, b, c, keeper], 400, "Goalkeepers can't be picked", 'GOALKEEPER_NOT_ALLOWED'],
      [
        [a, b, c, '00000000-0000-4000-8000-000000000000'],
        400,
        'Player not found for ID: 00000000-0000-4000-8000-000000000000',
        'PLAYER_NOT_FOUND',
      ],
    ] as const;
    for (const [playerIds, status, message, reason] of cases) {
      const response = await send(context.app, 'PUT', '/api/squad', { cookie, body: { playerIds } });
      expect(response.statusCode).toBe(status);
      expect(response.json().userMessage).toBe(message);
      expect(response.json().reason).toBe(reason);
    }
    expect((await send(context.app, 'GET', '/api/squad', { cookie })).json().picks).toEqual([]);
  });

  it('locks a saved team once the deadline has passed', async () => {
    const { db } = context.database;
    const { cookie } = await signUpOnboarded(context.app);
    const ids = await unscoredBy(db, AFTER_GAMEWEEK_3, 5);
    await send(context.app, 'PUT', '/api/squad', { cookie, body: { playerIds: ids.slice(0, 4) } });
    const later = await appAt(AFTER_GAMEWEEK_3);
    try {
      const squad = await send(later, 'GET', '/api/squad', { cookie });
      expect(squad.json().isEditable).toBe(false);
      const response = await send(later, 'PUT', '/api/squad', {
        cookie,
        body: { playerIds: ids.slice(1, 5) },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().userMessage).toBe('Team editing is disabled now as the season has started');
      expect(response.json().reason).toBe('SQUAD_LOCKED');
      expect(
        (await send(later, 'GET', '/api/squad', { cookie }))
          .json()
          .picks.map((pick: { playerId: string }) => pick.playerId),
      ).toEqual(ids.slice(0, 4));
    } finally {
      await later.close();
    }
  });

  it('lets a late joiner pick a first team only from players who have not scored yet', async () => {
    const { db } = context.database;
    const later = await appAt(AFTER_GAMEWEEK_3);
    try {
      const { cookie } = await signUpOnboarded(later);
      const unscored = await unscoredBy(db, AFTER_GAMEWEEK_3, 3);
      const haaland = await playerId(db, 'Haaland');
      const refused = await send(later, 'PUT', '/api/squad', {
        cookie,
        body: { playerIds: [...unscored, haaland] },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().userMessage).toBe(
        'Now that the season has started, only players with 0 goals this season are available',
      );
      expect(refused.json().reason).toBe('ONLY_UNSCORED_PLAYERS');

      const allUnscored = await unscoredBy(db, AFTER_GAMEWEEK_3, 4);
      const accepted = await send(later, 'PUT', '/api/squad', { cookie, body: { playerIds: allUnscored } });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().isEditable).toBe(false);
    } finally {
      await later.close();
    }
  });

  it('refuses a player who joins the game in a later gameweek, and any first team once the season is over', async () => {
    const { db } = context.database;
    const { cookie } = await signUpOnboarded(context.app);
    const [lateArrival] = await db
      .select({ id: players.id })
      .from(players)
      .where(and(sql`${players.firstGameweek} > 1`, sql`${players.position} <> 'goalkeeper'`))
      .limit(1);
    if (!lateArrival) throw new Error('The data has no player who joined mid-season');
    const three = await unscoredBy(db, BEFORE_DEADLINE, 3);
    const early = await send(context.app, 'PUT', '/api/squad', {
      cookie,
      body: { playerIds: [...three, lateArrival.id] },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().userMessage).toBe(`Player not found for ID: ${lateArrival.id}`);

    const afterSeason = await appAt('2026-06-01T00:00:00Z');
    try {
      const newcomer = await signUpOnboarded(afterSeason);
      const refused = await send(afterSeason, 'PUT', '/api/squad', {
        cookie: newcomer.cookie,
        body: { playerIds: await unscoredBy(db, '2026-06-01T00:00:00Z', 4) },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().userMessage).toBe('The season is over: teams can no longer be picked');
      expect(refused.json().reason).toBe('SEASON_OVER');
      expect(
        (await send(afterSeason, 'GET', '/api/squad', { cookie: newcomer.cookie })).json().picks,
      ).toEqual([]);
    } finally {
      await afterSeason.close();
    }
  });

  it('counts goals up to the clock and follows a transfer', async () => {
    const { db } = context.database;
    const { cookie } = await signUpOnboarded(context.app);
    const ids = await Promise.all(
      ['Haaland', 'Semenyo', 'Watkins', 'Saka'].map((name) => playerId(db, name)),
    );
    await send(context.app, 'PUT', '/api/squad', { cookie, body: { playerIds: ids } });
    const endOfSeason = await appAt('2026-06-01T00:00:00Z');
    try {
      const squad = (await send(endOfSeason, 'GET', '/api/squad', { cookie })).json();
      const byName = Object.fromEntries(squad.picks.map((pick: { webName: string }) => [pick.webName, pick]));
      expect(byName.Haaland).toMatchObject({ goals: 27 });
      expect(byName.Semenyo).toMatchObject({ goals: 17, clubCode: 'MCI' });
    } finally {
      await endOfSeason.close();
    }
  });

  it('refuses the team to a visitor who is not signed in', async () => {
    expect((await send(context.app, 'GET', '/api/squad')).statusCode).toBe(401);
    expect((await send(context.app, 'PUT', '/api/squad', { body: { playerIds: [] } })).statusCode).toBe(401);
  });
});
