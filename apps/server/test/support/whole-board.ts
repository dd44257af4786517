import { expect } from 'vitest';
import type { Executor } from '../../src/db/database.ts';
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
