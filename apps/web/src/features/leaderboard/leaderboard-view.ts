import {
  AppError,
  isAppErrorWithReason,
  LEADERBOARD_MESSAGES,
  LEADERBOARD_PAGE_SIZES,
  LEADERBOARD_TYPES,
  type LeaderboardType,
  type Profile,
} from '@hit21/core';
import { plural } from '../../lib/plural.ts';
import {
  type RankedListView,
  type RankedListViewAction,
  rankedListQueryOf,
  rankedListViewReducer,
} from '../../lib/ranked-list-view.ts';

export type LeaderboardPageSize = (typeof LEADERBOARD_PAGE_SIZES)[number];

/** What one tab of the board shows (the specification's view-state per tab). */
export type LeaderboardTabView = RankedListView<LeaderboardPageSize>;

export interface LeaderboardViewState {
  tab: LeaderboardType;
  views: Record<LeaderboardType, LeaderboardTabView>;
}

export type LeaderboardViewAction =
  | { type: 'changeTab'; tab: LeaderboardType }
  | RankedListViewAction<LeaderboardPageSize>;

const DEFAULT_TAB_VIEW: LeaderboardTabView = {
  page: 1,
  pageSize: LEADERBOARD_PAGE_SIZES[0],
  isMeOnly: false,
  searchInput: '',
  activeSearch: '',
  cursors: {},
};

export function initialLeaderboardView(tab: LeaderboardType): LeaderboardViewState {
  return {
    tab,
    views: { global: DEFAULT_TAB_VIEW, country: DEFAULT_TAB_VIEW, team: DEFAULT_TAB_VIEW },
  };
}

function withoutSearch(view: LeaderboardTabView): LeaderboardTabView {
  if (view.searchInput === '' && view.activeSearch === '') return view;
  const page = view.activeSearch === '' ? view.page : 1;
  return { ...view, searchInput: '', activeSearch: '', page, cursors: {} };
}

/**
 * The state rules of the board: a tab keeps its page, page size and "Show Me Only", but
 * changing tab empties the search; searching, clearing, a new page size and "Show Me Only"
 * go back to page 1; a shrinking total pulls the page back to the last one.
 */
export function leaderboardViewReducer(
  state: LeaderboardViewState,
  action: LeaderboardViewAction,
): LeaderboardViewState {
  if (action.type === 'changeTab') {
    if (action.tab === state.tab) return state;
    return {
      tab: action.tab,
      views: {
        global: withoutSearch(state.views.global),
        country: withoutSearch(state.views.country),
        team: withoutSearch(state.views.team),
      },
    };
  }
  const view = state.views[state.tab];
  const next = rankedListViewReducer(view, action);
  return next === view ? state : { ...state, views: { ...state.views, [state.tab]: next } };
}

/** The API query of a tab's view. */
export function leaderboardQueryOf(view: LeaderboardTabView) {
  return rankedListQueryOf(view);
}

/** What a tab asks for when it opens: its route starts it before the screen's code arrives. */
export const FIRST_LEADERBOARD_PAGE = leaderboardQueryOf(DEFAULT_TAB_VIEW);

export function isLeaderboardType(value: string | undefined): value is LeaderboardType {
  return LEADERBOARD_TYPES.some((type) => type === value);
}

/**
 * Why the profile cannot open this tab (no country for the country board, no favourite club
 * for the club board), or undefined when it can.
 */
export function missingProfileMessage(
  type: LeaderboardType,
  profile: Pick<Profile, 'country' | 'favouriteClub'>,
): string | undefined {
  if (type === 'country' && !profile.country?.trim()) return LEADERBOARD_MESSAGES.noCountry;
  if (type === 'team' && !profile.favouriteClub?.trim()) return LEADERBOARD_MESSAGES.noClub;
  return undefined;
}

/** The server's refusal of a board the profile cannot open: answered with a way to Settings. */
export function isProfileRefusal(error: unknown): boolean {
  return isAppErrorWithReason(error, 'COUNTRY_NOT_SET', 'FAVOURITE_CLUB_NOT_SET');
}

export const LOAD_FAILED_MESSAGE = 'Failed to load leaderboard data';

/** The server's own message for a refusal it explains; otherwise the specification's fallback. */
export function leaderboardErrorMessage(error: unknown): string {
  if (error instanceof AppError && error.statusCode < 500) return error.userMessage;
  return LOAD_FAILED_MESSAGE;
}

/**
 * The empty board's line: a search that matched nobody, "Show Me Only" for a viewer the board
 * does not hold, or a board with nobody on it yet, named by its country or club. A search
 * message only ever answers a search.
 */
export function emptyBoardMessage(
  type: LeaderboardType,
  options: { isSearching: boolean; isMeOnly: boolean; boardName?: string },
): string {
  if (options.isSearching) return 'No players found matching your search criteria.';
  if (options.isMeOnly) return 'You are not on this leaderboard yet.';
  const name = type === 'global' ? 'global' : options.boardName || type;
  return `No players found in the ${name} leaderboard.`;
}

/** For a viewer the stored board does not hold yet: when they will appear, in words. */
export function pendingStandingMessage(withinSeconds: number): string {
  const minutes = Math.ceil(withinSeconds / 60);
  const wait =
    withinSeconds < 60
      ? `${withinSeconds} ${plural(withinSeconds, 'second')}`
      : `${minutes} ${plural(minutes, 'minute')}`;
  return `You'll appear on the leaderboard within about ${wait}, when the standings next update.`;
}
