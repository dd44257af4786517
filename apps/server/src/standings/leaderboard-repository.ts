import type { SquadStatus } from '@hit21/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../db/database.ts';
import { standings, standingsState } from '../db/schema/index.ts';
import { textArray } from './sql-arrays.ts';

/** The global board, or the global order restricted to one country's or one club's members. */
export type Board =
  | { kind: 'global' }
  | { kind: 'country'; country: string }
  | { kind: 'club'; club: string };

export interface StoredStanding {
  rank: number;
  userId: string;
  fullName: string;
  country: string;
  club: string;
  totalGoals: number;
  status: SquadStatus;
}

export interface StoredPage {
  rows: StoredStanding[];
  total: number;
  /** The server-clock instant the stored board reflects; null before its first computation. */
  computedFor: Date | null;
}

/**
 * One page of a stored board, with its total and the instant it reflects, in one statement
 * (one snapshot: never a page of one computation with the total of another).
 * - Without a search or "me", a page is a range of ranks (dense 1..n on every board), so any
 *   page, the last included, is one index range scan, and the total is the highest rank.
 * - A search (case-insensitive, anywhere in name, country or club; trigram index) or "me"
 *   (the viewer's row only) filters first, keeps the board's ranks, then pages.
 */
export async function readLeaderboardPage(
  db: Executor,
  options: {
    seasonId: string;
    board: Board;
    page: number;
    pageSize: number;
    search?: string;
    onlyUserId?: string;
  },
): Promise<StoredPage> {
  const { seasonId, board, page, pageSize, search, onlyUserId } = options;
  const rank =
    board.kind === 'country'
      ? standings.countryRank
      : board.kind === 'club'
        ? standings.clubRank
        : standings.globalRank;
  const scope = [
    sql`${standings.seasonId} = ${seasonId}`,
    board.kind === 'country' ? sql`${standings.country} = ${board.country}` : undefined,
    board.kind === 'club' ? sql`${standings.club} = ${board.club}` : undefined,
  ].filter((condition) => condition !== undefined);
  const columns = sql`${rank} as rank, ${standings.userId} as user_id, ${standings.fullName} as full_name,
    ${standings.country} as country, ${standings.club} as club, ${standings.totalGoals} as total_goals,
    ${standings.status} as status`;
  const offset = (page - 1) * pageSize;

  let query: SQL;
  if (search === undefined && onlyUserId === undefined) {
    query = sql`with total as (select coalesce(max(${rank}), 0) as total from ${standings} where ${sql.join(scope, sql` and `)}),
      page as (select ${columns} from ${standings}
        where ${sql.join([...scope, sql`${rank} between ${offset + 1} and ${offset + pageSize}`], sql` and `)})
      select total.total, page.* from total left join page on true`;
  } else {
    const filters = [
      ...scope,
      search === undefined ? undefined : await searchCondition(db, seasonId, search),
      onlyUserId === undefined ? undefined : sql`${standings.userId} = ${onlyUserId}`,
    ].filter((condition) => condition !== undefined);
    query = sql`with matches as materialized (select ${columns} from ${standings} where ${sql.join(filters, sql` and `)}),
      total as (select count(*) as total from matches),
      page as (select * from matches order by rank limit ${pageSize} offset ${offset})
      select total.total, page.* from total left join page on true`;
  }

  const result = await selectRows<{
    total: string | number;
    rank: number | null;
    user_id: string;
    full_name: string;
    country: string;
    club: string;
    total_goals: number;
    status: SquadStatus;
    computed_for: Date | string | null;
  }>(
    db,
    sql`select result.*, (select ${standingsState.computedFor} from ${standingsState} where ${standingsState.seasonId} = ${seasonId}) as computed_for
      from (${query}) as result order by result.rank`,
  );
  const first = result[0];
  return {
    total: Number(first?.total ?? 0),
    computedFor: first?.computed_for ? new Date(first.computed_for) : null,
    rows: result
      .filter((row) => row.rank !== null)
      .map((row) => ({
        rank: Number(row.rank),
        userId: row.user_id,
        fullName: row.full_name,
        country: row.country,
        club: row.club,
        totalGoals: row.total_goals,
        status: row.status,
      })),
  };
}

/**
 * The name contains the search (trigram index), or the country or club does: those few names
 * are matched first, against the board's lists in the state row, so that each side of the OR
 * is an index scan the planner can size.
 */
async function searchCondition(db: Executor, seasonId: string, search: string): Promise<SQL> {
  const [lists] = await db
    .select({ countries: standingsState.countries, clubs: standingsState.clubs })
    .from(standingsState)
    .where(eq(standingsState.seasonId, seasonId));
  const needle = search.toLowerCase();
  const matching = (names: string[] = []) => names.filter((name) => name.toLowerCase().includes(needle));
  const countries = matching(lists?.countries);
  const clubs = matching(lists?.clubs);
  return sql`(${sql.join(
    [
      // pg_trgm needs three characters: a shorter search is a scan, which beats a whole-index walk.
      search.length < 3
        ? sql`strpos(lower(${standings.fullName}), lower(${search})) > 0`
        : sql`lower(${standings.fullName}) like lower(${likePattern(search)})`,
      countries.length > 0 ? sql`${standings.country} = any(${textArray(countries)}::text[])` : undefined,
      clubs.length > 0 ? sql`${standings.club} = any(${textArray(clubs)}::text[])` : undefined,
    ].filter((condition) => condition !== undefined),
    sql` or `,
  )})`;
}

/** `search` as a LIKE pattern matching it anywhere, its own wildcards taken literally. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}
