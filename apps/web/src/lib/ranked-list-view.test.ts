import { describe, expect, it } from 'vitest';
import {
  type RankedListView,
  rankedListQueryOf,
  rankedListViewReducer,
  receivedPage,
  toPageSize,
} from './ranked-list-view.ts';

const onPage3: RankedListView<10 | 25> = {
  page: 3,
  pageSize: 10,
  isMeOnly: false,
  searchInput: '',
  activeSearch: '',
  cursors: {},
};

describe('ranked list view', () => {
  it('searches the trimmed text from page 1 and asks the API for it', () => {
    const typed = rankedListViewReducer(onPage3, { type: 'typeSearch', text: ' ali ' });
    const searched = rankedListViewReducer(typed, { type: 'submitSearch' });
    expect(rankedListQueryOf(searched)).toEqual({ page: 1, pageSize: 10, search: 'ali', me: false });
  });

  it('keeps the same view when nothing changes, and pulls the page back when the total shrinks', () => {
    expect(rankedListViewReducer(onPage3, { type: 'setPageSize', pageSize: 10 })).toBe(onPage3);
    expect(
      rankedListViewReducer(onPage3, { type: 'receivePage', page: 1, total: 12, isTotalCapped: false }).page,
    ).toBe(2);
    // A capped total reaches one page past those it fills.
    const onPage401 = { ...onPage3, page: 401, pageSize: 25 as const };
    expect(
      rankedListViewReducer(onPage401, { type: 'receivePage', page: 1, total: 10_000, isTotalCapped: true })
        .page,
    ).toBe(401);
  });

  it("asks a search's page past 10,000 matches after the page before's last member", () => {
    const searched = { ...onPage3, pageSize: 25 as const, searchInput: 'son', activeSearch: 'son' };
    const answer = (page: number, lastUserId: string) =>
      receivedPage({
        page,
        total: page * 25,
        isTotalCapped: true,
        rows: [{ userId: 'first' }, { userId: lastUserId }],
      });
    const go = (view: RankedListView<10 | 25>, page: number) =>
      rankedListViewReducer(view, { type: 'goToPage', page, pageCount: page + 1 });
    const on400 = rankedListViewReducer(go(searched, 400), answer(400, 'last-of-400'));
    // Up to the 10,000th match a page is asked by its number alone.
    expect(rankedListQueryOf(on400).after).toBeUndefined();
    const on401 = rankedListViewReducer(go(on400, 401), answer(401, 'last-of-401'));
    expect(rankedListQueryOf(on401)).toEqual({
      page: 401,
      pageSize: 25,
      search: 'son',
      after: 'last-of-400',
      me: false,
    });
    expect(rankedListQueryOf(go(on401, 402)).after).toBe('last-of-401');
    // Back a page, and a new search forgets them.
    expect(rankedListQueryOf(go(go(on401, 402), 401)).after).toBe('last-of-400');
    expect(rankedListViewReducer(on401, { type: 'submitSearch' }).cursors).toEqual({});
  });

  it('keeps no cursor without a search', () => {
    const received = rankedListViewReducer(
      onPage3,
      receivedPage({ page: 3, total: 12_000, isTotalCapped: false, rows: [{ userId: 'someone' }] }),
    );
    expect(received.cursors).toEqual({});
  });

  it('reads only an offered page size', () => {
    expect(toPageSize([10, 25] as const, '25')).toBe(25);
    expect(toPageSize([10, 25] as const, '50')).toBeUndefined();
  });
});
