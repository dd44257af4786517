import { describe, expect, it } from 'vitest';
import {
  cleanSearch,
  hasActiveFilters,
  initialPlayerQuery,
  type PlayerQueryAction,
  type PlayerQueryState,
  parseGoalBound,
  playerListParams,
  playerQueryReducer,
} from './player-query.ts';

const run = (actions: PlayerQueryAction[], from: PlayerQueryState = initialPlayerQuery()) =>
  actions.reduce(playerQueryReducer, from);

const onPage = (page: number) => run([{ type: 'goToPage', page }]);

describe('playerQueryReducer', () => {
  it('starts in grid view, unsorted, ascending, with no filter, on page 1 of 20', () => {
    expect(initialPlayerQuery()).toMatchObject({
      viewMode: 'grid',
      sort: null,
      order: 'asc',
      page: 1,
      pageSize: 20,
    });
    expect(hasActiveFilters(initialPlayerQuery())).toBe(false);
  });

  it.each<[string, PlayerQueryAction]>([
    ['a club', { type: 'setClub', club: 'ARS' }],
    ['a position', { type: 'setPosition', position: 'forward' }],
    ['goal bounds', { type: 'setGoals', minGoals: 1, maxGoals: 5 }],
    ['a sort column', { type: 'sortBy', key: 'total_goals' }],
    ['a page size', { type: 'setPageSize', pageSize: 40 }],
    ['clearing the filters', { type: 'clearFilters' }],
  ])('returns to page 1 on %s', (_, action) => {
    expect(playerQueryReducer(onPage(5), action).page).toBe(1);
  });

  it('applies the typed search only when told (after the debounce), then returns to page 1', () => {
    const typed = run([{ type: 'typeSearch', text: ' saka, ' }], onPage(4));
    expect(typed).toMatchObject({ searchInput: ' saka, ', search: '', page: 4 });
    const applied = playerQueryReducer(typed, { type: 'applySearch', text: ' saka, ' });
    expect(applied).toMatchObject({ search: 'saka', page: 1 });
    expect(hasActiveFilters(applied)).toBe(true);
  });

  it('keeps the page when the cleaned search does not change', () => {
    const searched = run([
      { type: 'typeSearch', text: 'saka' },
      { type: 'applySearch', text: 'saka' },
      { type: 'goToPage', page: 2 },
    ]);
    const again = run(
      [
        { type: 'typeSearch', text: 'saka,  ' },
        { type: 'applySearch', text: 'saka,  ' },
      ],
      searched,
    );
    expect(again.page).toBe(2);
  });

  it('sorts a new column ascending and flips the active one', () => {
    const byGoals = run([{ type: 'sortBy', key: 'total_goals' }]);
    expect(byGoals).toMatchObject({ sort: 'total_goals', order: 'asc' });
    const flipped = playerQueryReducer(byGoals, { type: 'sortBy', key: 'total_goals' });
    expect(flipped).toMatchObject({ sort: 'total_goals', order: 'desc' });
    expect(playerQueryReducer(flipped, { type: 'sortBy', key: 'total_goals' }).order).toBe('asc');
    expect(playerQueryReducer(flipped, { type: 'sortBy', key: 'team' })).toMatchObject({
      sort: 'team',
      order: 'asc',
    });
  });

  it('clears the sort back to none, ascending', () => {
    const sorted = run([
      { type: 'sortBy', key: 'name' },
      { type: 'sortBy', key: 'name' },
    ]);
    expect(playerQueryReducer(sorted, { type: 'clearSort' })).toMatchObject({ sort: null, order: 'asc' });
  });

  it('clears every filter and the search box but keeps sort, page size and view', () => {
    const busy = run([
      { type: 'typeSearch', text: 'son' },
      { type: 'applySearch', text: 'son' },
      { type: 'setClub', club: 'TOT' },
      { type: 'setPosition', position: 'midfielder' },
      { type: 'setGoals', minGoals: 2, maxGoals: null },
      { type: 'sortBy', key: 'team' },
      { type: 'setPageSize', pageSize: 60 },
      { type: 'setViewMode', viewMode: 'list' },
    ]);
    expect(hasActiveFilters(busy)).toBe(true);
    const cleared = playerQueryReducer(busy, { type: 'clearFilters' });
    expect(hasActiveFilters(cleared)).toBe(false);
    expect(cleared).toMatchObject({ searchInput: '', sort: 'team', pageSize: 60, viewMode: 'list' });
  });
});

describe('playerListParams', () => {
  it('sends only what is set, and the order only with a sort', () => {
    expect(playerListParams(initialPlayerQuery())).toEqual({ page: 1, pageSize: 20 });
    const state = run([
      { type: 'typeSearch', text: 'Palmer' },
      { type: 'applySearch', text: 'Palmer' },
      { type: 'setClub', club: 'CHE' },
      { type: 'setPosition', position: 'midfielder' },
      { type: 'setGoals', minGoals: 0, maxGoals: 20 },
      { type: 'sortBy', key: 'total_goals' },
      { type: 'sortBy', key: 'total_goals' },
      { type: 'goToPage', page: 3 },
    ]);
    expect(playerListParams(state)).toEqual({
      search: 'Palmer',
      club: 'CHE',
      position: 'midfielder',
      minGoals: 0,
      maxGoals: 20,
      sort: 'total_goals',
      order: 'desc',
      page: 3,
      pageSize: 20,
    });
  });
});

describe('cleanSearch and parseGoalBound', () => {
  it('removes commas and trims the search', () => {
    expect(cleanSearch('  Salah, Mo ')).toBe('Salah Mo');
    expect(cleanSearch(' , ')).toBe('');
  });

  it('reads a goal bound as no bound, a whole number, or invalid', () => {
    expect(parseGoalBound('')).toBeNull();
    expect(parseGoalBound(' 7 ')).toBe(7);
    expect(parseGoalBound('0')).toBe(0);
    expect(parseGoalBound('-1')).toBeUndefined();
    expect(parseGoalBound('2.5')).toBeUndefined();
    expect(parseGoalBound('201')).toBeUndefined();
  });
});
