import { and, eq, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../../db/database.ts';
import { searchKeySql } from '../../../../db/name-folding.ts';
import {
  ROSTER_CHANGES_KEPT,
  SAVED_SEARCH_COUNT_MIN_MATCHES,
  standingsRosterChanges,
  standingsSearchCounts,
} from '../../../../db/schema/index.ts';
import { textArray } from '../../../../db/sql-values.ts';
import type { RosterChange } from '../placing/member-changes-repository.ts';
import {
  type Board,
  blockBoard,
  groupsMatching,
  likePattern,
  type SearchCount,
} from './leaderboard-repository.ts';

/** A search on one board of a season: what a count is kept under. */
export interface BoardSearch {
  seasonId: string;
  board: Board;
  search: string;
}

/** The row's key columns for `search`. */
function keyOf({ seasonId, board, search }: BoardSearch) {
  return { seasonId, board: board.kind, boardName: blockBoard(board).name, search };
}

/** The count of `search` shared by the instances (`standingsSearchCounts`), if one was saved. */
export async function readSavedSearchCount(
  db: Executor,
  search: BoardSearch,
): Promise<SearchCount | undefined> {
  const key = keyOf(search);
  const [row] = await db
    .select({
      rosterSince: standingsSearchCounts.rosterSince,
      rosterRevision: standingsSearchCounts.rosterRevision,
      total: standingsSearchCounts.total,
      boardMembers: standingsSearchCounts.boardMembers,
    })
    .from(standingsSearchCounts)
    .where(
      and(
        eq(standingsSearchCounts.seasonId, key.seasonId),
        eq(standingsSearchCounts.board, key.board),
        eq(standingsSearchCounts.boardName, key.boardName),
        eq(standingsSearchCounts.search, key.search),
      ),
    );
  if (!row) return undefined;
  return {
    rosterVersion: `${row.rosterSince}.${row.rosterRevision}`,
    total: row.total,
    boardMembers: row.boardMembers,
  };
}

/**
 * Shares a count of `search` with the other instances, unless it matched fewer than `minMatches`
 * or a count of a later roster is saved already: two instances counting at once leave the later
 * roster's.
 */
export async function saveSearchCount(
  db: Executor,
  search: BoardSearch,
  count: SearchCount,
  minMatches = SAVED_SEARCH_COUNT_MIN_MATCHES,
): Promise<void> {
  if (count.total < minMatches) return;
  const [sinceText, revisionText] = count.rosterVersion.split('.');
  const since = Number(sinceText);
  const revision = Number(revisionText);
  // Without a board there is no roster (NO_BOARD): nothing to share.
  if (!Number.isSafeInteger(since) || !Number.isInteger(revision)) return;
  const values = {
    rosterSince: since,
    rosterRevision: revision,
    total: count.total,
    boardMembers: count.boardMembers,
  };
  await db
    .insert(standingsSearchCounts)
    .values({ ...keyOf(search), ...values })
    .onConflictDoUpdate({
      target: [
        standingsSearchCounts.seasonId,
        standingsSearchCounts.board,
        standingsSearchCounts.boardName,
        standingsSearchCounts.search,
      ],
      set: values,
      setWhere: sql`(${standingsSearchCounts.rosterSince}, ${standingsSearchCounts.rosterRevision})
        < (excluded.roster_since, excluded.roster_revision)`,
    });
}

/**
 * In the transaction of a placement whose roster changes are not logged (someone left the
 * board: nothing of theirs may be kept, decision 010), brings each of the season's shared counts
 * that can be brought to the roster now (`roster`) to the one the placement moves to
 * (`toRevision`): its total plus the logged changes since its roster and the placement's own
 * (`changes`), those that match its search on its board, the match worked out here as a page's
 * read works it out (the board's countries and clubs, `lists`). The others are deleted. The
 * caller then empties the log.
 */
export async function bringSavedCountsPast(
  tx: Executor,
  seasonId: string,
  options: {
    changes: readonly RosterChange[];
    lists: { countries: string[]; clubs: string[] };
    /** The roster now: `roster_since` in microseconds and `roster_revision`. */
    roster: { since: number; revision: number };
    toRevision: number;
    /** Tests of a row against a search at most (BRING_PAST_BUDGET unless given). */
    budget?: number;
  },
): Promise<void> {
  const { changes, lists, roster, toRevision } = options;
  const reachable = await tx
    .select({
      board: standingsSearchCounts.board,
      boardName: standingsSearchCounts.boardName,
      search: standingsSearchCounts.search,
      rosterRevision: standingsSearchCounts.rosterRevision,
    })
    .from(standingsSearchCounts)
    .where(
      and(
        eq(standingsSearchCounts.seasonId, seasonId),
        eq(standingsSearchCounts.rosterSince, roster.since),
        sql`${standingsSearchCounts.rosterRevision} between ${roster.revision - ROSTER_CHANGES_KEPT + 1} and ${roster.revision}`,
      ),
    );
  const logged = await selectRows<{ revision: number; rows: number }>(
    tx,
    sql`select ${standingsRosterChanges.rosterRevision} as revision, count(*)::int as rows
      from ${standingsRosterChanges} where ${standingsRosterChanges.seasonId} = ${seasonId} group by 1`,
  );
  const brought = countsWithinBudget(reachable, logged, changes.length, options.budget);
  if (brought.length > 0) {
    const searched = brought.map((row) => ({
      board: row.board,
      board_name: row.boardName,
      search: row.search,
      pattern: likePattern(row.search),
      ...groupsMatching(row.search, lists),
    }));
    // A row of the log or of this placement that the search matches on the count's board.
    const matches = (row: string) =>
      sql.raw(`(searched.board = 'global' or (searched.board = 'country' and ${row}.country = searched.board_name)
          or (searched.board = 'club' and ${row}.club = searched.board_name))
        and (${row}.search_name like lower(searched.pattern) or ${row}.country = any(searched.countries)
          or ${row}.club = any(searched.clubs))`);
    await tx.execute(sql`update ${standingsSearchCounts} as counted set
        total = counted.total
          + coalesce((select sum(logged.sign) from ${standingsRosterChanges} as logged
              where logged.season_id = counted.season_id and logged.roster_revision > counted.roster_revision
                and ${matches('logged')}), 0)
          + coalesce((select sum(change.sign) from (
                select sign, ${searchKeySql(sql.raw('full_name'))} as search_name, country, club from unnest(
                  ${`{${changes.map((change) => change.sign).join(',')}}`}::int[],
                  ${textArray(changes.map((change) => change.fullName))}::text[],
                  ${textArray(changes.map((change) => change.country))}::text[],
                  ${textArray(changes.map((change) => change.club))}::text[]) as placed (sign, full_name, country, club)
              ) as change where ${matches('change')}), 0),
        roster_revision = ${toRevision}
      from jsonb_to_recordset(${JSON.stringify(searched)}::jsonb)
        as searched (board text, board_name text, search text, pattern text, countries text[], clubs text[])
      where counted.season_id = ${seasonId} and counted.board = searched.board
        and counted.board_name = searched.board_name and counted.search = searched.search`);
  }
  await tx
    .delete(standingsSearchCounts)
    .where(
      and(
        eq(standingsSearchCounts.seasonId, seasonId),
        sql`(${standingsSearchCounts.rosterSince}, ${standingsSearchCounts.rosterRevision}) <> (${roster.since}, ${toRevision})`,
      ),
    );
}

/**
 * How many tests of a row against a search a deletion's transaction may make to bring the shared
 * counts past it: each count tests the rows logged since its roster and the deletion's own, about
 * a microsecond a test, so this keeps the transaction within a fraction of a second.
 */
export const BRING_PAST_BUDGET = 200_000;

/**
 * The shared counts a deletion brings past it within `budget` tests: the latest first (the
 * searches asked lately, with the fewest logged rows to go through), the rest left out (deleted,
 * so counted again when next asked).
 */
export function countsWithinBudget<T extends { rosterRevision: number }>(
  counts: readonly T[],
  logged: readonly { revision: number; rows: number }[],
  ownChanges: number,
  budget = BRING_PAST_BUDGET,
): T[] {
  const byLatest = [...counts].sort((a, b) => b.rosterRevision - a.rosterRevision);
  const kept: T[] = [];
  let spent = 0;
  for (const count of byLatest) {
    const since = logged
      .filter((revision) => revision.revision > count.rosterRevision)
      .reduce((sum, revision) => sum + revision.rows, 0);
    spent += since + ownChanges;
    if (spent > budget) break;
    kept.push(count);
  }
  return kept;
}

/** Deletes a season's shared counts: its board begins a new roster, which none of them counted. */
export async function forgetSavedSearchCounts(db: Executor, seasonId: string): Promise<void> {
  await db.delete(standingsSearchCounts).where(eq(standingsSearchCounts.seasonId, seasonId));
}
