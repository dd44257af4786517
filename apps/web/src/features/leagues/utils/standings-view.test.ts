import { AppError } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import {
  createdByText,
  emptyStandingsMessage,
  formatJoinedDate,
  INITIAL_STANDINGS_VIEW,
  isLeagueNotFound,
  leagueStatusText,
  maximumMembersText,
  pendingMembersMessage,
  type StandingsView,
  standingsQueryOf,
  standingsViewReducer,
  toStandingsPageSize,
} from './standings-view.ts';

const onPage3: StandingsView = { ...INITIAL_STANDINGS_VIEW, page: 3 };

describe('standings view', () => {
  it('starts on page 1 with 50 a page, everybody, no search', () => {
    expect(INITIAL_STANDINGS_VIEW).toEqual({
      page: 1,
      pageSize: 50,
      isMeOnly: false,
      searchInput: '',
      activeSearch: '',
      cursors: {},
    });
  });

  it('filters by the typed search only once it is submitted, trimmed, back on page 1', () => {
    const typed = standingsViewReducer(onPage3, { type: 'typeSearch', text: '  sam ' });
    expect(typed).toMatchObject({ searchInput: '  sam ', activeSearch: '', page: 3 });
    const searched = standingsViewReducer(typed, { type: 'submitSearch' });
    expect(searched).toMatchObject({ activeSearch: 'sam', page: 1 });
    expect(standingsQueryOf(searched)).toEqual({ page: 1, pageSize: 50, search: 'sam', me: false });
  });

  it('clearing the search empties both boxes and goes back to page 1', () => {
    const view = { ...onPage3, searchInput: 'sam', activeSearch: 'sam' };
    expect(standingsViewReducer(view, { type: 'clearSearch' })).toMatchObject({
      searchInput: '',
      activeSearch: '',
      page: 1,
    });
  });

  it('a new page size and Show Me Only go back to page 1; the same size changes nothing', () => {
    expect(standingsViewReducer(onPage3, { type: 'setPageSize', pageSize: 100 })).toMatchObject({
      pageSize: 100,
      page: 1,
    });
    expect(standingsViewReducer(onPage3, { type: 'setPageSize', pageSize: 50 })).toBe(onPage3);
    const meOnly = standingsViewReducer(onPage3, { type: 'toggleMeOnly' });
    expect(meOnly).toMatchObject({ isMeOnly: true, page: 1 });
    expect(standingsQueryOf(meOnly).me).toBe(true);
    expect(standingsViewReducer(meOnly, { type: 'toggleMeOnly' }).isMeOnly).toBe(false);
  });

  it('keeps the page within the pages there are', () => {
    expect(standingsViewReducer(onPage3, { type: 'goToPage', page: 9, pageCount: 4 }).page).toBe(4);
    expect(standingsViewReducer(onPage3, { type: 'goToPage', page: 0, pageCount: 4 }).page).toBe(1);
    // 60 members at 50 a page: page 3 no longer exists.
    expect(
      standingsViewReducer(onPage3, { type: 'receivePage', page: 1, total: 60, isTotalCapped: false }).page,
    ).toBe(2);
    expect(
      standingsViewReducer(onPage3, { type: 'receivePage', page: 1, total: 500, isTotalCapped: false }),
    ).toBe(onPage3);
  });

  it('accepts only the offered page sizes', () => {
    expect(toStandingsPageSize('25')).toBe(25);
    expect(toStandingsPageSize('100')).toBe(100);
    expect(toStandingsPageSize('10')).toBeUndefined();
  });
});

describe('standings words', () => {
  it('says why the table is empty', () => {
    expect(emptyStandingsMessage({ isSearching: true, isMeOnly: true })).toBe(
      'No players found matching your search criteria.',
    );
    expect(emptyStandingsMessage({ isSearching: false, isMeOnly: true })).toBe(
      'You are not in the standings yet.',
    );
    expect(emptyStandingsMessage({ isSearching: false, isMeOnly: false })).toBe(
      'No players in the standings yet.',
    );
  });

  it('says when the newest members will be ranked, in seconds or whole minutes', () => {
    expect(pendingMembersMessage(1)).toBe(
      'The standings are being updated with the newest members within about 1 second.',
    );
    expect(pendingMembersMessage(45)).toContain('within about 45 seconds.');
    expect(pendingMembersMessage(61)).toContain('within about 2 minutes.');
    expect(pendingMembersMessage(60)).toContain('within about 1 minute.');
  });

  it('writes the joined date en-GB, in the reader’s time zone', () => {
    expect(formatJoinedDate('2026-11-24T23:30:00.000Z', 'UTC')).toBe('24 Nov 2026');
    // The reader's own day: already the 25th in Sydney.
    expect(formatJoinedDate('2026-11-24T23:30:00.000Z', 'Australia/Sydney')).toBe('25 Nov 2026');
  });

  it('words the League Details', () => {
    expect(maximumMembersText(-1)).toBe('Unlimited');
    expect(maximumMembersText(200)).toBe('200');
    expect(createdByText(true)).toBe('You');
    expect(createdByText(false)).toBe('League Admin');
    expect(leagueStatusText(true)).toBe('Active');
    expect(leagueStatusText(false)).toBe('Inactive');
  });

  it('reads a refusal as "League Not Found", and anything else as a load failure', () => {
    expect(isLeagueNotFound(new AppError('NOT_FOUND', { reason: 'LEAGUE_NOT_FOUND', message: 'x' }))).toBe(
      true,
    );
    expect(isLeagueNotFound(new AppError('INVALID_REQUEST', { message: 'bad id' }))).toBe(true);
    expect(isLeagueNotFound(new AppError('INTERNAL', { message: 'boom' }))).toBe(false);
    expect(isLeagueNotFound(new Error('network'))).toBe(false);
  });
});
