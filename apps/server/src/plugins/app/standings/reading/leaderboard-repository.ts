import type { SquadStatus } from '@hit21/core';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../../db/database.ts';
import { profiles, standings, standingsState } from '../../../../db/schema/index.ts';
import { microsOf } from '../../../../db/sql-values.ts';
import { type BlockBoard, boardPage, lostBoardRebuildMs, withRanks } from '../rank-blocks-repository.ts';
import { cappedSearchPage, cappedTotal, countLimit } from './capped-count-repository.ts';
import { searchMatch } from './leaderboard-search-repository.ts';

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
  /** The rows matching: a search's counted up to SEARCH_TOTAL_CAP (capped-count-repository.ts). */
  total: number;
  /** More rows match than `total`. */
  isTotalCapped: boolean;
  /** The server-clock instant the stored board reflects; null before its first computation. */
  computedFor: Date | null;
  /** The stored board the page was read from (`boardVersion`). */
  version: string;
}

/** Which page of which board of a season. */
interface BoardPageRequest {
  seasonId: string;
  board: Board;
  page: number;
  pageSize: number;
}

/** Before a season's first computation there is no board: its pages are empty. */
export const NO_BOARD = 'none';

/**
 * Which stored board of the season this is: the instant of its swap (`computed_at`, set by the
 * swap transaction, in microseconds) and how many placements of member changes it has had since
 * (`revision`); or NO_BOARD. Read in the same statement as what it labels.
 */
export function boardVersion(seasonId: string): SQL {
  return sql`coalesce((select ${microsOf(standingsState.computedAt)} || '.' || ${standingsState.revision}
    from ${standingsState} where ${standingsState.seasonId} = ${seasonId}), ${NO_BOARD})`;
}

/** The version of the season's stored board now (decision 016). */
export async function readBoardVersion(db: Executor, seasonId: string): Promise<string> {
  const [row] = await selectRows<{ version: string }>(db, sql`select ${boardVersion(seasonId)} as version`);
  return row?.version ?? NO_BOARD;
}

/**
 * A page's columns. Every board lists its members in the global order: `ord` orders each,
 * and the rank shown is worked out for the page's rows only (`rankedPage`).
 */
const PAGE_COLUMNS = sql`${standings.ord} as ord, ${standings.userId} as user_id,
  ${standings.fullName} as full_name, ${standings.country} as country, ${standings.club} as club,
  ${standings.totalGoals} as total_goals, ${standings.status} as status`;

/**
 * One page of a stored board, with its total and the instant it reflects, in one statement
 * (one snapshot: never a page of one computation with the total of another).
 * - Without a search or "me", a page starts in the rank block holding its first rank and reads
 *   the board's order index from that block's start, past fewer than a block of members; the
 *   total is the board's members before and in its last block.
 * - A search (case-insensitive, anywhere in name, country or club) or "me" (the viewer's row
 *   only) keeps the board's ranks: its matches are counted up to SEARCH_TOTAL_CAP with the page
 *   (`cappedSearchPage`, decision 018).
 */
export async function readLeaderboardPage(
  db: Executor,
  options: BoardPageRequest & { search?: string; onlyUserId?: string },
): Promise<StoredPage> {
  const { seasonId, board, page, pageSize, search, onlyUserId } = options;
  const scope = boardScope(seasonId, board);
  const offset = (page - 1) * pageSize;
  let query: SQL;
  let limit: number | undefined;
  if (search === undefined && onlyUserId === undefined) {
    query = boardPage(
      seasonId,
      blockBoard(board),
      sql`select ${PAGE_COLUMNS} from ${standings} where ${sql.join(scope, sql` and `)}`,
      offset,
      pageSize,
    );
  } else {
    const match = search === undefined ? undefined : await searchMatch(db, seasonId, search);
    const onlyUser = onlyUserId === undefined ? undefined : sql`${standings.userId} = ${onlyUserId}`;
    const where = (condition: SQL | undefined) =>
      sql.join(
        [...scope, condition, onlyUser].filter((part) => part !== undefined),
        sql` and `,
      );
    limit = countLimit(offset, pageSize);
    const found = cappedSearchPage({
      matches: sql`select ${PAGE_COLUMNS} from ${standings} where ${where(match?.condition)}`,
      walked: sql`select ${PAGE_COLUMNS} from ${standings} where ${where(match?.walkedCondition)}`,
      limit,
      offset,
      pageSize,
    });
    query = sql`with ${found}, page as (${rankedPage(seasonId, board)})
      select counted.total, page.* from counted left join page on true`;
  }

  const result = await selectPageRows(db, seasonId, query);
  const first = result[0];
  const counted = Number(first?.total ?? 0);
  return {
    ...(limit === undefined ? { total: counted, isTotalCapped: false } : cappedTotal(counted, limit)),
    computedFor: first?.computed_for ? new Date(first.computed_for) : null,
    version: first?.board_version ?? (await readBoardVersion(db, seasonId)),
    rows: rankedRows(result),
  };
}

/** A row of a page's statement (`selectPageRows`): one per row of the page, or one without a rank for none. */
interface PageRow {
  total: string | number | null;
  rank: number | null;
  user_id: string;
  full_name: string;
  country: string;
  club: string;
  total_goals: number;
  status: SquadStatus;
  computed_for: Date | string | null;
  board_version: string;
}

/** A page's statement, with the instant and the version of the board it read, in one snapshot. */
function selectPageRows(executor: Executor, seasonId: string, query: SQL) {
  return selectRows<PageRow>(
    executor,
    sql`select result.*, (select ${standingsState.computedFor} from ${standingsState} where ${standingsState.seasonId} = ${seasonId}) as computed_for,
        ${boardVersion(seasonId)} as board_version
      from (${query}) as result order by result.ord`,
  );
}

/** The ranked rows of a page's statement. */
function rankedRows(result: PageRow[]): StoredStanding[] {
  return result
    .filter((row) => row.rank !== null)
    .map((row) => ({
      rank: Number(row.rank),
      userId: row.user_id,
      fullName: row.full_name,
      country: row.country,
      club: row.club,
      totalGoals: row.total_goals,
      status: row.status,
    }));
}

/** Where the viewer stands: their profile's boards, and their row on the stored board, if any. */
export interface ViewerPlace {
  country: string | null;
  club: string | null;
  /** Onboarding complete: the next standings check puts them on the boards, with or without a squad. */
  isMember: boolean;
  /** Their stored row's country and club; null when the stored board does not hold them yet. */
  ranked: { country: string; club: string } | null;
  /** How long the last placement of member changes on the board took; null before the first. */
  lastPlaceMs: number | null;
  /** While the stored board is lost (`isBoardLostSql`), how long its last rebuild took; else null. */
  lostBoardRebuildMs: number | null;
  /** The stored board `ranked` and `lastPlaceMs` were read from (`boardVersion`). */
  version: string;
}

/** The viewer's profile, their stored row and the last placement's duration, in one statement. */
export async function findViewerPlace(
  db: Executor,
  { seasonId, userId }: { seasonId: string; userId: string },
): Promise<ViewerPlace> {
  const [row] = await selectRows<{
    country: string | null;
    club: string | null;
    is_member: boolean | null;
    ranked_country: string | null;
    ranked_club: string | null;
    last_place_ms: number | null;
    lost_board_rebuild_ms: number | null;
    board_version: string;
  }>(
    db,
    sql`select ${profiles.country} as country, ${profiles.favouriteClub} as club, ${boardVersion(seasonId)} as board_version,
        ${profiles.onboardingComplete} and ${profiles.fullName} is not null as is_member,
        ${standings.country} as ranked_country, ${standings.club} as ranked_club,
        (select ${standingsState.placeMs} from ${standingsState} where ${standingsState.seasonId} = ${seasonId}) as last_place_ms,
        (select ${lostBoardRebuildMs(seasonId)} from ${standingsState} where ${standingsState.seasonId} = ${seasonId}) as lost_board_rebuild_ms
      from (select 1) as viewer
      left join ${profiles} on ${profiles.id} = ${userId}
      left join ${standings} on ${standings.seasonId} = ${seasonId} and ${standings.userId} = ${userId}`,
  );
  return {
    country: row?.country ?? null,
    club: row?.club ?? null,
    isMember: row?.is_member === true,
    ranked:
      row?.ranked_country != null && row.ranked_club != null
        ? { country: row.ranked_country, club: row.ranked_club }
        : null,
    lastPlaceMs: row?.last_place_ms ?? null,
    lostBoardRebuildMs: row?.lost_board_rebuild_ms ?? null,
    version: row?.board_version ?? NO_BOARD,
  };
}

/** The season's rows on the board: a country's or club's members, or all. */
function boardScope(seasonId: string, board: Board): SQL[] {
  return [
    sql`${standings.seasonId} = ${seasonId}`,
    board.kind === 'country' ? sql`${standings.country} = ${board.country}` : undefined,
    board.kind === 'club' ? sql`${standings.club} = ${board.club}` : undefined,
  ].filter((condition) => condition !== undefined);
}

/** A board as its rank blocks name it. */
export function blockBoard(board: Board): BlockBoard {
  if (board.kind === 'country') return { kind: 'country', name: board.country };
  if (board.kind === 'club') return { kind: 'club', name: board.club };
  return { kind: 'global', name: '' };
}

/** The page's rows (`found`, with their `ord`) with their ranks on `board` (`withRanks`). */
function rankedPage(seasonId: string, board: Board): SQL {
  const scope = boardScope(seasonId, board);
  return withRanks(
    seasonId,
    blockBoard(board),
    sql`select ${standings.ord} as ord from ${standings} where ${sql.join(scope, sql` and `)}`,
  );
}
