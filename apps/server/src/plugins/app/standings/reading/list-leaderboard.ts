import {
  AppError,
  currentGameweek,
  LEADERBOARD_MESSAGES,
  type LeaderboardPage,
  type LeaderboardRow,
  type LeaderboardType,
  leaderboardPageSchema,
  leaderboardRowSchema,
  type SeasonConfig,
} from '@hit21/core';
import type { Executor } from '../../../../db/database.ts';
import { listSquad } from '../../squads/squad-repository.ts';
import { type BoardCache, readOnOneBoard } from './board-cache.ts';
import { withOwnRow } from './board-etag.ts';
import {
  type Board,
  findViewerPlace,
  readLeaderboardPage,
  type StoredPage,
  type ViewerPlace,
} from './leaderboard-repository.ts';

/**
 * A page of one of the three boards as the viewer sees it: the country and club boards are
 * those of the viewer's profile (refused with the specification's message when it has none);
 * the viewer's own row is marked and carries their picks, nobody else's does.
 */
export async function listLeaderboard(options: {
  db: Executor;
  /** Board pages and viewers' places kept per board version (board-cache.ts). */
  boards: BoardCache;
  season: SeasonConfig;
  viewerId: string;
  type: LeaderboardType;
  page: number;
  pageSize: number;
  search?: string;
  isMeOnly: boolean;
  /** The longest a change waits before the standings check notices it (standings-service.ts). */
  refreshDelayMs: number;
}): Promise<LeaderboardPage> {
  const { db, season, viewerId, page, pageSize } = options;
  const { viewer, board, stored } = await readFromOneBoard(options);
  const viewerPending = isPendingOn(board, viewer)
    ? { withinSeconds: expectedWaitSeconds(viewer, options.refreshDelayMs) }
    : null;
  // What every viewer without a row on the page gets: one answer per notice.
  const notice = viewerPending?.withinSeconds ?? null;
  const shared = sharedAnswer(
    stored,
    notice,
    (): LeaderboardPage => ({
      rows: stored.rows.map((row) => ({ ...row, isYou: false })),
      total: stored.total,
      isTotalCapped: stored.isTotalCapped,
      page,
      pageSize,
      filter:
        board.kind === 'country'
          ? { country: board.country }
          : board.kind === 'club'
            ? { club: board.club }
            : {},
      computedAt: stored.computedFor?.toISOString() ?? null,
      viewerPending,
    }),
  );
  const ownIndex = shared.rows.findIndex((row) => row.userId === viewerId);
  const sharedOwnRow = shared.rows[ownIndex];
  if (!sharedOwnRow) return shared;
  const ownPicks = await viewerPicks({
    db,
    boards: options.boards,
    season,
    seasonId: season.id,
    viewerId,
    version: stored.version,
    computedFor: stored.computedFor,
  });
  const ownRow: LeaderboardRow = { ...sharedOwnRow, isYou: true, picks: ownPicks };
  return withOwnRow(shared, ownIndex, ownRow, leaderboardPageSchema, leaderboardRowSchema);
}

/** The answers built from each cached page for viewers without a row on it, by pending notice. */
const sharedAnswers = new WeakMap<object, Map<number | null, unknown>>();

/**
 * The answer to a cached page for every viewer who has no row on it and the same notice (in
 * seconds, or none): built and serialized once (board-etag.ts), kept with the page. A viewer
 * whose row is on it gets this answer with that row marked as theirs (`withOwnRow`).
 */
export function sharedAnswer<Answer>(stored: object, notice: number | null, build: () => Answer): Answer {
  let answers = sharedAnswers.get(stored);
  if (!answers) {
    answers = new Map();
    sharedAnswers.set(stored, answers);
  }
  if (answers.has(notice)) return answers.get(notice) as Answer;
  const built = build();
  answers.set(notice, built);
  return built;
}

/**
 * The viewer's picks with their goals as of the stored board, so they add up to the total shown
 * beside them; kept with the viewer's place until the board or their profile changes (a squad
 * save does). None before the board's first computation.
 */
export async function viewerPicks(options: {
  db: Executor;
  boards: BoardCache;
  season: SeasonConfig;
  seasonId: string;
  viewerId: string;
  version: string;
  computedFor: Date | null;
}) {
  const { db, boards, season, seasonId, viewerId, version, computedFor } = options;
  if (!computedFor) return undefined;
  const kept = await boards.viewer(
    viewerId,
    seasonId,
    version,
    async () => ({
      version,
      picks: await listSquad(
        db,
        viewerId,
        seasonId,
        computedFor,
        currentGameweek(season.gameweeks, computedFor),
      ),
    }),
    'picks',
  );
  return kept.picks;
}

/**
 * The viewer's place and the page, both of the board version this instance serves: from
 * memory when held, else read (each read says which board it met), never of two boards.
 */
function readFromOneBoard(options: Parameters<typeof listLeaderboard>[0]) {
  const { db, boards, season, viewerId, page, pageSize, search } = options;
  return readOnOneBoard(boards, season.id, async (version) => {
    const viewer = await boards.viewer(viewerId, season.id, version, () =>
      findViewerPlace(db, { seasonId: season.id, userId: viewerId }),
    );
    const board = boardOf(options.type, viewer);
    const onlyUserId = options.isMeOnly ? viewerId : undefined;
    const key = JSON.stringify([season.id, board, page, pageSize, search ?? null, onlyUserId ?? null]);
    const stored = await boards.page<StoredPage>(key, version, () =>
      readLeaderboardPage(db, { seasonId: season.id, board, page, pageSize, search, onlyUserId }),
    );
    return { answer: { viewer, board, stored }, versions: [viewer.version, stored.version] };
  });
}

function boardOf(type: LeaderboardType, viewer: ViewerPlace): Board {
  if (type === 'global') return { kind: 'global' };
  if (type === 'country') {
    if (!viewer.country) throw refusal('COUNTRY_NOT_SET', LEADERBOARD_MESSAGES.noCountry);
    return { kind: 'country', country: viewer.country };
  }
  if (!viewer.club) throw refusal('FAVOURITE_CLUB_NOT_SET', LEADERBOARD_MESSAGES.noClub);
  return { kind: 'club', club: viewer.club };
}

/** A member the stored board does not hold on this board yet: new, or moved to another country or club. */
function isPendingOn(board: Board, viewer: ViewerPlace): boolean {
  if (!viewer.isMember) return false;
  if (!viewer.ranked) return true;
  if (board.kind === 'country') return viewer.ranked.country !== board.country;
  if (board.kind === 'club') return viewer.ranked.club !== board.club;
  return false;
}

/**
 * The check notices the change within `refreshDelayMs` and places it on the stored board
 * (place-member-changes.ts); a placement already running finishes first: about two placements
 * and the delay. (A whole rebuild running then, after goals, comes before both.) A board lost in
 * a crash of the database is not placed on but rebuilt: the delay and about a rebuild's time.
 */
export function expectedWaitSeconds(
  board: { lastPlaceMs: number | null; lostBoardRebuildMs: number | null },
  refreshDelayMs: number,
): number {
  const waitMs =
    board.lostBoardRebuildMs === null
      ? 2 * (board.lastPlaceMs ?? 0) + refreshDelayMs
      : board.lostBoardRebuildMs + refreshDelayMs;
  return Math.max(1, Math.ceil(waitMs / 1000));
}

function refusal(reason: 'COUNTRY_NOT_SET' | 'FAVOURITE_CLUB_NOT_SET', message: string): AppError {
  return new AppError('INVALID_REQUEST', { reason, message, userMessage: message });
}
