import { Search, UserRound, Users, X } from 'lucide-react';
import { type Dispatch, useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { type RankedListView, type RankedListViewAction, toPageSize } from '../../lib/ranked-list-view.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';

export interface RankedListToolbarProps<PageSize extends number> {
  view: RankedListView<PageSize>;
  dispatch: Dispatch<RankedListViewAction<PageSize>>;
  pageSizes: readonly PageSize[];
  /** The search landmark's name, e.g. "Search the leaderboard". */
  searchLandmarkLabel: string;
  /** The search box's (visually hidden) label, e.g. "Search players". */
  searchLabel: string;
  placeholder: string;
  /** A search-type box (its own cancel button hidden: ours clears the search too). */
  isSearchInput?: boolean;
}

/** Search with Search and clear, the "Show" page size and "Show Me Only". */
export function RankedListToolbar<PageSize extends number>({
  view,
  dispatch,
  pageSizes,
  searchLandmarkLabel,
  searchLabel,
  placeholder,
  isSearchInput = false,
}: RankedListToolbarProps<PageSize>) {
  const ids = useId();
  const hasSearch = view.searchInput !== '' || view.activeSearch !== '';
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <search aria-label={searchLandmarkLabel} className="min-w-0 flex-1 lg:max-w-xl">
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ type: 'submitSearch' });
          }}
        >
          <label htmlFor={`${ids}-search`} className="sr-only">
            {searchLabel}
          </label>
          <div className="relative min-w-0 flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            />
            <Input
              id={`${ids}-search`}
              type={isSearchInput ? 'search' : undefined}
              value={view.searchInput}
              onChange={(event) => dispatch({ type: 'typeSearch', text: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && hasSearch) dispatch({ type: 'clearSearch' });
              }}
              placeholder={placeholder}
              maxLength={100}
              enterKeyHint="search"
              autoComplete="off"
              className={cn(
                'pl-9',
                isSearchInput && '[&::-webkit-search-cancel-button]:hidden',
                hasSearch && 'pr-11',
              )}
            />
            {hasSearch ? (
              <button
                type="button"
                aria-label="Clear search"
                onClick={() => dispatch({ type: 'clearSearch' })}
                className="absolute top-0 right-0 grid size-11 place-items-center rounded-lg text-muted hover:text-ink"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            ) : null}
          </div>
          <Button type="submit" size="sm">
            Search
          </Button>
        </form>
      </search>

      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={`${ids}-size`}
          className="font-display font-medium text-muted text-sm uppercase tracking-wide"
        >
          Show
        </label>
        <Select
          id={`${ids}-size`}
          value={String(view.pageSize)}
          options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          onChange={(value) => {
            const pageSize = toPageSize(pageSizes, value);
            if (pageSize) dispatch({ type: 'setPageSize', pageSize });
          }}
          className="numeric w-20"
        />
        <Button
          variant={view.isMeOnly ? 'primary' : 'secondary'}
          size="sm"
          onClick={() => dispatch({ type: 'toggleMeOnly' })}
          className="ml-auto lg:ml-2"
        >
          {view.isMeOnly ? <Users aria-hidden="true" /> : <UserRound aria-hidden="true" />}
          {view.isMeOnly ? 'Show All' : 'Show Me Only'}
        </Button>
      </div>
    </div>
  );
}
