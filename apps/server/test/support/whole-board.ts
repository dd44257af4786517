import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Executor, selectRows } from '../../src/db/database.ts';
import {
  type Board,
  readLeaderboardPage,
} from '../../src/plugins/app/standings/reading/leaderboard-repository.ts';
import { readLeagueStandingsPage } from '../../src/plugins/app/standings/reading/league-standings-repository.ts';

/** A board's or league's ranks as the API reads them: every row, page after page. */
export interface RankedRow {
  rank: number;
  userId: string;
}

/**
 * Every row of a board in pages of `pageSize` (odd sizes start and end pages on both sides of the
 * rank blocks' edges); the last page's total agrees with the rows read.
 */
export async function readWholeBoard(
  db: Executor,
  options: { seasonId: string; board: Board; pageSize: number },
): Promise<RankedRow[]> {
  return readAllPages(options.pageSize, (page) => readLeaderboardPage(db, { ...options, page }));
}

/** Every row of a league's standings in pages of `pageSize`, as its viewer reads them. */
export async function readWholeLeague(
  db: Executor,
  options: { seasonId: string; leagueId: string; viewerId: string; leagueSize: number; pageSize: number },
): Promise<RankedRow[]> {
  return readAllPages(options.pageSize, (page) =>
    readLeagueStandingsPage(db, { ...options, page, isMeOnly: false }),
  );
}

async function readAllPages(
  pageSize: number,
  read: (page: number) => Promise<{ rows: RankedRow[]; total: number }>,
): Promise<RankedRow[]> {
  const rows: RankedRow[] = [];
  for (let page = 1; ; page += 1) {
    const found = await read(page);
    rows.push(...found.rows.map((row) => ({ rank: row.rank, userId: row.userId })));
    if (found.rows.length < pageSize) {
      expect(found.total).toBe(rows.length);
      return rows;
    }
  }
}

/** A stored board's row with its ranks on the global, country and club boards, from its places. */
export interface StoredRow {
  user_id: string;
  full_name: string;
  country: string;
  club: string;
  global_rank: number;
  country_rank: number;
  club_rank: number;
}

/** The season's stored board in its order, each row ranked on its three boards: what a test compares pages with. */
export function readStoredBoard(db: Executor, seasonId: string): Promise<StoredRow[]> {
  return selectRows<StoredRow>(
    db,
    sql`select user_id, full_name, country, club,
        row_number() over (order by ord)::int as global_rank,
        row_number() over (partition by country order by ord)::int as country_rank,
        row_number() over (partition by club order by ord)::int as club_rank
      from standings where season_id = ${seasonId} order by ord`,
  );
}

/** A board a test reads, with how a stored row ranks on it and whether it belongs. */
export interface BoardScope {
  label: string;
  board: Board;
  rank: (row: StoredRow) => number;
  member: (row: StoredRow) => boolean;
}

export const GLOBAL_SCOPE: BoardScope = {
  label: 'global',
  board: { kind: 'global' },
  rank: (row) => row.global_rank,
  member: () => true,
};

export function countryScope(country: string): BoardScope {
  return {
    label: `country ${country}`,
    board: { kind: 'country', country },
    rank: (row) => row.country_rank,
    member: (row) => row.country === country,
  };
}

export function clubScope(club: string): BoardScope {
  return {
    label: `club ${club}`,
    board: { kind: 'club', club },
    rank: (row) => row.club_rank,
    member: (row) => row.club === club,
  };
}
