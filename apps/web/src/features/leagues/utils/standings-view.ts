import {
  AppError,
  clampPage,
  DEFAULT_LEAGUE_STANDINGS_PAGE_SIZE,
  LEAGUE_STANDINGS_PAGE_SIZES,
  type LeagueStandingsParams,
  pageCountOf,
  UNLIMITED_MEMBERS,
} from '@hit21/core';
import { plural } from '../../../lib/plural.ts';

export type StandingsPageSize = (typeof LEAGUE_STANDINGS_PAGE_SIZES)[number];

/** What the Standings tab shows. */
export interface StandingsView {
  page: number;
  pageSize: StandingsPageSize;
  /** "Show Me Only": just the viewer's row. */
  isMeOnly: boolean;
  /** What the search box holds as typed. */
  searchInput: string;
  /** The search the standings are filtered by: set by Search, emptied by clear. */
  activeSearch: string;
}

export type StandingsViewAction =
  | { type: 'typeSearch'; text: string }
  | { type: 'submitSearch' }
  | { type: 'clearSearch' }
  | { type: 'setPageSize'; pageSize: StandingsPageSize }
  | { type: 'toggleMeOnly' }
  | { type: 'goToPage'; page: number; pageCount: number }
  /** The server's total for the current view: keeps the page within the pages it fills. */
  | { type: 'receiveTotal'; total: number };

export const INITIAL_STANDINGS_VIEW: StandingsView = {
  page: 1,
  pageSize: DEFAULT_LEAGUE_STANDINGS_PAGE_SIZE as StandingsPageSize,
  isMeOnly: false,
  searchInput: '',
  activeSearch: '',
};

/**
 * A search, a cleared search, a new page size and "Show Me Only" go back to page 1; a
 * shrinking total pulls the page back to the last one.
 */
export function standingsViewReducer(view: StandingsView, action: StandingsViewAction): StandingsView {
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

export function toStandingsPageSize(value: string): StandingsPageSize | undefined {
  return LEAGUE_STANDINGS_PAGE_SIZES.find((size) => String(size) === value);
}

/** The API query of the view. */
export function standingsQueryOf(view: StandingsView): LeagueStandingsParams {
  return {
    page: view.page,
    pageSize: view.pageSize,
    search: view.activeSearch === '' ? undefined : view.activeSearch,
    me: view.isMeOnly,
  };
}

export const STANDINGS_LOAD_FAILED = 'Failed to load league data';

/** The league is not there for this player: none with that id, or not an approved member of it. */
export function isLeagueNotFound(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.reason === 'LEAGUE_NOT_FOUND' ||
      error.code === 'NOT_FOUND' ||
      error.code === 'FORBIDDEN' ||
      error.code === 'INVALID_REQUEST')
  );
}

/** The empty table's line: a search that matched nobody, "Show Me Only" while not ranked yet, or nobody ranked yet. */
export function emptyStandingsMessage(options: { isSearching: boolean; isMeOnly: boolean }): string {
  if (options.isSearching) return 'No players found matching your search criteria.';
  if (options.isMeOnly) return 'You are not in the standings yet.';
  return 'No players in the standings yet.';
}

/** Members approved since the last recompute: when they will be ranked, in words. */
export function pendingMembersMessage(withinSeconds: number): string {
  const minutes = Math.ceil(withinSeconds / 60);
  const wait =
    withinSeconds < 60
      ? `${withinSeconds} ${plural(withinSeconds, 'second')}`
      : `${minutes} ${plural(minutes, 'minute')}`;
  return `The standings are being updated with the newest members within about ${wait}.`;
}

const JOINED_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** When a member joined, as an en-GB date in the reader's time zone: "24 Nov 2026". */
export function formatJoinedDate(iso: string, timeZone?: string): string {
  const format = timeZone
    ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone })
    : JOINED_FORMAT;
  return format.format(new Date(iso));
}

/** League Details: "Unlimited" or the number. */
export function maximumMembersText(maxMembers: number): string {
  return maxMembers === UNLIMITED_MEMBERS ? 'Unlimited' : String(maxMembers);
}

export function createdByText(isAdmin: boolean): string {
  return isAdmin ? 'You' : 'League Admin';
}

export function leagueStatusText(isActive: boolean): string {
  return isActive ? 'Active' : 'Inactive';
}
