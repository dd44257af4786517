import {
  AppError,
  currentGameweek,
  LEADERBOARD_MESSAGES,
  type LeaderboardPage,
  type LeaderboardType,
  leaderboardPageSchema,
  leaderboardRowSchema,
  type SeasonConfig,
} from '@hit21/core';
import type { ZodType } from 'zod';
import type { Executor } from '../../../../db/database.ts';
import { listSquad } from '../../squads/squad-repository.ts';
import { type BoardCache, readOnOneBoard } from './board-cache.ts';
import { withOwnRow } from './board-etag.ts';
import {
  type Board,
  findViewerPlace,
  type PlacingTimes,
  readLeaderboardPage,
  type ViewerPlace,
} from './leaderboard-repository.ts';

/** What a page's route asks, for whom. */
export interface PageRequest {
  db: Executor;
  boards: BoardCache;
  season: SeasonConfig;
  viewerId: string;
  page: number;
  pageSize: number;
  search?: string;
  /** A search's page past the cap: the page before's last member (`isPastSearchCap`). */
  after?: string;
  isMeOnly: boolean;
  /** The longest a change waits before the standings check notices it (standings-service.ts). */
  refreshDelayMs: number;
}

/** A page of one of the three boards as the viewer sees it: the country and club are their profile's. */
export async function listLeaderboard(
  options: PageRequest & { type: LeaderboardType },
): Promise<LeaderboardPage> {
  const { season, page, pageSize } = options;
  const { viewer, board, stored } = await readFromOneBoard(options);
  const { kind, ...filter } = board;
  const viewerPending = isPendingOn(board, viewer)
    ? { withinSeconds: expectedWaitSeconds(viewer, options.refreshDelayMs) }
    : null;
  return answerFor(options, {
    seasonId: season.id,
    stored,
    notice: viewerPending?.withinSeconds ?? null,
    schema: leaderboardPageSchema,
    rowSchema: leaderboardRowSchema,
    build: (): LeaderboardPage => ({
      rows: stored.rows.map((row) => ({ ...row, isYou: false })),
      total: stored.total,
      isTotalCapped: stored.isTotalCapped,
      page,
      pageSize,
      filter,
      computedAt: stored.computedFor?.toISOString() ?? null,
      viewerPending,
    }),
  });
}

type RowsPage = { rows: readonly { userId: string; isYou: boolean; picks?: unknown }[] };

/** The answers built from each cached page, by pending notice (in seconds, or none). */
const sharedAnswers = new WeakMap<object, Map<number | null, unknown>>();

/**
 * A cached page's answer, built once per notice; a viewer with a row on it gets it with their own
 * row. Synchronous for everyone else: most requests of a busy board.
 */
export function answerFor<Page extends RowsPage>(
  request: Pick<PageRequest, 'db' | 'boards' | 'season' | 'viewerId'>,
  answer: {
    seasonId: string;
    stored: { version: string; computedFor: Date | null };
    notice: number | null;
    build: () => Page;
    schema: ZodType;
    rowSchema: ZodType;
  },
): Page | Promise<Page> {
  const answers = sharedAnswers.get(answer.stored) ?? new Map<number | null, unknown>();
  if (!answers.has(answer.notice))
    sharedAnswers.set(answer.stored, answers.set(answer.notice, answer.build()));
  const shared = answers.get(answer.notice) as Page;
  const ownIndex = shared.rows.findIndex((row) => row.userId === request.viewerId);
  const ownRow = shared.rows[ownIndex];
  return ownRow ? withViewerPicks(request, answer, shared, { ownIndex, ownRow }) : shared;
}

/** The shared answer with the viewer's row marked theirs, their picks' goals as of the stored board (kept). */
async function withViewerPicks<Page extends RowsPage>(
  { db, boards, season, viewerId }: Parameters<typeof answerFor>[0],
  { seasonId, stored, schema, rowSchema }: Parameters<typeof answerFor>[1],
  shared: Page,
  { ownIndex, ownRow }: { ownIndex: number; ownRow: Page['rows'][number] },
): Promise<Page> {
  const { version, computedFor } = stored;
  const loadPicks = async (at: Date) => ({
    version,
    picks: await listSquad(db, viewerId, seasonId, at, currentGameweek(season.gameweeks, at)),
  });
  const picks = computedFor
    ? (await boards.viewer(viewerId, seasonId, version, () => loadPicks(computedFor), 'picks')).picks
    : undefined;
  return withOwnRow(shared, ownIndex, { ...ownRow, isYou: true, picks }, schema, rowSchema);
}

/** The viewer's place and the page, both of the board version served (`readOnOneBoard`). */
function readFromOneBoard(options: Parameters<typeof listLeaderboard>[0]) {
  const { db, boards, season, viewerId, page, pageSize, search, after } = options;
  return readOnOneBoard(boards, season.id, async (version) => {
    const viewer = await boards.viewer(viewerId, season.id, version, () =>
      findViewerPlace(db, season.id, viewerId),
    );
    const board = boardOf(options.type, viewer);
    const onlyUserId = options.isMeOnly ? viewerId : undefined;
    const key = JSON.stringify([season.id, board, page, pageSize, search, after, onlyUserId]);
    const stored = await boards.page(key, version, () =>
      readLeaderboardPage(db, { seasonId: season.id, board, page, pageSize, search, after, onlyUserId }),
    );
    return { answer: { viewer, board, stored }, versions: [viewer.version, stored.version] };
  });
}

function boardOf(type: LeaderboardType, viewer: ViewerPlace): Board {
  if (type === 'global') return { kind: 'global' };
  const isCountry = type === 'country';
  if (isCountry && viewer.country) return { kind: 'country', country: viewer.country };
  if (!isCountry && viewer.club) return { kind: 'club', club: viewer.club };
  const reason = isCountry ? 'COUNTRY_NOT_SET' : 'FAVOURITE_CLUB_NOT_SET';
  const message = isCountry ? LEADERBOARD_MESSAGES.noCountry : LEADERBOARD_MESSAGES.noClub;
  throw new AppError('INVALID_REQUEST', { reason, message, userMessage: message });
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
 * The check notices a change within `refreshDelayMs` and places it after any placement running:
 * about two placements and the delay. A board lost in a crash is rebuilt instead.
 */
export function expectedWaitSeconds(board: PlacingTimes, refreshDelayMs: number): number {
  const waitMs = (board.lostBoardRebuildMs ?? 2 * (board.lastPlaceMs ?? 0)) + refreshDelayMs;
  return Math.max(1, Math.ceil(waitMs / 1000));
}
