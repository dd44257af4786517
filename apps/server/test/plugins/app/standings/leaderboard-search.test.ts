import type { SeasonConfig } from '@hit21/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPopulation } from '../../../../bench/standings-population.ts';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { findActiveSeason } from '../../../../src/plugins/app/season/season-repository.ts';
import { readLeaderboardPage } from '../../../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { recomputeStandings } from '../../../../src/plugins/app/standings/rebuilding/recompute-standings.ts';
import { matchesSearch } from '../../../support/search-key.ts';
import { createTestDatabase, engines } from '../../../support/test-database.ts';
import {
  clubScope,
  countryScope,
  GLOBAL_SCOPE,
  readStoredBoard,
  type StoredRow,
} from '../../../support/whole-board.ts';

const ENGINES = engines('both', 'search and name folding in SQL');

/*
 * Searches against a filter of the whole stored board written here: the total counts every
 * row whose name, country or club contains the search (whatever way the server counts them),
 * and each page holds the next matches in the board's rank order.
 */

const PLAYERS = 1_500;
/** Names that also match searches for countries and clubs, inside and outside those groups. */
const NAMED = [
  { fullName: 'Unity United', country: 'France', club: 'Arsenal' },
  { fullName: 'Kingsley United', country: 'United Kingdom', club: 'Manchester United' },
  { fullName: 'Frances Arsenault', country: 'France', club: 'Chelsea' },
];
const SEARCHES = [
  'united',
  'UNITED KINGDOM',
  'kingdom',
  'arsenal',
  'france',
  'smith',
  // Two players in five, through the trigram index.
  'quill',
  'an',
  'e',
  'ham',
  'zzz',
  'ÿ',
];

describe.each(ENGINES)('leaderboard search on %s', (engine) => {
  let database: DatabaseHandle;
  let season: SeasonConfig;
  let board: StoredRow[];

  beforeAll(async () => {
    database = await createTestDatabase(engine, { prepare: true });
    season = await findActiveSeason(database.db);
    const { userIds } = await addPopulation(database.db, {
      seasonId: season.id,
      size: PLAYERS,
      noSquadEvery: 7,
    });
    await database.db.execute(
      sql`update profiles set full_name = full_name || ' Quill'
        where id in (select id from profiles where id like 'bench-%' order by md5(id) limit ${(PLAYERS * 2) / 5})`,
    );
    for (const [index, named] of NAMED.entries()) {
      await database.db.execute(
        sql`update profiles set full_name = ${named.fullName}, country = ${named.country}, favourite_club = ${named.club}
          where id = ${userIds[index * 100]}`,
      );
    }
    await recomputeStandings({ database, season, now: new Date('2026-01-05T12:00:00Z') });
    board = await readStoredBoard(database.db, season.id);
    expect(board).toHaveLength(PLAYERS);
  });
  afterAll(async () => {
    await database.close();
  });

  const boards = [
    GLOBAL_SCOPE,
    countryScope('United Kingdom'),
    clubScope('Manchester United'),
    countryScope('France'),
  ];

  it('counts and pages every match of name, country and club, on every board', async () => {
    for (const scope of boards) {
      for (const search of SEARCHES) {
        const expected = board
          .filter(scope.member)
          .filter((row) =>
            matchesSearch({ fullName: row.full_name, country: row.country, club: row.club }, search),
          )
          .sort((a, b) => scope.rank(a) - scope.rank(b));
        const pageCount = Math.max(1, Math.ceil(expected.length / 25));
        const pages = [1, 2, Math.ceil(pageCount / 2), pageCount - 1, pageCount, pageCount + 1];
        for (const number of new Set(pages.filter((page) => page >= 1))) {
          const found = await readLeaderboardPage(database.db, {
            seasonId: season.id,
            board: scope.board,
            page: number,
            pageSize: 25,
            search,
          });
          const label = `${scope.label}, "${search}", page ${number}`;
          // Fewer matches than the cap: the exact total.
          expect(found.total, label).toBe(expected.length);
          expect(found.isTotalCapped, label).toBe(false);
          expect(
            found.rows.map((row) => [row.rank, row.userId]),
            label,
          ).toEqual(
            expected.slice((number - 1) * 25, number * 25).map((row) => [scope.rank(row), row.user_id]),
          );
        }
      }
    }
    // The named rows really do test the overlaps: a name-only match and a name inside a matched group.
    expect(board.filter((row) => row.full_name.includes('United')).map((row) => row.country)).toEqual(
      expect.arrayContaining(['France', 'United Kingdom']),
    );
  });

  it('narrows a search to the viewer with "me", counting 1 or 0', async () => {
    const kingsley = board.find((row) => row.full_name === 'Kingsley United');
    if (!kingsley) throw new Error('Kingsley United is not on the board');
    const read = (search: string) =>
      readLeaderboardPage(database.db, {
        seasonId: season.id,
        board: { kind: 'global' },
        page: 1,
        pageSize: 25,
        search,
        onlyUserId: kingsley.user_id,
      });
    expect(await read('kingdom')).toMatchObject({ total: 1, rows: [{ rank: kingsley.global_rank }] });
    expect(await read('united')).toMatchObject({ total: 1, rows: [{ userId: kingsley.user_id }] });
    expect(await read('france')).toMatchObject({ total: 0, rows: [] });
  });
});
