import { coinTossKey, type SeasonConfig } from '@hit21/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../bench/standings-population.ts';
import { type DatabaseHandle, selectRows } from '../../src/db/database.ts';
import { prepareDatabase } from '../../src/db/prepare-database.ts';
import { rebuiltPosition, standings } from '../../src/db/schema/index.ts';
import { findActiveSeason } from '../../src/plugins/app/season/season-repository.ts';
import { type Board, readLeaderboardPage } from '../../src/plugins/app/standings/leaderboard-repository.ts';
import { recomputeStandings } from '../../src/plugins/app/standings/recompute-standings.ts';
import { createTestDatabase, TEST_ENGINES } from '../support/test-database.ts';

/*
 * The stored ranks of a few thousand generated players against a brute-force ranking written
 * here from the rules text (DECISIONS.md, "Status and ranking"), not with the domain code:
 * - bust if the total is over 21 (checked first); going bust if any pick has 0 goals or there
 *   are no picks; safe otherwise; once the season is over, going bust becomes bust;
 * - safe, then going bust, then bust; more goals first, fewer among the bust;
 * - then the most recent goal date wins, then the next most recent, and so on;
 * - then the coin toss: the stable key of the season and user id (then the user id).
 * Country and club ranks are that order restricted to their members, 1, 2, 3, ...
 */

type Status = 'safe' | 'going_bust' | 'bust';
interface Expected {
  userId: string;
  country: string;
  club: string;
  status: Status;
  total: number;
  goalDates: number[];
}

const PLAYERS = 3_000;

async function bruteForceRanking(db: DatabaseHandle['db'], season: SeasonConfig, now: Date) {
  const goalRows = await selectRows<{ player_id: string; kickoff_at: string | Date; goals: number }>(
    db,
    sql`select goals.player_id, goals.kickoff_at, goals.goals from goals join players on players.id = goals.player_id
      where players.season_id = ${season.id} and goals.kickoff_at <= ${now.toISOString()}`,
  );
  const datesOf = new Map<string, number[]>();
  for (const row of goalRows) {
    const dates = datesOf.get(row.player_id) ?? [];
    for (let goal = 0; goal < row.goals; goal += 1) dates.push(new Date(row.kickoff_at).getTime());
    datesOf.set(row.player_id, dates);
  }
  const teamRows = await selectRows<{ user_id: string; player_id: string }>(
    db,
    sql`select user_id, player_id from picks where season_id = ${season.id}`,
  );
  const teams = new Map<string, string[]>();
  for (const row of teamRows) teams.set(row.user_id, [...(teams.get(row.user_id) ?? []), row.player_id]);
  const people = await selectRows<{ id: string; country: string; favourite_team: string }>(
    db,
    sql`select id, country, favourite_team from profiles where onboarding_complete`,
  );
  const lastDay = season.gameweeks.at(-1)?.date ?? '';
  const isOver = now.getTime() >= Date.parse(`${lastDay}T00:00:00Z`) + 24 * 60 * 60 * 1000;

  const entries: Expected[] = people.map((person) => {
    const team = teams.get(person.id) ?? [];
    const perPick = team.map((playerId) => datesOf.get(playerId) ?? []);
    const total = perPick.reduce((sum, dates) => sum + dates.length, 0);
    let status: Status = 'safe';
    if (total > 21) status = 'bust';
    else if (team.length === 0 || perPick.some((dates) => dates.length === 0))
      status = isOver ? 'bust' : 'going_bust';
    return {
      userId: person.id,
      country: person.country,
      club: person.favourite_team,
      status,
      total,
      goalDates: perPick.flat().sort((a, b) => b - a),
    };
  });
  const groupOf = { safe: 1, going_bust: 2, bust: 3 };
  entries.sort((a, b) => {
    if (a.status !== b.status) return groupOf[a.status] - groupOf[b.status];
    if (a.total !== b.total) return a.status === 'bust' ? a.total - b.total : b.total - a.total;
    for (let index = 0; index < Math.max(a.goalDates.length, b.goalDates.length); index += 1) {
      const dateA = a.goalDates[index];
      const dateB = b.goalDates[index];
      if (dateA === dateB) continue;
      if (dateA === undefined) return 1;
      if (dateB === undefined) return -1;
      return dateB - dateA;
    }
    const toss = coinTossKey(season.id, a.userId) - coinTossKey(season.id, b.userId);
    return toss !== 0 ? toss : a.userId < b.userId ? -1 : 1;
  });
  return entries;
}

/** Position (1-based) of each user in `ordered` restricted to the users sharing `key`. */
function restrictedRanks(ordered: Expected[], key: (entry: Expected) => string): Map<string, number> {
  const counters = new Map<string, number>();
  const ranks = new Map<string, number>();
  for (const entry of ordered) {
    const rank = (counters.get(key(entry)) ?? 0) + 1;
    counters.set(key(entry), rank);
    ranks.set(entry.userId, rank);
  }
  return ranks;
}

const boardOf = (key: 'country' | 'club', name: string): Board =>
  key === 'country' ? { kind: 'country', country: name } : { kind: 'club', club: name };

const sameUntilCoinToss = (a: Expected, b: Expected) =>
  a.status === b.status && a.total === b.total && a.goalDates.join() === b.goalDates.join();

describe.each(TEST_ENGINES)('stored standings on %s', (engine) => {
  let database: DatabaseHandle;
  let season: SeasonConfig;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
    await prepareDatabase(database);
    season = await findActiveSeason(database.db);
    // Some without a team, some with exactly the team of the player before them (coin tosses).
    await addPopulation(database.db, {
      seasonId: season.id,
      size: PLAYERS,
      idPrefix: 'fan',
      seed: 5,
      noTeamEvery: 29,
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
      .orderBy(standings.position);
    expect(stored).toHaveLength(expected.length);
    expect(stored.map((row) => row.userId)).toEqual(expected.map((entry) => entry.userId));
    expect(stored.map((row) => row.position)).toEqual(expected.map((_, index) => rebuiltPosition(index + 1)));
    expect(stored.map((row) => [row.status, row.totalGoals])).toEqual(
      expected.map((entry) => [entry.status, entry.total]),
    );

    // The global board, read page by page as the API reads it, and sampled members' own rows.
    expect(await readWholeBoard({ kind: 'global' })).toEqual(
      expected.map((entry, index) => ({ rank: index + 1, userId: entry.userId })),
    );
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
        expect(await readWholeBoard(board)).toEqual(
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

  /**
   * Every row of a board in pages of 37, so that pages start and end on both sides of the rank
   * blocks' edges (RANK_BLOCK_SIZE): its total agrees with the rows.
   */
  async function readWholeBoard(board: Board): Promise<{ rank: number; userId: string }[]> {
    const rows: { rank: number; userId: string }[] = [];
    for (let page = 1; ; page += 1) {
      const read = await readLeaderboardPage(database.db, { seasonId: season.id, board, page, pageSize: 37 });
      rows.push(...read.rows.map((row) => ({ rank: row.rank, userId: row.userId })));
      if (read.rows.length < 37) {
        expect(read.total).toBe(rows.length);
        return rows;
      }
    }
  }
});
