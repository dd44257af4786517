import type { CatalogPlayer, Club } from '@hit21/core';
import { FilterX, SearchX } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ViewMode } from '../player-query.ts';
import { PlayerCard } from './player-card.tsx';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5';

export interface PlayerResultsProps {
  players: readonly CatalogPlayer[] | undefined;
  viewMode: ViewMode;
  pickedIds: ReadonlySet<string>;
  clubs: readonly Club[];
  /** A new page or filter is on its way while the previous answer stays on screen. */
  isFetching: boolean;
  loadError: string | null;
  hasFilters: boolean;
  listRef: Ref<HTMLDivElement>;
  onAdd: (player: CatalogPlayer) => void;
  onRemove: (player: CatalogPlayer) => void;
  onClearFilters: () => void;
  onRetry: () => void;
}

/** The scrolling player area (440 to 550 px high by width): grid, list, empty or failed. */
export function PlayerResults({
  players,
  viewMode,
  pickedIds,
  clubs,
  isFetching,
  loadError,
  hasFilters,
  listRef,
  onAdd,
  onRemove,
  onClearFilters,
  onRetry,
}: PlayerResultsProps) {
  let content: ReactNode;
  if (loadError) {
    content = <QueryError message={loadError} onRetry={onRetry} className="px-4" />;
  } else if (!players) {
    content = (
      <div aria-hidden="true" className={viewMode === 'grid' ? GRID : 'flex flex-col gap-2'}>
        {Array.from({ length: 10 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Skeleton key={index} className={viewMode === 'grid' ? 'h-56 rounded-xl' : 'h-16 rounded-xl'} />
        ))}
      </div>
    );
  } else if (players.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <SearchX aria-hidden="true" className="size-10 text-muted" />
        <h3 className="font-display font-semibold text-2xl uppercase tracking-wide">No Players Found</h3>
        <p className="max-w-md text-muted">
          {hasFilters
            ? 'Try adjusting your search or filters to find more players.'
            : 'No players are currently available. Please check back later.'}
        </p>
        {hasFilters ? (
          <Button variant="secondary" onClick={onClearFilters}>
            <FilterX aria-hidden="true" />
            Clear All Filters
          </Button>
        ) : null}
      </div>
    );
  } else {
    content = (
      <ul className={viewMode === 'grid' ? GRID : 'flex flex-col gap-2'}>
        {players.map((player) => (
          <li key={player.id}>
            <PlayerCard
              player={player}
              mode={viewMode}
              isPicked={pickedIds.has(player.id)}
              clubs={clubs}
              onAdd={onAdd}
              onRemove={onRemove}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div
      ref={listRef}
      data-testid="player-results"
      aria-busy={isFetching || undefined}
      className={cn(
        'max-h-[440px] overflow-y-auto overscroll-contain rounded-xl bg-stone-50 p-2 ring-1 ring-line ring-inset transition-opacity sm:max-h-[500px] sm:p-3 lg:max-h-[550px]',
        isFetching && players ? 'opacity-60' : undefined,
      )}
    >
      {content}
    </div>
  );
}
