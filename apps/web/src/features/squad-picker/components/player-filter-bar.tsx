import { type Club, OUTFIELD_POSITIONS, POSITION_LABELS } from '@hit21/core';
import { LayoutGrid, List, Search, X } from 'lucide-react';
import type { Dispatch, RefObject } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import type { OutfieldPosition, PlayerQueryAction, PlayerQueryState, ViewMode } from '../player-query.ts';
import { GoalsFilter } from './goals-filter.tsx';

const ALL = 'all';

export interface PlayerFilterBarProps {
  query: PlayerQueryState;
  dispatch: Dispatch<PlayerQueryAction>;
  clubs: readonly Club[];
  searchRef: RefObject<HTMLInputElement | null>;
  searchId: string;
}

/** Search, club, position and GOALS filters, and the grid/list toggle. */
export function PlayerFilterBar({ query, dispatch, clubs, searchRef, searchId }: PlayerFilterBarProps) {
  const clubOptions = [
    { value: ALL, label: 'ALL TEAMS' },
    ...clubs.map((club) => ({
      value: club.code,
      label: club.name,
      icon: <Jersey club={club} size="sm" className="size-6" />,
    })),
  ];
  const positionOptions = [
    { value: ALL, label: 'ALL POSITIONS' },
    ...OUTFIELD_POSITIONS.map((position) => ({ value: position, label: POSITION_LABELS[position] })),
  ];

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={searchId} className="sr-only">
          Search players
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
        />
        <Input
          ref={searchRef}
          id={searchId}
          type="search"
          autoComplete="off"
          placeholder="Search players by name or team"
          value={query.searchInput}
          onChange={(event) => dispatch({ type: 'typeSearch', text: event.target.value })}
          className={cn(
            'pl-10 [&::-webkit-search-cancel-button]:hidden',
            query.searchInput ? 'pr-11' : 'pr-3',
          )}
        />
        {query.searchInput ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              dispatch({ type: 'typeSearch', text: '' });
              dispatch({ type: 'applySearch', text: '' });
              // The button goes with the text: keep the keyboard in the search box.
              searchRef.current?.focus();
            }}
            className="absolute top-0 right-0 grid size-11 place-items-center rounded-lg text-muted hover:text-ink"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <Select
          aria-label="Team"
          value={query.club ?? ALL}
          options={clubOptions}
          onChange={(value) => dispatch({ type: 'setClub', club: value === ALL ? null : value })}
          className="sm:w-52"
        />
        <Select
          aria-label="Position"
          value={query.position ?? ALL}
          options={positionOptions}
          onChange={(value) =>
            dispatch({ type: 'setPosition', position: value === ALL ? null : (value as OutfieldPosition) })
          }
          className="sm:w-44"
        />
        <GoalsFilter
          minGoals={query.minGoals}
          maxGoals={query.maxGoals}
          onApply={(bounds) => dispatch({ type: 'setGoals', ...bounds })}
        />
        <ViewToggle
          viewMode={query.viewMode}
          onChange={(viewMode) => dispatch({ type: 'setViewMode', viewMode })}
        />
      </div>
    </div>
  );
}

function ViewToggle({ viewMode, onChange }: { viewMode: ViewMode; onChange: (viewMode: ViewMode) => void }) {
  const options = [
    { value: 'grid', label: 'Grid view', Icon: LayoutGrid },
    { value: 'list', label: 'List view', Icon: List },
  ] as const;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two toggle buttons, not a form fieldset.
    <div
      role="group"
      aria-label="View"
      className="flex justify-self-end rounded-lg bg-stone-100 ring-1 ring-line ring-inset"
    >
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          aria-pressed={viewMode === value}
          onClick={() => onChange(value)}
          className={cn(
            'grid size-11 place-items-center rounded-md transition-colors',
            viewMode === value ? 'bg-felt-900 text-white shadow-sm' : 'text-muted hover:text-ink',
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      ))}
    </div>
  );
}
