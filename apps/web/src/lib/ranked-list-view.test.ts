import { describe, expect, it } from 'vitest';
import {
  type RankedListView,
  rankedListQueryOf,
  rankedListViewReducer,
  toPageSize,
} from './ranked-list-view.ts';

const onPage3: RankedListView<10 | 25> = {
  page: 3,
  pageSize: 10,
  isMeOnly: false,
  searchInput: '',
  activeSearch: '',
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
      rankedListViewReducer(onPage3, { type: 'receiveTotal', total: 12, isTotalCapped: false }).page,
    ).toBe(2);
    // A capped total reaches one page past those it fills.
    const onPage401 = { ...onPage3, page: 401, pageSize: 25 as const };
    expect(
      rankedListViewReducer(onPage401, { type: 'receiveTotal', total: 10_000, isTotalCapped: true }).page,
    ).toBe(401);
  });

  it('reads only an offered page size', () => {
    expect(toPageSize([10, 25] as const, '25')).toBe(25);
    expect(toPageSize([10, 25] as const, '50')).toBeUndefined();
  });
});
