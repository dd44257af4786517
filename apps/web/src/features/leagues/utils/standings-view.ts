import {
  AppError,
  DEFAULT_LEAGUE_STANDINGS_PAGE_SIZE,
  LEAGUE_STANDINGS_PAGE_SIZES,
  type LeagueStandingsParams,
  UNLIMITED_MEMBERS,
} from '@hit21/core';
import { plural } from '../../../lib/plural.ts';
import {
  type RankedListView,
  type RankedListViewAction,
  rankedListQueryOf,
  rankedListViewReducer,
  toPageSize,
} from '../../../lib/ranked-list-view.ts';

export type StandingsPageSize = (typeof LEAGUE_STANDINGS_PAGE_SIZES)[number];

/** What the Standings tab shows. */
export type StandingsView = RankedListView<StandingsPageSize>;

export type StandingsViewAction = RankedListViewAction<StandingsPageSize>;

export const INITIAL_STANDINGS_VIEW: StandingsView = {
  page: 1,
  pageSize: DEFAULT_LEAGUE_STANDINGS_PAGE_SIZE as StandingsPageSize,
  isMeOnly: false,
  searchInput: '',
  activeSearch: '',
  cursors: {},
};

export const standingsViewReducer: (view: StandingsView, action: StandingsViewAction) => StandingsView =
  rankedListViewReducer;

export function toStandingsPageSize(value: string): StandingsPageSize | undefined {
  return toPageSize(LEAGUE_STANDINGS_PAGE_SIZES, value);
}

/** The API query of the view. */
export function standingsQueryOf(view: StandingsView): LeagueStandingsParams {
  return rankedListQueryOf(view);
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

/** Members approved since the standings were last updated: when they will be ranked, in words. */
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
