import { coinTossKey, type SeasonConfig } from '@hit21/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { standings } from '../../../../src/db/schema/index.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import {
  type Board,
  readLeaderboardPage,
} from '../../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { bruteForceRanking, type Expected, restrictedRanks } from '../../../support/brute-force-ranking.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import { readWholeBoard } from '../../../support/whole-board.ts';

const ENGINES = engines('both', 'standings SQL');

/*
 * The stored ranks of a few thousand generated players against a brute-force ranking written
 * from the rules text, not with the domain code (support/brute-force-ranking.ts).
 */

const PLAYERS = 3_000;

const boardOf = (key: 'country' | 'club', name: string): Board =>
  key === 'country' ? { kind: 'country', country: name } : { kind: 'club', club: name };

const sameUntilCoinToss = (a: Expected, b: Expected) =>
  a.status === b.status && a.total === b.total && a.goalDates.join() === b.goalDates.join();

describe.each(ENGINES)('stored standings on %s', (engine) => {
  let database: DatabaseHandle;
  let season: SeasonConfig;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepare: true });
    season = await findActiveSeason(database.db);
    // Some without a squad, some with exactly the squad of the player before them (coin tosses).
    await addPopulation(database.db, {
      seasonId: season.id,
      size: PLAYERS,
      idPrefix: 'fan',
      seed: 5,
      noSquadEvery: 29,
      twinEvery: 7,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it.each([
    ['before the first kick-off', '2025-08-15T18:00:00Z'],
    ['after gameweek 3', '2025-09-05T12:00:00Z'],
    ['after gameweek 20', '2026-01-05T12:00:00Z'],
    ['after the season', '2026-06-01T12:00:00Z'],
  ])('match a brute-force ranking %s', async (_moment, iso) => {
    const now = new Date(iso);
    const result = await recomputeStandings({ database, season, now });
    expect(result).toMatchObject({ status: 'recomputed', members: PLAYERS });

    const expected = await bruteForceRanking(database.db, season, now);
    const stored = await database.db
      .select()
      .from(standings)
      .where(eq(standings.seasonId, season.id))
      .orderBy(standings.ord);
    expect(stored).toHaveLength(expected.length);
    expect(stored.map((row) => row.userId)).toEqual(expected.map((entry) => entry.userId));
    expect(stored.map((row) => [row.status, row.totalGoals])).toEqual(
      expected.map((entry) => [entry.status, entry.total]),
    );

    // The global board, read page by page as the API reads it, and sampled members' own rows.
    expect(
      await readWholeBoard(database.db, { seasonId: season.id, board: { kind: 'global' }, pageSize: 37 }),
    ).toEqual(expected.map((entry, index) => ({ rank: index + 1, userId: entry.userId })));
    for (const [index, entry] of expected.entries()) {
      if (index % 97 !== 0) continue;
      const page = await readLeaderboardPage(database.db, {
        seasonId: season.id,
        board: { kind: 'global' },
        page: 1,
        pageSize: 50,
        onlyUserId: entry.userId,
      });
      expect(page.rows.map((row) => [row.userId, row.rank])).toEqual([[entry.userId, index + 1]]);
    }

    // Each country's and club's board, read page by page as the API reads it: that order
    // restricted to its members, 1, 2, 3, ...; and each sampled member's own row on both.
    for (const key of ['country', 'club'] as const) {
      const expectedRanks = restrictedRanks(expected, (entry) => entry[key]);
      const names = [...new Set(expected.map((entry) => entry[key]))];
      expect(names.length).toBeGreaterThan(5);
      for (const name of names) {
        const board = boardOf(key, name);
        const members = expected.filter((entry) => entry[key] === name);
        expect(await readWholeBoard(database.db, { seasonId: season.id, board, pageSize: 37 })).toEqual(
          members.map((entry) => ({ rank: expectedRanks.get(entry.userId), userId: entry.userId })),
        );
      }
      for (const entry of expected.filter((_, index) => index % 97 === 0)) {
        const page = await readLeaderboardPage(database.db, {
          seasonId: season.id,
          board: boardOf(key, entry[key]),
          page: 1,
          pageSize: 50,
          onlyUserId: entry.userId,
        });
        expect(page.rows.map((row) => [row.userId, row.rank])).toEqual([
          [entry.userId, expectedRanks.get(entry.userId)],
        ]);
      }
    }
  });

  it('exercise every rule: groups, goal dates deciding ties, and coin tosses', async () => {
    const now = new Date('2026-01-05T12:00:00Z');
    await recomputeStandings({ database, season, now });
    const expected = await bruteForceRanking(database.db, season, now);
    const neighbours = expected.slice(1).map((entry, index) => [expected[index] as Expected, entry] as const);
    expect(new Set(expected.map((entry) => entry.status))).toEqual(new Set(['safe', 'going_bust', 'bust']));
    // Equal status and goals, split by goal dates.
    expect(
      neighbours.filter(([a, b]) => a.status === b.status && a.total === b.total && !sameUntilCoinToss(a, b))
        .length,
    ).toBeGreaterThan(50);
    // Equal in everything but the coin toss (twins, and players without goals).
    expect(neighbours.filter(([a, b]) => sameUntilCoinToss(a, b)).length).toBeGreaterThan(50);
  });

  it('settles an equal coin toss by the member number, not the user id', async () => {
    const [later, earlier] = equalTosses(season.id).sort().reverse() as [string, string];
    // Made in that order, the id sorting later has the smaller member number; both pick fan-1's squad.
    for (const id of [later, earlier]) {
      await database.db.execute(sql`insert into users (id, name, email, email_verified)
        values (${id}, '', ${`${id}@example.com`}, false)`);
      await database.db.execute(sql`insert into profiles (id, email, full_name, country, favourite_club,
          onboarding_complete, player_selection_complete)
        select ${id}, ${`${id}@example.com`}, 'Tossed Twin', country, favourite_club, true, true
        from profiles where id = 'fan-1'`);
      await database.db.execute(sql`insert into picks (user_id, season_id, player_id, slot)
        select ${id}, season_id, player_id, slot from picks where user_id = 'fan-1'`);
    }
    const now = new Date('2026-01-05T12:00:00Z');
    await recomputeStandings({ database, season, now });
    const stored = await database.db
      .select({ userId: standings.userId })
      .from(standings)
      .where(eq(standings.seasonId, season.id))
      .orderBy(standings.ord);
    const ids = stored.map((row) => row.userId);
    expect(ids.indexOf(later)).toBe(ids.indexOf(earlier) - 1);
    expect(ids).toEqual((await bruteForceRanking(database.db, season, now)).map((entry) => entry.userId));
  });
});

/** Two user ids whose coin tosses are equal in `seasonId` (32 bits: found within a few hundred thousand). */
function equalTosses(seasonId: string): [string, string] {
  const seen = new Map<number, string>();
  for (let n = 0; ; n += 1) {
    const id = `toss-${n}`;
    const toss = coinTossKey(seasonId, id);
    const twin = seen.get(toss);
    if (twin) return [twin, id];
    seen.set(toss, id);
  }
}
