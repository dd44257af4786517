import type { SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import { type DatabaseHandle, selectRows } from '../../../../src/db/database.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import {
  type Board,
  readLeaderboardPage,
} from '../../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { bruteForceRanking, type Expected, restrictedRanks } from '../../../support/brute-force-ranking.ts';
import { insertLeague, insertMemberships } from '../../../support/league-standings.ts';
import { createTestDatabase, type Engine } from '../../../support/test-database.ts';
import { readWholeBoard, readWholeLeague } from '../../../support/whole-board.ts';

/*
 * The stored board the member-change tests place on: 3,000 members (some without a squad, some
 * twins ranked by the coin toss), a league of a quarter of them, rebuilt after gameweek 20; and
 * the check of every board against the brute-force ranking of the rules text, read page by page
 * as the API reads it (each board one rank block: rank-blocks.test.ts reads boards of several).
 */

export const PLAYERS = 3_000;
export const AFTER_GAMEWEEK_20 = new Date('2026-01-05T12:00:00Z');

export interface MemberChangesBoard {
  database: DatabaseHandle;
  season: SeasonConfig;
  userIds: string[];
  league: string;
  /** A squad of four distinct outfield players picked by `seed`, written as a squad save writes it. */
  saveSquad(userId: string, seed: number): Promise<void>;
  /** Every board and the league read whole equal the brute-force ranking at `now`; answers it. */
  expectBoardsToMatchTheRules(now?: Date): Promise<Expected[]>;
  /** Each member's `ord` on the stored board, as hex. */
  boardOrds(): Promise<Map<string, string>>;
}

/** Builds the board before the suite's tests (one database per suite) and closes it after. */
export function useMemberChangesBoard(engine: Engine): MemberChangesBoard {
  let outfield: string[] = [];
  const board = {} as MemberChangesBoard;
  beforeAll(async () => {
    board.database = await createTestDatabase(engine, { prepare: true });
    board.season = await findActiveSeason(board.database.db);
    const { database, season } = board;
    ({ userIds: board.userIds } = await addPopulation(database.db, {
      seasonId: season.id,
      size: PLAYERS,
      idPrefix: 'fan',
      seed: 8,
      noSquadEvery: 23,
      twinEvery: 9,
    }));
    board.league = await insertLeague(database.db, { seasonId: season.id, adminId: board.userIds[0] ?? '' });
    const approved = board.userIds.filter((_, index) => index > 0 && index % 4 === 0);
    await insertMemberships(database.db, board.league, approved, 'approved');
    outfield = (
      await selectRows<{ id: string }>(
        database.db,
        sql`select id from players where season_id = ${season.id} and position <> 'goalkeeper'
          and first_gameweek = 1 order by fpl_code`,
      )
    ).map((row) => row.id);
    const rebuilt = await recomputeStandings({ database, season, now: AFTER_GAMEWEEK_20 });
    expect(rebuilt.status).toBe('recomputed');
  });
  afterAll(async () => {
    await board.database.close();
  });

  board.saveSquad = async (userId, seed) => {
    const { database, season } = board;
    const picks = [0, 1, 2, 3].map((slot) => outfield[(seed * 37 + slot * 101) % outfield.length] ?? '');
    await database.db.execute(sql`delete from picks where user_id = ${userId} and season_id = ${season.id}`);
    await database.db.execute(sql`insert into picks (user_id, season_id, player_id, slot)
      select ${userId}, ${season.id}, player_id::uuid, slot
      from unnest(${`{${picks.join(',')}}`}::text[]) with ordinality as pick (player_id, slot)`);
  };
  board.boardOrds = async () =>
    new Map(
      (
        await selectRows<{ user_id: string; ord: string }>(
          board.database.db,
          sql`select user_id, encode(ord, 'hex') as ord from standings where season_id = ${board.season.id}`,
        )
      ).map((row) => [row.user_id, row.ord]),
    );
  board.expectBoardsToMatchTheRules = (now = AFTER_GAMEWEEK_20) => expectBoards(board, now);
  return board;
}

async function expectBoards(board: MemberChangesBoard, now: Date): Promise<Expected[]> {
  const { database, season } = board;
  const expected = await bruteForceRanking(database.db, season, now);
  const read = (scope: Board) =>
    readWholeBoard(database.db, { seasonId: season.id, board: scope, pageSize: 97 });
  expect(await read({ kind: 'global' })).toEqual(
    expected.map((entry, index) => ({ rank: index + 1, userId: entry.userId })),
  );
  for (const key of ['country', 'club'] as const) {
    const ranks = restrictedRanks(expected, (entry) => entry[key]);
    for (const name of new Set(expected.map((entry) => entry[key]))) {
      const scope: Board =
        key === 'country' ? { kind: 'country', country: name } : { kind: 'club', club: name };
      expect(await read(scope), `${key} ${name}`).toEqual(
        expected
          .filter((entry) => entry[key] === name)
          .map((entry) => ({ rank: ranks.get(entry.userId), userId: entry.userId })),
      );
    }
  }
  // Sampled members' own rows ("Show Me Only") on the global board.
  for (const [index, entry] of expected.entries()) {
    if (index % 211 !== 0) continue;
    const own = await readLeaderboardPage(database.db, {
      seasonId: season.id,
      board: { kind: 'global' },
      page: 1,
      pageSize: 25,
      onlyUserId: entry.userId,
    });
    expect(own.rows.map((row) => [row.userId, row.rank])).toEqual([[entry.userId, index + 1]]);
  }
  const approved = new Set(
    (
      await selectRows<{ user_id: string }>(
        database.db,
        sql`select user_id from league_members where league_id = ${board.league}::uuid and status = 'approved'`,
      )
    ).map((row) => row.user_id),
  );
  expect(
    await readWholeLeague(database.db, {
      seasonId: season.id,
      leagueId: board.league,
      viewerId: board.userIds[0] ?? '',
      leagueSize: 1_000,
      pageSize: 41,
    }),
  ).toEqual(
    expected
      .filter((entry) => approved.has(entry.userId))
      .map((entry, index) => ({ rank: index + 1, userId: entry.userId })),
  );
  return expected;
}
