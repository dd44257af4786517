import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, selectRows } from '../../../../src/db/database.ts';
import { goals, playerClubSpells, players, seasons } from '../../../../src/db/schema/index.ts';
import { ImportError } from '../../../../src/plugins/app/season/import-error.ts';
import { importFplSeason } from '../../../../src/plugins/app/season/import-fpl-season.ts';
import { loadSeasonFacts } from '../../../../src/plugins/app/season/load-season-facts.ts';
import { readFplSeason } from '../../../../src/plugins/app/season/read-fpl-season.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { copyFixtureFolder, fixtureSource } from './fixture-season.ts';

const ENGINES = engines('both', 'bulk loading SQL on a connection of its own');

/** Everything a season import writes, in a comparable form. */
async function snapshot(handle: DatabaseHandle) {
  const tables = ['seasons', 'gameweeks', 'clubs', 'season_clubs', 'players', 'player_club_spells', 'goals'];
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    // imported_at changes with every load that writes; the rest must not.
    result[table] = await selectRows(handle.db, sql.raw(`select * from ${table} order by 1, 2`));
    for (const row of result[table] as Record<string, unknown>[]) delete row.imported_at;
    for (const row of result[table] as Record<string, unknown>[]) delete row.updated_at;
  }
  return result;
}

describe.each(ENGINES)('loading season facts on %s', (engine) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(seasons);
    await database.db.execute(sql`delete from clubs`);
  });

  it('stores players, club spells and goals', async () => {
    const result = await importFplSeason(database.db, fixtureSource());
    expect(result).toMatchObject({ seasonId: '2025-26', changed: true, players: 5, goals: 5 });

    const totals = await database.db
      .select({ webName: players.webName, total: sql<number>`coalesce(sum(${goals.goals}), 0)::int` })
      .from(players)
      .leftJoin(goals, eq(goals.playerId, players.id))
      .groupBy(players.webName)
      .orderBy(players.webName);
    expect(totals).toEqual([
      { webName: 'Newcomer', total: 1 },
      { webName: 'Raya', total: 0 },
      { webName: 'Saka', total: 3 },
      { webName: 'Signing', total: 1 },
      { webName: 'Welbeck', total: 2 },
    ]);
    const [spells] = await database.db.select({ value: count() }).from(playerClubSpells);
    expect(spells?.value).toBe(6);
  });

  it('is idempotent: importing twice leaves exactly what importing once does, ids included', async () => {
    await importFplSeason(database.db, fixtureSource());
    const once = await snapshot(database);
    const again = await importFplSeason(database.db, fixtureSource());
    expect(again.changed).toBe(false);
    expect(await snapshot(database)).toEqual(once);

    const forced = await loadSeasonFacts(database.db, await readFplSeason(fixtureSource()), { force: true });
    expect(forced.changed).toBe(true);
    expect(await snapshot(database)).toEqual(once);
  });

  it('replaces what changed: a corrected goal and a removed player', async () => {
    await importFplSeason(database.db, fixtureSource());
    const facts = await readFplSeason(fixtureSource());
    const corrected = {
      ...facts,
      players: facts.players.filter((player) => player.webName !== 'Signing'),
      goals: facts.goals
        .filter((goal) => goal.fplCode !== 1005)
        .map((goal) => (goal.fixtureId === 12 ? { ...goal, goals: 3 } : goal)),
    };
    const result = await loadSeasonFacts(database.db, corrected);
    expect(result.changed).toBe(true);
    const rows = await database.db.select({ goals: goals.goals, fixtureId: goals.fixtureId }).from(goals);
    expect(rows).toHaveLength(4);
    expect(rows.find((row) => row.fixtureId === 12)?.goals).toBe(3);
    expect(await database.db.select().from(players).where(eq(players.webName, 'Signing'))).toEqual([]);
  });

  it('writes nothing when a file is malformed', async () => {
    await importFplSeason(database.db, fixtureSource());
    const before = await snapshot(database);
    const root = await copyFixtureFolder();
    const gw3 = path.join(root, '2025-26/gws/gw3.csv');
    await writeFile(
      gw3,
      (await readFile(gw3, 'utf8')).replace('Late Signing,Arsenal,5,31,1', 'Late Signing,Arsenal,5,31,-1'),
    );
    // A valid correction in an earlier file must not be written either.
    await writeFile(
      path.join(root, '2025-26/gws/gw1.csv'),
      (await readFile(path.join(root, '2025-26/gws/gw1.csv'), 'utf8')).replace('2,2,0', '2,3,0'),
    );

    await expect(importFplSeason(database.db, fixtureSource(root))).rejects.toThrow(
      new ImportError(
        '2025-26/gws/gw3.csv',
        2,
        'column goals_scored: Too small: expected number to be >=0 (value "-1")',
      ),
    );
    expect(await snapshot(database)).toEqual(before);
  });

  it('rolls back every row when the write fails half-way', async () => {
    const facts = await readFplSeason(fixtureSource());
    const broken = {
      ...facts,
      goals: [
        ...facts.goals,
        {
          fplCode: 424242,
          fixtureId: 99,
          gameweek: 1,
          kickoffAt: '2025-08-16T14:00:00.000Z',
          goals: 1,
          clubCode: 'ARS',
        },
      ],
    };
    await expect(loadSeasonFacts(database.db, broken)).rejects.toThrow(
      'Goal of unknown player code 424242 in fixture 99',
    );
    const [stored] = await database.db.select({ value: count() }).from(players);
    expect(stored?.value).toBe(0);
    expect(await database.db.select().from(seasons)).toEqual([]);
  });
});
