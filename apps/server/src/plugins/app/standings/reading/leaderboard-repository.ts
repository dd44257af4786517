import type { LeaderboardRow, SquadStatus } from '@hit21/core';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../../db/database.ts';
import { profiles, standings, standingsState } from '../../../../db/schema/index.ts';
import { microsOf } from '../../../../db/sql-values.ts';
import { type BlockBoard, lostBoardRebuildMs } from '../rank-blocks-repository.ts';
import { allOf, cappedTotal, rankedPageQuery, searchMatch } from './page-query-repository.ts';

/** The global board, or the global order restricted to one country's or one club's members. */
export type Board =
  | { kind: 'global' }
  | { kind: 'country'; country: string }
  | { kind: 'club'; club: string };

export interface StoredPage {
  rows: Omit<LeaderboardRow, 'isYou' | 'picks'>[];
  /** A search's total is counted up to a cap (`cappedTotal`). */
  total: number;
  isTotalCapped: boolean;
  /** The server-clock instant the stored board reflects; null before its first computation. */
  computedFor: Date | null;
  /** The stored board the page was read from (`boardVersion`). */
  version: string;
}

/** Before a season's first computation there is no board: its pages are empty. */
export const NO_BOARD = 'none';

/** The stored board: its swap's instant (µs) and placements since; read with what it labels. */
export function boardVersion(seasonId: string): SQL {
  return sql`coalesce((select ${microsOf(standingsState.computedAt)} || '.' || ${standingsState.revision}
    from ${standingsState} where ${standingsState.seasonId} = ${seasonId}), ${NO_BOARD})`;
}

export async function readBoardVersion(db: Executor, seasonId: string): Promise<string> {
  const [row] = await selectRows<{ version: string }>(db, sql`select ${boardVersion(seasonId)} as version`);
  return row?.version ?? NO_BOARD;
}

const PAGE_COLUMNS = sql`${standings.ord} as ord, ${standings.userId} as user_id,
  ${standings.fullName} as full_name, ${standings.country} as country, ${standings.club} as club,
  ${standings.totalGoals} as total_goals, ${standings.status} as status`;

/** A page of a stored board with its total and state, in one statement (one snapshot). */
export async function readLeaderboardPage(
  db: Executor,
  options: {
    seasonId: string;
    board: Board;
    page: number;
    pageSize: number;
    search?: string;
    after?: string;
    onlyUserId?: string;
  },
): Promise<StoredPage> {
  const { seasonId, board, search, onlyUserId } = options;
  const scope = boardScope(seasonId, board);
  const onlyUser = onlyUserId === undefined ? undefined : sql`${standings.userId} = ${onlyUserId}`;
  const match = search === undefined ? undefined : await searchMatch(db, seasonId, search);
  const { query, limit } = rankedPageQuery({
    ...options,
    board: blockBoard(board),
    rowsWhere: (condition) =>
      sql`select ${PAGE_COLUMNS} from ${standings} where ${allOf([...scope, condition, onlyUser])}`,
    ords: sql`select ${standings.ord} as ord from ${standings} where ${allOf(scope)}`,
    counted: search === undefined && onlyUser === undefined ? undefined : { ...match },
  });
  const result = await selectRows<{
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
  }>(
    db,
    sql`select result.*, (select ${standingsState.computedFor} from ${standingsState} where ${standingsState.seasonId} = ${seasonId}) as computed_for,
        ${boardVersion(seasonId)} as board_version
      from (${query}) as result order by result.ord`,
  );
  const first = result[0];
  return {
    ...cappedTotal(Number(first?.total ?? 0), limit),
    computedFor: first?.computed_for ? new Date(first.computed_for) : null,
    // The statement always answers a row: the total's, without a rank for an empty page.
    version: first?.board_version ?? NO_BOARD,
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

function boardScope(seasonId: string, board: Board): (SQL | undefined)[] {
  return [
    sql`${standings.seasonId} = ${seasonId}`,
    board.kind === 'country' ? sql`${standings.country} = ${board.country}` : undefined,
    board.kind === 'club' ? sql`${standings.club} = ${board.club}` : undefined,
  ];
}

function blockBoard(board: Board): BlockBoard {
  const name = board.kind === 'country' ? board.country : board.kind === 'club' ? board.club : '';
  return { kind: board.kind, name };
}

/** What a change waits for: the last placement (null before the first), or a lost board's rebuild. */
export interface PlacingTimes {
  lastPlaceMs: number | null;
  /** While the stored board is lost (`isBoardLostSql`), its last rebuild's; else null. */
  lostBoardRebuildMs: number | null;
}

/** The viewer's profile's boards and their row on the stored board (`ranked`: null if none yet). */
export interface ViewerPlace extends PlacingTimes {
  country: string | null;
  club: string | null;
  /** Onboarding complete: the next standings check puts them on the boards. */
  isMember: boolean;
  ranked: { country: string; club: string } | null;
  version: string;
}

export async function findViewerPlace(db: Executor, seasonId: string, userId: string): Promise<ViewerPlace> {
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
