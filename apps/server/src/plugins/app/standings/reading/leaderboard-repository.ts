import type { SquadStatus } from '@hit21/core';
import { eq, getTableName, type SQL, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../../db/database.ts';
import { foldSearch } from '../../../../db/name-folding.ts';
import {
  profiles,
  ROSTER_CHANGES_KEPT,
  standings,
  standingsGroups,
  standingsNames,
  standingsRosterChanges,
  standingsState,
} from '../../../../db/schema/index.ts';
import { microsOf, textArray } from '../../../../db/sql-values.ts';
import {
  type BlockBoard,
  blockStart,
  boardTotal,
  lostBoardRebuildMs,
  pageStart,
  ranksOf,
} from '../rank-blocks-repository.ts';

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
  /** The rows matching; null for a search's page found before its matches were counted (`readPageBeforeCount`). */
  total: number | null;
  /** The server-clock instant the stored board reflects; null before its first computation. */
  computedFor: Date | null;
  /** The stored board the page was read from (`boardVersion`). */
  version: string;
  /** A search's count, for its other pages and later askings (`knownCount`). */
  searchCount?: SearchCount;
}

/** Which page of which board of a season. */
interface BoardPageRequest {
  seasonId: string;
  board: Board;
  page: number;
  pageSize: number;
}

/** A page with its matches counted (every page but a search's before its count). */
export interface CountedPage extends StoredPage {
  total: number;
}

/** How many members of one board a search matched, and on which roster of the stored board. */
export interface SearchCount {
  /** The roster counted (`rosterVersionOf` the board version it was read from). */
  rosterVersion: string;
  total: number;
  /** The members of the board searched. */
  boardMembers: number;
}

/** Before a season's first computation there is no board: its pages are empty. */
export const NO_BOARD = 'none';

/**
 * Which stored board of the season this is: the instant of its swap (`computed_at`, set by the
 * swap transaction), its roster (the swap that began it, `roster_since`, and how many placements
 * changed it since, `roster_revision`), and how many placements of member changes it has had
 * since its swap (`revision`), each instant in microseconds; or NO_BOARD. Read in the same
 * statement as what it labels.
 */
export function boardVersion(seasonId: string): SQL {
  return sql`coalesce((select ${microsOf(standingsState.computedAt)} || '.' || ${microsOf(standingsState.rosterSince)}
      || '.' || ${standingsState.rosterRevision} || '.' || ${standingsState.revision}
    from ${standingsState} where ${standingsState.seasonId} = ${seasonId}), ${NO_BOARD})`;
}

/**
 * The part of a board version that names its roster: who is on the board under which name,
 * country and club. A search matches the same members on every board version with the same
 * roster, however goals, squads and rebuilds have moved them, so its count holds across those
 * versions. NO_BOARD without a board.
 */
export function rosterVersionOf(boardVersion: string): string {
  const parts = boardVersion.split('.');
  return parts.length === 4 ? parts.slice(1, 3).join('.') : boardVersion;
}

/** The roster's beginning and its revision since that a roster version names; undefined without a board. */
function parseRoster(rosterVersion: string): { since: string; revision: number } | undefined {
  const [since, revisionText, ...rest] = rosterVersion.split('.');
  const revision = Number(revisionText);
  if (!since || rest.length > 0 || !Number.isInteger(revision)) return undefined;
  return { since, revision };
}

/**
 * Whether `count` can be brought to the roster of board `version` through the roster's changes:
 * counted on the same roster, at a revision not past it and fewer than ROSTER_CHANGES_KEPT back.
 */
export function canBringForward(count: SearchCount, version: string): boolean {
  const roster = parseRoster(rosterVersionOf(version));
  const kept = parseRoster(count.rosterVersion);
  return (
    roster !== undefined &&
    kept !== undefined &&
    roster.since === kept.since &&
    roster.revision >= kept.revision &&
    roster.revision - kept.revision < ROSTER_CHANGES_KEPT
  );
}

/** The version of the season's stored board now (decision 016). */
export async function readBoardVersion(db: Executor, seasonId: string): Promise<string> {
  const [row] = await selectRows<{ version: string }>(db, sql`select ${boardVersion(seasonId)} as version`);
  return row?.version ?? NO_BOARD;
}

/**
 * A page's columns. Every board lists its members in the global order: `position` orders each,
 * and the rank shown is worked out for the page's rows only (`rankedPage`).
 */
const PAGE_COLUMNS = sql`${standings.position} as position, ${standings.userId} as user_id,
  ${standings.fullName} as full_name, ${standings.country} as country, ${standings.club} as club,
  ${standings.totalGoals} as total_goals, ${standings.status} as status`;

/**
 * One page of a stored board, with its total and the instant it reflects, in one statement
 * (one snapshot: never a page of one computation with the total of another).
 * - Without a search or "me", a page starts in the rank block holding its first rank and reads
 *   the board's order index from that block's start, past fewer than a block of members; the
 *   total is the board's members before and in its last block.
 * - A search (case-insensitive, anywhere in name, country or club) or "me" (the viewer's row
 *   only) keeps the board's ranks. A search that may match many rows (whole countries or
 *   clubs, or one or two letters) is counted from the stored group counts and paged along the
 *   rank index; any other is found once (trigram index), counted and paged. A search's count
 *   is returned for the caller to keep (`searchCount`, with the board's roster it counted).
 *   Given back (`knownCount`), it is brought to the board's roster now by the roster's changes
 *   since (goals move members without changing it), and the first kind is not counted again;
 *   the second's pages near either end of its matches are found along the rank index instead,
 *   when that reads fewer rows than all the matches.
 */
export async function readLeaderboardPage(
  db: Executor,
  options: BoardPageRequest & {
    search?: string;
    onlyUserId?: string;
    /** This search's count on this board, read by an earlier asking of it (`searchCount`). */
    knownCount?: SearchCount;
  },
): Promise<CountedPage> {
  const { seasonId, board, page, pageSize, search, onlyUserId } = options;
  const scope = boardScope(seasonId, board);
  const offset = (page - 1) * pageSize;
  const keptRoster = options.knownCount && parseRoster(options.knownCount.rosterVersion);
  const knownCount = keptRoster ? options.knownCount : undefined;

  const match = search === undefined ? undefined : await searchMatch(db, seasonId, search);
  /**
   * `knownCount` brought to the board's roster in the page's statement: plus the rows put on and
   * less those taken off since its roster that match the search (`standingsRosterChanges`,
   * whose columns are named as the board's, so the board's conditions read it under its name).
   */
  const keptTotal =
    knownCount && keptRoster && match
      ? sql`${knownCount.total}::bigint + (select coalesce(sum(sign), 0)
          from ${standingsRosterChanges} as ${sql.identifier(getTableName(standings))}
          where ${sql.join([...scope, match.walkedCondition], sql` and `)}
            and roster_revision > ${keptRoster.revision}::int)`
      : undefined;
  const filters = [
    ...scope,
    match?.condition,
    onlyUserId === undefined ? undefined : sql`${standings.userId} = ${onlyUserId}`,
  ].filter((condition) => condition !== undefined);

  let query: SQL;
  /** A name search found once and counted: it reads every match (through the trigram index). */
  let isTrigramSearch = false;
  /** A search counted by this read, its count returned for the next (`searchCount`). */
  let isCountedSearch = false;
  /** A search paged with `knownCount` instead of counting it. */
  let isKnownCountUsed = false;
  if (match === undefined && onlyUserId === undefined) {
    // The page starts in the rank block holding its first rank: the board's order index is read
    // from that block's first place, past fewer than a block of members.
    query = sql`with total as (${boardTotal(seasonId, blockBoard(board))}),
      start as materialized (${pageStart(seasonId, blockBoard(board), offset)}),
      page as (select ${offset}::int + row_number() over (order by rows.position) as rank, rows.* from (
          select ${PAGE_COLUMNS} from ${standings}
          where ${sql.join(scope, sql` and `)}
            and ${standings.position} > ${blockStart(sql`select block from start`)}
          order by ${standings.position}
          limit ${pageSize} offset (select ${offset}::int - members_before from start)) as rows)
      select total.total, page.* from total left join page on true`;
  } else if (match && (match.matchesGroups || match.isScan) && onlyUserId === undefined) {
    // Matches may be many: whole countries or clubs (hundreds of thousands of rows for
    // "united"), or a one- or two-letter name search. The total is the matched groups' stored
    // member counts plus the name matches outside them (a one- or two-letter search tests every
    // name to count them, slow on a large board), or the count kept from an earlier asking; the
    // page is found by walking the order index from whichever end is nearer (only one of the
    // two walks runs).
    const found = walkedPage(sql.join(filters, sql` and `), {
      total: sql`(select total from total)`,
      offset,
      pageSize,
    });
    isKnownCountUsed = keptTotal !== undefined;
    isCountedSearch = !isKnownCountUsed;
    const total =
      keptTotal ??
      sql`(${groupsTotal(seasonId, board, match)}) + (select count(*)
          from ${standings} where ${sql.join([...scope, match.nameOutsideGroups], sql` and `)})`;
    query = sql`with total as materialized (select ${total} as total),
      board as (${boardTotal(seasonId, blockBoard(board))}),
      found as materialized (${found}),
      page as (${rankedPage(seasonId, board)})
      select total.total, (select total from board) as board_members, page.* from total left join page on true`;
  } else if (
    match &&
    onlyUserId === undefined &&
    knownCount &&
    keptTotal &&
    isWalkCheaper(knownCount, offset, pageSize)
  ) {
    // A name search counted before, on a page near either end of its matches: the rank index is
    // walked from that end, each name tested, as many rows as the page's distance from the end
    // times the board's members per match (a surname matching one member in 66: some 1,700 rows
    // for its first page, where reading its matches reads all 151,146 at ten million).
    const found = walkedPage(sql.join([...scope, match.walkedCondition], sql` and `), {
      total: sql`(select total from total)`,
      offset,
      pageSize,
    });
    isKnownCountUsed = true;
    query = sql`with total as materialized (select ${keptTotal} as total),
      found as materialized (${found}),
      page as (${rankedPage(seasonId, board)})
      select total.total, page.* from total left join page on true`;
  } else {
    // Names through the trigram index, or the viewer only: found once, then counted and paged
    // (every match is read to count it), with the board's members for the next pages' choice.
    isTrigramSearch = match !== undefined;
    isCountedSearch = isTrigramSearch;
    query = sql`with matches as materialized (select ${PAGE_COLUMNS} from ${standings} where ${sql.join(filters, sql` and `)}),
      total as (select count(*) as total from matches),
      board as (${boardTotal(seasonId, blockBoard(board))}),
      found as materialized (select * from matches order by position limit ${pageSize} offset ${offset}),
      page as (${rankedPage(seasonId, board)})
      select total.total, (select total from board) as board_members, page.* from total left join page on true`;
  }

  const readPage = (executor: Executor) => selectPageRows(executor, seasonId, query);
  // A common surname matches a hundred thousand names or more, on as many pages: in the default
  // 4 MB the index's bitmap of them turns to whole pages and millions of names are tested
  // again; in 32 MB only the matches are.
  const result = isTrigramSearch
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`set local work_mem = '32MB'`);
        return readPage(tx);
      })
    : await readPage(db);
  const first = result[0];
  const version = first?.board_version ?? (await readBoardVersion(db, seasonId));
  // A count of another roster, or of a revision older than the changes kept: count again.
  if (isKnownCountUsed && !(knownCount && canBringForward(knownCount, version))) {
    return readLeaderboardPage(db, { ...options, knownCount: undefined });
  }
  const total = Number(first?.total ?? 0);
  const boardMembers = isKnownCountUsed ? knownCount?.boardMembers : first?.board_members;
  const searchCount =
    (isKnownCountUsed || isCountedSearch) && onlyUserId === undefined
      ? { rosterVersion: rosterVersionOf(version), total, boardMembers: Number(boardMembers ?? 0) }
      : undefined;
  return {
    total,
    computedFor: first?.computed_for ? new Date(first.computed_for) : null,
    version,
    searchCount,
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
  board_members?: string | number | null;
}

/** A page's statement, with the instant and the version of the board it read, in one snapshot. */
function selectPageRows(executor: Executor, seasonId: string, query: SQL) {
  return selectRows<PageRow>(
    executor,
    sql`select result.*, (select ${standingsState.computedFor} from ${standingsState} where ${standingsState.seasonId} = ${seasonId}) as computed_for,
        ${boardVersion(seasonId)} as board_version
      from (${query}) as result order by result.position`,
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

/**
 * How many rows of a board, from its top, a search's page is looked for in before the search is
 * counted (`readPageBeforeCount`): walking the rank index this far costs about a page's read,
 * and a search it finds too few matches in matches fewer than one member in 2,000 of a large
 * board, few enough to count at once.
 */
export const UNCOUNTED_WALK_ROWS = 50_000;

/**
 * A search's page without counting its matches, when the walk finds it: the rank index is walked
 * from the top of the board, each name tested, until the page's last match or `walkRows` rows
 * (UNCOUNTED_WALK_ROWS). A common search's first pages are then answered in milliseconds, where
 * counting it reads every match ("son": a million at ten million players, 1 to 3 s).
 * - A search of three letters or more that matches whole countries or clubs: undefined, as its
 *   count costs about what its page does.
 * - A board no larger than the walk: every row is read, so the page comes with its `total` and
 *   the count to keep (`searchCount`).
 * - Otherwise the page found before the walk's end: `total` null (still to count); or, found too
 *   few matches near the top, undefined (few enough to count at once).
 */
export async function readPageBeforeCount(
  db: Executor,
  options: BoardPageRequest & { search: string; walkRows?: number },
): Promise<StoredPage | undefined> {
  const { seasonId, board, page, pageSize, search } = options;
  const walkRows = options.walkRows ?? UNCOUNTED_WALK_ROWS;
  const scope = boardScope(seasonId, board);
  const offset = (page - 1) * pageSize;
  const match = await searchMatch(db, seasonId, search);
  // Whole countries or clubs, found by three letters or more: counted from the stored group
  // counts and a few names, at about a page's cost.
  if (match.matchesGroups && !match.isScan) return undefined;
  // The walk's rows that match. The outer limit stops the walk at the page's last match, unless
  // the board is no larger than the walk: then every row is read, and every match counted.
  const query = sql`with board as materialized (${boardTotal(seasonId, blockBoard(board))}),
      walked as materialized (
        select position, n from (
          select ${standings.position} as position, ${match.walkedCondition} as is_match,
            row_number() over (order by ${standings.position}) as n
          from ${standings} where ${sql.join(scope, sql` and `)}
          order by ${standings.position} limit ${walkRows}) as walk
        where is_match
        limit (select case when total <= ${walkRows}::bigint then null else ${offset + pageSize}::bigint end from board)),
      found as materialized (select ${PAGE_COLUMNS} from ${standings}
        where ${sql.join(scope, sql` and `)} and ${standings.position} in (
          select position from walked order by n offset ${offset} limit ${pageSize})),
      page as (${rankedPage(seasonId, board)})
      select (select count(*) from walked) as total, (select total from board) as board_members, page.*
      from (select 1) as walk_result left join page on true`;
  const result = await selectPageRows(db, seasonId, query);
  const first = result[0];
  const version = first?.board_version ?? (await readBoardVersion(db, seasonId));
  const matches = Number(first?.total ?? 0);
  const boardMembers = Number(first?.board_members ?? 0);
  const computedFor = first?.computed_for ? new Date(first.computed_for) : null;
  const rows = rankedRows(result);
  if (boardMembers > walkRows) {
    // The page found before the walk's end, or the search left to be counted.
    const isPageFound = matches >= offset + pageSize;
    return isPageFound ? { total: null, computedFor, version, rows } : undefined;
  }
  // Every row of the board walked: the matches are counted.
  const searchCount = { rosterVersion: rosterVersionOf(version), total: matches, boardMembers };
  return { total: matches, computedFor, version, rows, searchCount };
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

interface SearchMatch {
  /** The countries and the clubs of the board whose name contains the search. */
  countries: string[];
  clubs: string[];
  matchesGroups: boolean;
  /** Too short for the trigram index: every row is read anyway. */
  isScan: boolean;
  /** A row matches: its name, country or club contains the search. */
  condition: SQL;
  /** The same, each name tested as it is read (not through the trigram index): for walks. */
  walkedCondition: SQL;
  /** Its name contains the search, and neither its country nor its club does. */
  nameOutsideGroups: SQL;
}

/**
 * The name contains the search (the names' trigram index, `standingsNames`), or the country or
 * club does: those few countries and clubs are matched first, against the board's lists in the
 * state row, so that each side of the OR is an index condition the planner can size.
 */
async function searchMatch(db: Executor, seasonId: string, search: string): Promise<SearchMatch> {
  const [lists] = await db
    .select({ countries: standingsState.countries, clubs: standingsState.clubs })
    .from(standingsState)
    .where(eq(standingsState.seasonId, seasonId));
  const { countries, clubs } = groupsMatching(search, lists);
  // pg_trgm needs three characters. A shorter search is a scan: the function form of LIKE keeps
  // the planner from a walk of the whole trigram index, several times slower than the scan.
  const isScan = foldSearch(search).length < 3;
  // Lower-cased by the database, as the stored names are (searchKeySql): one case mapping.
  const pattern = sql`lower(${likePattern(search)})`;
  const tested = sql`textlike(${standings.searchName}, ${pattern})`;
  // The names containing the text, through the trigram index of the board's distinct names, then
  // the rows holding them through the board's b-tree on its names.
  const named = sql`${standings.searchName} = any(array(select ${standingsNames.searchName} from ${standingsNames}
    where ${standingsNames.searchName} like ${pattern}))`;
  const name = isScan ? tested : named;
  const groups = groupCondition(standings, countries, clubs);
  const orInGroups = (nameCondition: SQL) => (groups ? sql`(${nameCondition} or ${groups})` : nameCondition);
  return {
    countries,
    clubs,
    matchesGroups: groups !== undefined,
    isScan,
    condition: orInGroups(name),
    walkedCondition: orInGroups(tested),
    nameOutsideGroups: groups ? sql`${name} and not ${groups}` : name,
  };
}

/**
 * The board's countries and clubs (the state row's lists) whose name contains the search,
 * case-insensitively: a search matches every member of those.
 */
export function groupsMatching(
  search: string,
  lists: { countries: string[]; clubs: string[] } | undefined,
): { countries: string[]; clubs: string[] } {
  const needle = search.toLowerCase();
  const matching = (names: string[] = []) => names.filter((name) => name.toLowerCase().includes(needle));
  return { countries: matching(lists?.countries), clubs: matching(lists?.clubs) };
}

/** Country in `countries` or club in `clubs`, on the board or on its groups; undefined when both are empty. */
function groupCondition(
  table: typeof standings | typeof standingsGroups,
  countries: string[],
  clubs: string[],
): SQL | undefined {
  const conditions = [
    countries.length > 0 ? sql`${table.country} = any(${textArray(countries)}::text[])` : undefined,
    clubs.length > 0 ? sql`${table.club} = any(${textArray(clubs)}::text[])` : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? sql`(${sql.join(conditions, sql` or `)})` : undefined;
}

/**
 * The members of the board's scope, or of those in the groups the search matched: from the
 * stored counts per (country, club).
 */
function groupsTotal(seasonId: string, board: Board, match?: SearchMatch): SQL {
  const groups = match ? groupCondition(standingsGroups, match.countries, match.clubs) : sql`true`;
  if (!groups) return sql`0`;
  const scope = [
    sql`${standingsGroups.seasonId} = ${seasonId}`,
    board.kind === 'country' ? sql`${standingsGroups.country} = ${board.country}` : undefined,
    board.kind === 'club' ? sql`${standingsGroups.club} = ${board.club}` : undefined,
    groups,
  ].filter((condition) => condition !== undefined);
  return sql`select coalesce(sum(${standingsGroups.members}), 0) as total from ${standingsGroups} where ${sql.join(scope, sql` and `)}`;
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

/**
 * The page of the rows matching `where`, found by walking the order index from whichever end of
 * the `total` matches is nearer (only one of the two walks runs).
 */
function walkedPage(where: SQL, options: { total: SQL; offset: number; pageSize: number }): SQL {
  const { total, offset, pageSize } = options;
  const matches = sql`select ${PAGE_COLUMNS} from ${standings} where ${where}`;
  return sql`select * from (${matches} order by position limit ${pageSize} offset ${offset}) as from_top
      where ${offset * 2} < ${total}
    union all
    select * from (${matches} order by position desc
        limit greatest(least(${pageSize}, ${total} - ${offset}), 0)
        offset greatest(${total} - ${offset} - ${pageSize}, 0)) as from_bottom
      where ${offset * 2} >= ${total}`;
}

/**
 * Whether walking the order index from the nearer end of a search's matches reads fewer rows
 * than reading every match: it reads about the page's distance from that end times the
 * board's members per match.
 */
function isWalkCheaper(count: SearchCount, offset: number, pageSize: number): boolean {
  const fromNearerEnd = Math.min(offset, count.total - offset) + pageSize;
  return fromNearerEnd * count.boardMembers < count.total * count.total;
}

/** The page's rows (`found`, with their positions) with their ranks on `board` (`ranksOf`). */
function rankedPage(seasonId: string, board: Board): SQL {
  const scope = boardScope(seasonId, board);
  const ranks = ranksOf(
    seasonId,
    blockBoard(board),
    sql`select position from found`,
    (from, to) => sql`select ${standings.position} as position from ${standings}
      where ${sql.join(scope, sql` and `)} and ${standings.position} between ${from} and ${to}`,
  );
  return sql`select ranks.rank, found.* from found join (${ranks}) as ranks on ranks.position = found.position`;
}

/**
 * `search` as a LIKE pattern matching a stored name (`searchKeySql`) that contains it, folded as
 * the names are: its wildcards are punctuation, which the folding drops. A search of punctuation
 * alone names nobody: its pattern is an apostrophe, which no folded name is.
 */
export function likePattern(search: string): string {
  const key = foldSearch(search);
  return key.trim() === '' ? "'" : `%${key}%`;
}
