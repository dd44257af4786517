import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { readFplSeason } from '../../../../src/plugins/app/season/read-fpl-season.ts';
import type { SeasonFacts } from '../../../../src/plugins/app/season/season-facts.schemas.ts';
import { runStatsSync } from '../../../../src/plugins/app/stats-sync/run-stats-sync.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { copyFixtureFolder, FIXTURE_FPL_DIR, fixtureSource } from '../season/fixture-season.ts';
import { playerOf, resetTo, storedGoals, storedState } from './sync-test-database.ts';

const ENGINES = engines('both', 'goal writes on a connection of its own');

const SAKA = 1002;
const WELBECK = 1003;
const NEWCOMER = 1004;
const SIGNING = 1005;
const RAYA = 1001;

/**
 * The three-gameweek fixture season as an earlier sync left it: after gameweek 1, with Welbeck's
 * two goals stored as three, a goal Raya never scored, and Saka and the late signing unknown.
 */
function storedAfterGameweekOne(facts: SeasonFacts): SeasonFacts {
  return {
    ...facts,
    players: facts.players
      .filter((player) => player.fplCode !== SAKA && player.fplCode !== SIGNING)
      .map((player) => ({
        ...player,
        clubSpells: player.clubSpells.filter((spell) => spell.fromGameweek === 1),
      })),
    goals: [
      ...facts.goals
        .filter((goal) => goal.gameweek === 1 && goal.fplCode !== SAKA)
        .map((goal) => (goal.fplCode === WELBECK ? { ...goal, goals: 3 } : goal)),
      { ...facts.goals[0], fplCode: RAYA, fixtureId: 11, goals: 1 } as SeasonFacts['goals'][number],
    ],
  };
}

describe.each(ENGINES)('the goals sync from a folder of FPL CSV files on %s', (engine) => {
  let database: DatabaseHandle;
  let facts: SeasonFacts;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    facts = await readFplSeason(fixtureSource());
  });
  afterAll(() => database.close());
  beforeEach(() => resetTo(database.db, storedAfterGameweekOne(facts)));

  it('brings the goals, players and clubs up to the folder, and a second run changes nothing', async () => {
    const result = await runStatsSync({ database, source: FIXTURE_FPL_DIR });

    expect(result).toEqual({
      status: 'ok',
      summary: {
        goalsAdded: 4,
        goalsChanged: 1,
        goalsRemoved: 1,
        playersAdded: 2,
        transfers: 1,
        gameweeks: [1, 2, 3],
      },
    });
    expect(await storedGoals(database.db)).toEqual(facts.goals);
    // New to the game: last-season goals from the previous season's file, in from his first gameweek.
    expect(await playerOf(database.db, SAKA)).toMatchObject({ last_season_goals: 12, first_gameweek: 1 });
    expect(await playerOf(database.db, SIGNING)).toMatchObject({ first_gameweek: 2, spells: [[2, 'ARS']] });
    expect((await playerOf(database.db, NEWCOMER))?.spells).toEqual([
      [1, 'NWT'],
      [2, 'BRI'],
    ]);

    const once = await storedState(database.db);
    expect(await runStatsSync({ database, source: FIXTURE_FPL_DIR })).toMatchObject({
      status: 'ok',
      summary: { goalsAdded: 0, goalsChanged: 0, goalsRemoved: 0, playersAdded: 0, transfers: 0 },
    });
    expect(await storedState(database.db)).toEqual(once);
  });

  it("also reads the season's own folder", async () => {
    const result = await runStatsSync({ database, source: path.join(FIXTURE_FPL_DIR, '2025-26') });
    expect(result).toMatchObject({ status: 'ok', summary: { goalsAdded: 4, playersAdded: 2 } });
  });

  it('refuses a malformed file, naming it and its line, and changes nothing', async () => {
    const root = await copyFixtureFolder();
    const gw3 = path.join(root, '2025-26/gws/gw3.csv');
    await writeFile(
      gw3,
      (await readFile(gw3, 'utf8')).replace('Late Signing,Arsenal,5,31,1', 'Late Signing,Arsenal,5,31,x'),
    );
    const before = await storedState(database.db);

    const result = await runStatsSync({ database, source: root });

    expect(result).toEqual({
      status: 'failed',
      error: `${root}: 2025-26/gws/gw3.csv, line 2: column goals_scored: Invalid input: expected number, received NaN (value "x")`,
    });
    expect(await storedState(database.db)).toEqual(before);
  });

  it('refuses a folder with a club that does not play in the season', async () => {
    const root = await copyFixtureFolder();
    const teams = path.join(root, '2025-26/teams.csv');
    await writeFile(teams, (await readFile(teams, 'utf8')).replace('999,3,Newtown,NWT', '998,3,Oldtown,OLD'));
    for (const week of [1, 2]) {
      const file = path.join(root, `2025-26/gws/gw${week}.csv`);
      await writeFile(file, (await readFile(file, 'utf8')).replaceAll('Newtown', 'Oldtown'));
    }
    const before = await storedState(database.db);

    const result = await runStatsSync({ database, source: root });

    expect(result).toEqual({
      status: 'failed',
      error: 'The feed names club "OLD", which does not play in season 2025-26',
    });
    expect(await storedState(database.db)).toEqual(before);
  });

  it('names a folder that does not exist', async () => {
    const result = await runStatsSync({ database, source: '/nowhere/fpl' });
    expect(result).toEqual({
      status: 'failed',
      error: '/nowhere/fpl: 2025-26/teams.csv: cannot be read (ENOENT)',
    });
  });
});
