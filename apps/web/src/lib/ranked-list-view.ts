import { clampPage, reachablePageCount } from '@hit21/core';

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
}

export type RankedListViewAction<PageSize extends number = number> =
  | { type: 'typeSearch'; text: string }
  | { type: 'submitSearch' }
  | { type: 'clearSearch' }
  | { type: 'setPageSize'; pageSize: PageSize }
  | { type: 'toggleMeOnly' }
  | { type: 'goToPage'; page: number; pageCount: number }
  /** The server's total for the current view: keeps the page within the pages it reaches. */
  | { type: 'receiveTotal'; total: number; isTotalCapped: boolean };

/**
 * A search, a cleared search, a new page size and "Show Me Only" go back to page 1; a
 * shrinking total pulls the page back to the last one.
 */
export function rankedListViewReducer<PageSize extends number>(
  view: RankedListView<PageSize>,
  action: RankedListViewAction<PageSize>,
): RankedListView<PageSize> {
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
      const page = clampPage(
        view.page,
        reachablePageCount(action.total, view.pageSize, action.isTotalCapped),
      );
      return page === view.page ? view : { ...view, page };
    }
  }
}

/** The API query of a view. */
export function rankedListQueryOf<PageSize extends number>(view: RankedListView<PageSize>) {
  return {
    page: view.page,
    pageSize: view.pageSize,
    search: view.activeSearch === '' ? undefined : view.activeSearch,
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
