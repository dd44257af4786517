import { ArrowDown, ArrowUp } from 'lucide-react';
import { type Dispatch, useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { PlayerQueryAction, PlayerSortKey, SortOrder } from '../player-query.ts';

const SORT_LINKS: readonly { key: PlayerSortKey; label: string; name: string }[] = [
  { key: 'name', label: 'PLAYER', name: 'player name' },
  { key: 'team', label: 'TEAM', name: 'team' },
  { key: 'position', label: 'POS', name: 'position' },
  { key: 'total_goals', label: 'GOALS', name: 'last season goals' },
];

export interface SortBarProps {
  sort: PlayerSortKey | null;
  order: SortOrder;
  dispatch: Dispatch<PlayerQueryAction>;
}

/** SORT BY links: a new column sorts ascending, the active one flips; CLEAR SORT goes back to none. */
export function SortBar({ sort, order, dispatch }: SortBarProps) {
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of related buttons, not a form fieldset.
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-x-0.5 gap-y-1">
      <span id={labelId} className="mr-0.5 font-display font-semibold text-muted text-xs tracking-[0.15em]">
        SORT BY
      </span>
      {SORT_LINKS.map(({ key, label, name }) => {
        const isActive = sort === key;
        const Arrow = order === 'asc' ? ArrowUp : ArrowDown;
        return (
          <button
            key={key}
            type="button"
            onClick={() => dispatch({ type: 'sortBy', key })}
            aria-pressed={isActive}
            className={cn(
              'inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-display font-semibold text-sm tracking-wide transition-colors',
              isActive ? 'bg-felt-900 text-white' : 'text-felt-900 hover:bg-felt-50',
            )}
          >
            {label}
            <span className="sr-only">
              {isActive
                ? `, sorted by ${name} ${order === 'asc' ? 'ascending' : 'descending'}`
                : `, sort by ${name}`}
            </span>
            {isActive ? <Arrow aria-hidden="true" className="size-4" /> : null}
          </button>
        );
      })}
      <button
        type="button"
        onClick={() => dispatch({ type: 'clearSort' })}
        disabled={sort === null}
        className="inline-flex min-h-11 items-center rounded-lg px-2 font-display font-semibold text-bust-700 text-sm tracking-wide transition-colors hover:bg-bust-100 disabled:text-muted disabled:opacity-60 disabled:hover:bg-transparent"
      >
        CLEAR SORT
      </button>
    </div>
  );
}
