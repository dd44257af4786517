import { clampPage, isPastSearchCap, reachablePageCount } from '@hit21/core';

/** What a ranked list (a leaderboard tab, a league's standings) shows. */
export interface RankedListView<PageSize extends number = number> {
  page: number;
  pageSize: PageSize;
  /** "Show Me Only": just the viewer's row. */
  isMeOnly: boolean;
  /** What the search box holds as typed. */
  searchInput: string;
  /** The search the list is filtered by: set by Search, emptied by clear. */
  activeSearch: string;
  /**
   * By page, the last member of the search's page before it (user ids): a page past the first
   * 10,000 matches is asked for after it (`isPastSearchCap`). Forgotten with the search.
   */
  cursors: Readonly<Record<number, string>>;
}

export type RankedListViewAction<PageSize extends number = number> =
  | { type: 'typeSearch'; text: string }
  | { type: 'submitSearch' }
  | { type: 'clearSearch' }
  | { type: 'setPageSize'; pageSize: PageSize }
  | { type: 'toggleMeOnly' }
  | { type: 'goToPage'; page: number; pageCount: number }
  /** The server's page for the current view: its total keeps the page within those it reaches. */
  | { type: 'receivePage'; page: number; total: number; isTotalCapped: boolean; lastUserId?: string };

/**
 * A search, a cleared search, a new page size and "Show Me Only" go back to page 1 (and forget
 * the search's cursors); a shrinking total pulls the page back to the last one.
 */
export function rankedListViewReducer<PageSize extends number>(
  view: RankedListView<PageSize>,
  action: RankedListViewAction<PageSize>,
): RankedListView<PageSize> {
  switch (action.type) {
    case 'typeSearch':
      return { ...view, searchInput: action.text };
    case 'submitSearch':
      return { ...view, activeSearch: view.searchInput.trim(), page: 1, cursors: {} };
    case 'clearSearch':
      return { ...view, searchInput: '', activeSearch: '', page: 1, cursors: {} };
    case 'setPageSize':
      return action.pageSize === view.pageSize
        ? view
        : { ...view, pageSize: action.pageSize, page: 1, cursors: {} };
    case 'toggleMeOnly':
      return { ...view, isMeOnly: !view.isMeOnly, page: 1, cursors: {} };
    case 'goToPage': {
      const page = clampPage(action.page, action.pageCount);
      return page === view.page ? view : { ...view, page };
    }
    case 'receivePage': {
      const page = clampPage(
        view.page,
        reachablePageCount(action.total, view.pageSize, action.isTotalCapped),
      );
      const next = page === view.page ? view : { ...view, page };
      const { lastUserId } = action;
      const isNewCursor = lastUserId !== undefined && view.cursors[action.page + 1] !== lastUserId;
      if (view.activeSearch === '' || !isNewCursor) return next;
      return { ...next, cursors: { ...view.cursors, [action.page + 1]: lastUserId } };
    }
  }
}

/** What a page's answer tells the view: its total, and its last member for the page after it. */
export function receivedPage(answer: {
  page: number;
  total: number;
  isTotalCapped: boolean;
  rows: readonly { userId: string }[];
}): Extract<RankedListViewAction, { type: 'receivePage' }> {
  const { page, total, isTotalCapped, rows } = answer;
  return { type: 'receivePage', page, total, isTotalCapped, lastUserId: rows.at(-1)?.userId };
}

/** The API query of a view. */
export function rankedListQueryOf<PageSize extends number>(view: RankedListView<PageSize>) {
  return {
    page: view.page,
    pageSize: view.pageSize,
    search: view.activeSearch === '' ? undefined : view.activeSearch,
    after:
      view.activeSearch !== '' && isPastSearchCap(view.page, view.pageSize)
        ? view.cursors[view.page]
        : undefined,
    me: view.isMeOnly,
  };
}

/** The page size a select's value names, when it is one of the sizes offered. */
export function toPageSize<PageSize extends number>(
  sizes: readonly PageSize[],
  value: string,
): PageSize | undefined {
  return sizes.find((size) => String(size) === value);
}
