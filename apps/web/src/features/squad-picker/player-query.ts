import {
  type OUTFIELD_POSITIONS,
  PLAYER_PAGE_SIZES,
  type PLAYER_SORT_KEYS,
  type PlayerListParams,
} from '@hit21/core';

export type PlayerSortKey = (typeof PLAYER_SORT_KEYS)[number];
export type OutfieldPosition = (typeof OUTFIELD_POSITIONS)[number];
export type SortOrder = 'asc' | 'desc';
export type ViewMode = 'grid' | 'list';

/** What the Available Players panel asks the server for, and how it shows the answer. */
export interface PlayerQueryState {
  /** The search box as typed; applied 500 ms after the last keystroke. */
  searchInput: string;
  /** The search the list runs with (commas removed, trimmed). */
  search: string;
  /** Three-letter club code, or null for ALL TEAMS. */
  club: string | null;
  /** null for ALL POSITIONS. */
  position: OutfieldPosition | null;
  /** Bounds on last season's goals; null when not set. */
  minGoals: number | null;
  maxGoals: number | null;
  /** null: the server's default order (by name), shown as no sort. */
  sort: PlayerSortKey | null;
  order: SortOrder;
  page: number;
  pageSize: number;
  viewMode: ViewMode;
}

export const SEARCH_DEBOUNCE_MS = 500;

/** The specification's defaults: grid view, no sort, ascending, all clubs and positions, page 1. */
export function initialPlayerQuery(pageSize: number = PLAYER_PAGE_SIZES[0]): PlayerQueryState {
  return {
    searchInput: '',
    search: '',
    club: null,
    position: null,
    minGoals: null,
    maxGoals: null,
    sort: null,
    order: 'asc',
    page: 1,
    pageSize,
    viewMode: 'grid',
  };
}

export type PlayerQueryAction =
  | { type: 'typeSearch'; text: string }
  | { type: 'applySearch'; text: string }
  | { type: 'setClub'; club: string | null }
  | { type: 'setPosition'; position: OutfieldPosition | null }
  | { type: 'setGoals'; minGoals: number | null; maxGoals: number | null }
  | { type: 'sortBy'; key: PlayerSortKey }
  | { type: 'clearSort' }
  | { type: 'clearFilters' }
  | { type: 'goToPage'; page: number }
  | { type: 'setPageSize'; pageSize: number }
  | { type: 'setViewMode'; viewMode: ViewMode };

/** The specification's search rule: commas removed, trimmed; empty means no search. */
export function cleanSearch(text: string): string {
  return text.replaceAll(',', '').trim();
}

/**
 * Every change of search, team, position, goal bounds, sort key, order or page size returns
 * to page 1; a sort link flips the direction of the active column and sorts a new one ascending.
 */
export function playerQueryReducer(state: PlayerQueryState, action: PlayerQueryAction): PlayerQueryState {
  switch (action.type) {
    case 'typeSearch':
      return { ...state, searchInput: action.text };
    case 'applySearch': {
      const search = cleanSearch(action.text);
      return search === state.search ? state : { ...state, search, page: 1 };
    }
    case 'setClub':
      return action.club === state.club ? state : { ...state, club: action.club, page: 1 };
    case 'setPosition':
      return action.position === state.position ? state : { ...state, position: action.position, page: 1 };
    case 'setGoals':
      return action.minGoals === state.minGoals && action.maxGoals === state.maxGoals
        ? state
        : { ...state, minGoals: action.minGoals, maxGoals: action.maxGoals, page: 1 };
    case 'sortBy':
      return state.sort === action.key
        ? { ...state, order: state.order === 'asc' ? 'desc' : 'asc', page: 1 }
        : { ...state, sort: action.key, order: 'asc', page: 1 };
    case 'clearSort':
      return state.sort === null && state.order === 'asc'
        ? state
        : { ...state, sort: null, order: 'asc', page: 1 };
    case 'clearFilters':
      return {
        ...state,
        searchInput: '',
        search: '',
        club: null,
        position: null,
        minGoals: null,
        maxGoals: null,
        page: 1,
      };
    case 'goToPage':
      return action.page === state.page ? state : { ...state, page: action.page };
    case 'setPageSize':
      return action.pageSize === state.pageSize ? state : { ...state, pageSize: action.pageSize, page: 1 };
    case 'setViewMode':
      return { ...state, viewMode: action.viewMode };
  }
}

/** Whether any filter narrows the list (the empty state then offers "Clear All Filters"). */
export function hasActiveFilters(state: PlayerQueryState): boolean {
  return (
    state.search !== '' ||
    state.club !== null ||
    state.position !== null ||
    state.minGoals !== null ||
    state.maxGoals !== null
  );
}

/** The filters and sort as the player list endpoint takes them, without paging. */
export function playerFilterParams(state: PlayerQueryState): PlayerListParams {
  return {
    search: state.search || undefined,
    club: state.club ?? undefined,
    position: state.position ?? undefined,
    minGoals: state.minGoals ?? undefined,
    maxGoals: state.maxGoals ?? undefined,
    sort: state.sort ?? undefined,
    order: state.sort ? state.order : undefined,
  };
}

/** One page of the list as the endpoint takes it. */
export function playerListParams(state: PlayerQueryState): PlayerListParams {
  return { ...playerFilterParams(state), page: state.page, pageSize: state.pageSize };
}

/** What the picking screens ask for when they open: their routes start it before the screens' code arrives. */
export const FIRST_PLAYER_PAGE = playerListParams(initialPlayerQuery());

/** A goal bound as typed: '' is no bound; otherwise a whole number 0-200, or undefined when invalid. */
export function parseGoalBound(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= 200 ? value : undefined;
}
