import {
  AppError,
  clampPage,
  isAppErrorWithReason,
  LEADERBOARD_MESSAGES,
  LEADERBOARD_PAGE_SIZES,
  LEADERBOARD_TYPES,
  type LeaderboardType,
  type Profile,
  pageCountOf,
} from '@hit21/core';
import { plural } from '../../lib/plural.ts';

export type LeaderboardPageSize = (typeof LEADERBOARD_PAGE_SIZES)[number];

/** What one tab of the board shows (the specification's view-state per tab). */
export interface LeaderboardTabView {
  page: number;
  pageSize: LeaderboardPageSize;
  /** "Show Me Only": just the viewer's row. */
  isMeOnly: boolean;
  /** What the search box holds as typed. */
  searchInput: string;
  /** The search the board is filtered by: set by Search, emptied by clear. */
  activeSearch: string;
}

export interface LeaderboardViewState {
  tab: LeaderboardType;
  views: Record<LeaderboardType, LeaderboardTabView>;
}

export type LeaderboardViewAction =
  | { type: 'changeTab'; tab: LeaderboardType }
  | { type: 'typeSearch'; text: string }
  | { type: 'submitSearch' }
  | { type: 'clearSearch' }
  | { type: 'setPageSize'; pageSize: LeaderboardPageSize }
  | { type: 'toggleMeOnly' }
  | { type: 'goToPage'; page: number; pageCount: number }
  /** The server's total for the current view: keeps the page within the pages it fills. */
  | { type: 'receiveTotal'; total: number };

const DEFAULT_TAB_VIEW: LeaderboardTabView = {
  page: 1,
  pageSize: LEADERBOARD_PAGE_SIZES[0],
  isMeOnly: false,
  searchInput: '',
  activeSearch: '',
};

export function initialLeaderboardView(tab: LeaderboardType): LeaderboardViewState {
  return {
    tab,
    views: { global: DEFAULT_TAB_VIEW, country: DEFAULT_TAB_VIEW, team: DEFAULT_TAB_VIEW },
  };
}

function withoutSearch(view: LeaderboardTabView): LeaderboardTabView {
  if (view.searchInput === '' && view.activeSearch === '') return view;
  return { ...view, searchInput: '', activeSearch: '', page: view.activeSearch === '' ? view.page : 1 };
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
  const next = nextTabView(view, action);
  return next === view ? state : { ...state, views: { ...state.views, [state.tab]: next } };
}

function nextTabView(
  view: LeaderboardTabView,
  action: Exclude<LeaderboardViewAction, { type: 'changeTab' }>,
): LeaderboardTabView {
  switch (action.type) {
    case 'typeSearch':
      return { ...view, searchInput: action.text };
    case 'submitSearch':
      return { ...view, activeSearch: view.searchInput.trim(), page: 1 };
    case 'clearSearch':
      return { ...view, searchInput: '', activeSearch: '', page: 1 };
    case 'setPageSize':
      return action.pageSize === view.pageSize ? view : { ...view, pageSize: action.pageSize, page: 1 };
    case 'toggleMeOnly':
      return { ...view, isMeOnly: !view.isMeOnly, page: 1 };
    case 'goToPage': {
      const page = clampPage(action.page, action.pageCount);
      return page === view.page ? view : { ...view, page };
    }
    case 'receiveTotal': {
      const page = clampPage(view.page, pageCountOf(action.total, view.pageSize));
      return page === view.page ? view : { ...view, page };
    }
  }
}

/** The API query of a tab's view. */
export function leaderboardQueryOf(view: LeaderboardTabView) {
  return {
    page: view.page,
    pageSize: view.pageSize,
    search: view.activeSearch === '' ? undefined : view.activeSearch,
    me: view.isMeOnly,
  };
}

export function isLeaderboardType(value: string | undefined): value is LeaderboardType {
  return LEADERBOARD_TYPES.some((type) => type === value);
}

/**
 * Why the profile cannot open this tab (no country for the country board, no favourite team
 * for the team board), or undefined when it can.
 */
export function missingProfileMessage(
  type: LeaderboardType,
  profile: Pick<Profile, 'country' | 'favouriteTeam'>,
): string | undefined {
  if (type === 'country' && !profile.country?.trim()) return LEADERBOARD_MESSAGES.noCountry;
  if (type === 'team' && !profile.favouriteTeam?.trim()) return LEADERBOARD_MESSAGES.noTeam;
  return undefined;
}

/** The server's refusal of a board the profile cannot open: answered with a way to Settings. */
export function isProfileRefusal(error: unknown): boolean {
  return isAppErrorWithReason(error, 'COUNTRY_NOT_SET', 'FAVOURITE_TEAM_NOT_SET');
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
