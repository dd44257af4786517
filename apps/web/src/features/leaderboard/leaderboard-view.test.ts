import { AppError, LEADERBOARD_MESSAGES } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import {
  emptyBoardMessage,
  initialLeaderboardView,
  isLeaderboardType,
  isProfileRefusal,
  type LeaderboardViewAction,
  type LeaderboardViewState,
  LOAD_FAILED_MESSAGE,
  leaderboardErrorMessage,
  leaderboardQueryOf,
  leaderboardViewReducer,
  missingProfileMessage,
  pendingStandingMessage,
} from './leaderboard-view.ts';

function run(state: LeaderboardViewState, ...actions: LeaderboardViewAction[]): LeaderboardViewState {
  return actions.reduce(leaderboardViewReducer, state);
}

const onGlobal = initialLeaderboardView('global');

describe('leaderboard view state', () => {
  it('starts every tab on page 1 of 25, the whole board, no search', () => {
    for (const view of Object.values(onGlobal.views)) {
      expect(view).toEqual({
        page: 1,
        pageSize: 25,
        isMeOnly: false,
        searchInput: '',
        activeSearch: '',
        cursors: {},
      });
    }
    expect(leaderboardQueryOf(onGlobal.views.global)).toEqual({
      page: 1,
      pageSize: 25,
      search: undefined,
      me: false,
    });
  });

  it('searches only on Search, trimmed, and goes back to page 1', () => {
    const typed = run(
      onGlobal,
      { type: 'goToPage', page: 3, pageCount: 9 },
      { type: 'typeSearch', text: '  ali ' },
    );
    expect(typed.views.global).toMatchObject({ page: 3, searchInput: '  ali ', activeSearch: '' });
    const searched = run(typed, { type: 'submitSearch' });
    expect(searched.views.global).toMatchObject({ page: 1, activeSearch: 'ali' });
    expect(leaderboardQueryOf(searched.views.global).search).toBe('ali');
  });

  it('clears the box and the search, back to page 1', () => {
    const cleared = run(
      onGlobal,
      { type: 'typeSearch', text: 'ali' },
      { type: 'submitSearch' },
      { type: 'goToPage', page: 2, pageCount: 4 },
      { type: 'clearSearch' },
    );
    expect(cleared.views.global).toMatchObject({ page: 1, searchInput: '', activeSearch: '' });
    expect(leaderboardQueryOf(cleared.views.global).search).toBeUndefined();
  });

  it('goes back to page 1 when the page size changes, and stays put when it does not', () => {
    const onPage4 = run(onGlobal, { type: 'goToPage', page: 4, pageCount: 10 });
    expect(run(onPage4, { type: 'setPageSize', pageSize: 50 }).views.global).toMatchObject({
      page: 1,
      pageSize: 50,
    });
    expect(run(onPage4, { type: 'setPageSize', pageSize: 25 })).toBe(onPage4);
  });

  it('toggles Show Me Only from page 1', () => {
    const meOnly = run(onGlobal, { type: 'goToPage', page: 2, pageCount: 3 }, { type: 'toggleMeOnly' });
    expect(meOnly.views.global).toMatchObject({ isMeOnly: true, page: 1 });
    expect(leaderboardQueryOf(meOnly.views.global).me).toBe(true);
    expect(run(meOnly, { type: 'toggleMeOnly' }).views.global.isMeOnly).toBe(false);
  });

  it('keeps a page jump within 1 to the page count', () => {
    expect(run(onGlobal, { type: 'goToPage', page: 12, pageCount: 5 }).views.global.page).toBe(5);
    expect(run(onGlobal, { type: 'goToPage', page: 0, pageCount: 5 }).views.global.page).toBe(1);
  });

  it('pulls the page back to the last one when the total shrinks', () => {
    const onPage4 = run(onGlobal, { type: 'goToPage', page: 4, pageCount: 4 });
    // 80 players at 25 a page fill 4 pages: nothing to do.
    expect(run(onPage4, { type: 'receivePage', page: 1, total: 80, isTotalCapped: false })).toBe(onPage4);
    // 51 fill 3.
    expect(
      run(onPage4, { type: 'receivePage', page: 1, total: 51, isTotalCapped: false }).views.global.page,
    ).toBe(3);
    // Nobody: page 1.
    expect(
      run(onPage4, { type: 'receivePage', page: 1, total: 0, isTotalCapped: false }).views.global.page,
    ).toBe(1);
  });

  it('empties the search when the tab changes, and keeps each tab its page, size and Show Me Only', () => {
    const globalSet = run(
      onGlobal,
      { type: 'setPageSize', pageSize: 50 },
      { type: 'goToPage', page: 2, pageCount: 3 },
      { type: 'toggleMeOnly' },
      { type: 'toggleMeOnly' },
      { type: 'goToPage', page: 3, pageCount: 3 },
      { type: 'typeSearch', text: 'not submitted' },
    );
    const onCountry = run(globalSet, { type: 'changeTab', tab: 'country' });
    expect(onCountry.tab).toBe('country');
    expect(onCountry.views.country).toEqual(onGlobal.views.country);
    expect(onCountry.views.global).toMatchObject({
      page: 3,
      pageSize: 50,
      searchInput: '',
      activeSearch: '',
    });

    const countrySearched = run(
      onCountry,
      { type: 'typeSearch', text: 'ali' },
      { type: 'submitSearch' },
      { type: 'setPageSize', pageSize: 50 },
    );
    const backOnGlobal = run(countrySearched, { type: 'changeTab', tab: 'global' });
    expect(backOnGlobal.views.global).toMatchObject({ page: 3, pageSize: 50 });
    // The country board loses its search (and the page that search was on).
    expect(backOnGlobal.views.country).toMatchObject({
      page: 1,
      pageSize: 50,
      searchInput: '',
      activeSearch: '',
    });
    expect(run(backOnGlobal, { type: 'changeTab', tab: 'global' })).toBe(backOnGlobal);
  });

  it('changes only the current tab', () => {
    const onClub = run(onGlobal, { type: 'changeTab', tab: 'team' }, { type: 'toggleMeOnly' });
    expect(onClub.views.team.isMeOnly).toBe(true);
    expect(onClub.views.global.isMeOnly).toBe(false);
    expect(onClub.views.country.isMeOnly).toBe(false);
  });
});

describe('leaderboard messages', () => {
  it('names the tabs', () => {
    expect(['global', 'country', 'team'].every(isLeaderboardType)).toBe(true);
    expect(isLeaderboardType('league')).toBe(false);
    expect(isLeaderboardType(undefined)).toBe(false);
  });

  it('refuses the country and team tabs to a profile without a country or a club', () => {
    const complete = { country: 'Tuvalu', favouriteClub: 'Burnley' };
    expect(missingProfileMessage('country', { ...complete, country: null })).toBe(
      LEADERBOARD_MESSAGES.noCountry,
    );
    expect(missingProfileMessage('country', { ...complete, country: '  ' })).toBe(
      LEADERBOARD_MESSAGES.noCountry,
    );
    expect(missingProfileMessage('team', { ...complete, favouriteClub: null })).toBe(
      LEADERBOARD_MESSAGES.noClub,
    );
    expect(missingProfileMessage('team', { ...complete, country: null })).toBeUndefined();
    expect(missingProfileMessage('global', { country: null, favouriteClub: null })).toBeUndefined();
    expect(missingProfileMessage('country', complete)).toBeUndefined();
  });

  it('says why a board is empty, and answers with the search message only a search', () => {
    const none = { isSearching: false, isMeOnly: false };
    expect(emptyBoardMessage('global', { ...none, isSearching: true })).toBe(
      'No players found matching your search criteria.',
    );
    expect(emptyBoardMessage('global', { isSearching: true, isMeOnly: true })).toBe(
      'No players found matching your search criteria.',
    );
    expect(emptyBoardMessage('global', { ...none, isMeOnly: true })).toBe(
      'You are not on this leaderboard yet.',
    );
    expect(emptyBoardMessage('global', none)).toBe('No players found in the global leaderboard.');
    expect(emptyBoardMessage('country', { ...none, boardName: 'Tuvalu' })).toBe(
      'No players found in the Tuvalu leaderboard.',
    );
    expect(emptyBoardMessage('team', { ...none, boardName: 'Burnley' })).toBe(
      'No players found in the Burnley leaderboard.',
    );
  });

  it('tells a player the board does not hold yet when they will appear', () => {
    expect(pendingStandingMessage(6)).toBe(
      "You'll appear on the leaderboard within about 6 seconds, when the standings next update.",
    );
    expect(pendingStandingMessage(1)).toContain('within about 1 second,');
    expect(pendingStandingMessage(61)).toContain('within about 2 minutes,');
    expect(pendingStandingMessage(60)).toContain('within about 1 minute,');
  });

  it("shows the server's message for a refusal, and the specification's fallback otherwise", () => {
    const refusal = new AppError('INVALID_REQUEST', {
      reason: 'FAVOURITE_CLUB_NOT_SET',
      message: LEADERBOARD_MESSAGES.noClub,
      userMessage: LEADERBOARD_MESSAGES.noClub,
    });
    expect(leaderboardErrorMessage(refusal)).toBe(LEADERBOARD_MESSAGES.noClub);
    expect(isProfileRefusal(refusal)).toBe(true);
  });

  it('tells a profile refusal by its reason, never by its wording', () => {
    const reworded = new AppError('INVALID_REQUEST', {
      reason: 'COUNTRY_NOT_SET',
      message: 'Pick a country in Settings first.',
    });
    expect(isProfileRefusal(reworded)).toBe(true);
    const sameWordsOtherRefusal = new AppError('INVALID_REQUEST', {
      message: LEADERBOARD_MESSAGES.noCountry,
      userMessage: LEADERBOARD_MESSAGES.noCountry,
    });
    expect(isProfileRefusal(sameWordsOtherRefusal)).toBe(false);

    const serverFault = new AppError('INTERNAL', { message: 'boom', userMessage: 'Something went wrong.' });
    expect(leaderboardErrorMessage(serverFault)).toBe(LOAD_FAILED_MESSAGE);
    expect(isProfileRefusal(serverFault)).toBe(false);
    expect(leaderboardErrorMessage(new Error('offline'))).toBe('Failed to load leaderboard data');
  });
});
