import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.ts';
import type { Database } from '../../../src/db/database.ts';
import { players } from '../../../src/db/schema/index.ts';
import { send, signUpOnboarded } from '../../support/accounts.ts';
import { buildTestApp, clockAt, setUpTestApp } from '../../support/build-test-app.ts';
import { engines } from '../../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

const BEFORE_DEADLINE = '2025-08-10T12:00:00Z';
const AFTER_GAMEWEEK_20 = '2026-01-05T12:00:00Z';
const END_OF_SEASON = '2026-06-01T00:00:00Z';

// Semenyo moves from Bournemouth to Manchester City in gameweek 22; Haaland and he score in the same match.
const TEAM = ['Haaland', 'Semenyo', 'Watkins', 'Saka'];

interface FactsGoal {
  fplCode: number;
  fixtureId: number;
  gameweek: number;
  kickoffAt: string;
  goals: number;
  clubCode: string;
}

/** The committed season facts: the expected answers are computed from them, not typed in. */
const facts = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../data/seasons/2025-26/facts.json', import.meta.url)), 'utf8'),
) as { players: { fplCode: number; webName: string }[]; goals: FactsGoal[] };

/** The goals of TEAM in the facts up to `moment`, as [web name, fixture, gameweek, kick-off, goals, club], by kick-off then slot. */
function expectedGoals(moment: string) {
  const webNameByCode = new Map(facts.players.map((player) => [player.fplCode, player.webName]));
  return facts.goals
    .map((goal) => ({ ...goal, webName: webNameByCode.get(goal.fplCode) ?? '' }))
    .filter((goal) => TEAM.includes(goal.webName) && Date.parse(goal.kickoffAt) <= Date.parse(moment))
    .sort(
      (a, b) =>
        Date.parse(a.kickoffAt) - Date.parse(b.kickoffAt) ||
        TEAM.indexOf(a.webName) - TEAM.indexOf(b.webName),
    )
    .map((goal) => [goal.webName, goal.fixtureId, goal.gameweek, goal.kickoffAt, goal.goals, goal.clubCode]);
}

async function playerIds(db: Database): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const webName of TEAM) {
    const [row] = await db.select({ id: players.id }).from(players).where(eq(players.webName, webName));
    if (!row) throw new Error(`No player ${webName}`);
    ids.set(webName, row.id);
  }
  return ids;
}

interface GoalRow {
  playerId: string;
  fixtureId: number;
  gameweek: number;
  kickoffAt: string;
  goals: number;
  clubCode: string;
}

describe.each(ENGINES)('the team goals on %s', (engine) => {
  const context = setUpTestApp(engine, { prepare: true, clock: clockAt(BEFORE_DEADLINE) });

  async function withAppAt<T>(iso: string, run: (app: App) => Promise<T>): Promise<T> {
    const app = await buildTestApp(context.database, { clock: clockAt(iso) });
    try {
      return await run(app);
    } finally {
      await app.close();
    }
  }

  /** A new user whose squad is TEAM, saved before the deadline. */
  async function userWithSquad(): Promise<{ cookie: string; webNameById: Map<string, string> }> {
    const ids = await playerIds(context.database.db);
    const { cookie } = await signUpOnboarded(context.app);
    const saved = await send(context.app, 'PUT', '/api/squad', {
      cookie,
      body: { playerIds: TEAM.map((webName) => ids.get(webName)) },
    });
    expect(saved.statusCode).toBe(200);
    return { cookie, webNameById: new Map([...ids].map(([webName, id]) => [id, webName])) };
  }

  function readable(rows: GoalRow[], webNameById: Map<string, string>) {
    return rows.map((row) => [
      webNameById.get(row.playerId),
      row.fixtureId,
      row.gameweek,
      row.kickoffAt,
      row.goals,
      row.clubCode,
    ]);
  }

  it('has no goals to tell before the season starts', async () => {
    const { cookie } = await userWithSquad();
    const response = await send(context.app, 'GET', '/api/squad/goals', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ goals: [] });
  });

  it.each([
    ['after gameweek 3', '2025-09-05T12:00:00Z'],
    ['after gameweek 20', AFTER_GAMEWEEK_20],
    ['at the end of the season', END_OF_SEASON],
  ])(
    'answers every goal of the picks %s, by kick-off, as the season facts have them',
    async (_case, moment) => {
      const { cookie, webNameById } = await userWithSquad();
      const rows = await withAppAt(moment, async (app) => {
        const response = await send(app, 'GET', '/api/squad/goals', { cookie });
        expect(response.statusCode).toBe(200);
        return response.json().goals as GoalRow[];
      });
      const expected = expectedGoals(moment);
      expect(expected.length).toBeGreaterThan(0);
      expect(readable(rows, webNameById)).toEqual(expected);
    },
  );

  it('counts Haaland 27 and Semenyo 17 at the end, with Semenyo scoring for City after his move', async () => {
    const { cookie, webNameById } = await userWithSquad();
    const rows = await withAppAt(
      END_OF_SEASON,
      async (app) => (await send(app, 'GET', '/api/squad/goals', { cookie })).json().goals as GoalRow[],
    );
    const totals = new Map<string, number>();
    for (const row of rows) {
      const webName = webNameById.get(row.playerId) ?? '';
      totals.set(webName, (totals.get(webName) ?? 0) + row.goals);
    }
    expect(totals.get('Haaland')).toBe(27);
    expect(totals.get('Semenyo')).toBe(17);
    const semenyoClubs = rows
      .filter((row) => webNameById.get(row.playerId) === 'Semenyo')
      .map((row) => [row.gameweek <= 21 ? 'before' : 'after', row.clubCode]);
    expect(new Set(semenyoClubs.filter(([when]) => when === 'before').map(([, club]) => club))).toEqual(
      new Set(['BOU']),
    );
    expect(new Set(semenyoClubs.filter(([when]) => when === 'after').map(([, club]) => club))).toEqual(
      new Set(['MCI']),
    );
    // The same match, the same kick-off: the slot order (Haaland first) settles it.
    const sharedMatch = rows
      .filter((row) => row.fixtureId === 256)
      .map((row) => webNameById.get(row.playerId));
    expect(sharedMatch).toEqual(['Haaland', 'Semenyo']);
  });

  it('returns a goal from its kick-off on, never before', async () => {
    const { cookie, webNameById } = await userWithSquad();
    // Haaland's first goals (two): gameweek 1, kick-off 2025-08-16 16:30 UTC.
    const kickoff = '2025-08-16T16:30:00.000Z';
    const justBefore = new Date(Date.parse(kickoff) - 1).toISOString();
    const haalandFixtures = async (moment: string) =>
      withAppAt(moment, async (app) =>
        ((await send(app, 'GET', '/api/squad/goals', { cookie })).json().goals as GoalRow[])
          .filter((row) => webNameById.get(row.playerId) === 'Haaland')
          .map((row) => [row.kickoffAt, row.goals]),
      );
    expect(await haalandFixtures(justBefore)).toEqual([]);
    expect(await haalandFixtures(kickoff)).toEqual([[kickoff, 2]]);
  });

  it('answers only the goals of the signed-in user and none to a user without a team', async () => {
    await userWithSquad();
    const { cookie } = await signUpOnboarded(context.app);
    const response = await withAppAt(END_OF_SEASON, (app) =>
      send(app, 'GET', '/api/squad/goals', { cookie }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ goals: [] });
  });

  it('refuses a visitor who is not signed in', async () => {
    const response = await send(context.app, 'GET', '/api/squad/goals');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});
