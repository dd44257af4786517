import { type CatalogPlayer, type Club, POSITION_LABELS } from '@hit21/core';
import { Check, Minus, Plus } from 'lucide-react';
import type { MouseEvent } from 'react';
import { clubOfPick, POSITION_ABBREVIATIONS } from '../../../components/pitch/pitch-player-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { cn } from '../../../lib/cn.ts';
import { plural } from '../../../lib/plural.ts';
import type { ViewMode } from '../player-query.ts';

export interface PlayerCardProps {
  player: CatalogPlayer;
  mode: ViewMode;
  isPicked: boolean;
  clubs: readonly Club[];
  onAdd: (player: CatalogPlayer) => void;
  onRemove: (player: CatalogPlayer) => void;
}

/**
 * A player of the Available Players panel, as a grid card (goal-total badge) or a list row.
 * ADD or REMOVE is the button; a click anywhere else on the card also adds, so clicking a
 * player already on the squad says "Player already selected".
 */
export function PlayerCard({ player, mode, isPicked, clubs, onAdd, onRemove }: PlayerCardProps) {
  const club = clubOfPick(player, clubs);
  // Pointer convenience only: the ADD/REMOVE button is the keyboard and screen-reader path.
  const addFromCard = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('button')) return;
    onAdd(player);
  };
  const action = isPicked ? (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Remove ${player.name}`}
      onClick={() => onRemove(player)}
      className={cn('text-bust-700', mode === 'grid' && 'w-full')}
    >
      <Minus aria-hidden="true" />
      REMOVE
    </Button>
  ) : (
    <Button
      size="sm"
      aria-label={`Add ${player.name}`}
      onClick={() => onAdd(player)}
      className={cn(mode === 'grid' && 'w-full')}
    >
      <Plus aria-hidden="true" />
      ADD
    </Button>
  );
  const goals = (
    <>
      <span className="numeric font-bold text-felt-950 leading-none">{player.lastSeasonGoals}</span>
      <span className="sr-only"> {plural(player.lastSeasonGoals, 'goal')} last season</span>
    </>
  );

  if (mode === 'list') {
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: pointer convenience; the button is the keyboard path.
      // biome-ignore lint/a11y/noStaticElementInteractions: see above.
      <div
        data-testid="player-card"
        data-picked={isPicked || undefined}
        onClick={addFromCard}
        className={cn(
          'flex cursor-pointer items-center gap-2 rounded-xl bg-white px-2.5 py-2 ring-1 ring-inset transition-shadow hover:shadow-md sm:gap-3 sm:px-3',
          isPicked ? 'bg-pitch-50 ring-2 ring-pitch-600' : 'ring-line',
        )}
      >
        <Jersey club={club} size="sm" className="size-9 sm:size-10" />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 font-semibold leading-tight">
            {isPicked ? (
              <>
                <Check aria-hidden="true" className="size-4 shrink-0 text-pitch-700" />
                <span className="sr-only">Selected: </span>
              </>
            ) : null}
            <span className="line-clamp-2 break-words sm:line-clamp-1">{player.name}</span>
          </p>
          <p className="truncate text-muted text-sm">
            {player.clubName}
            <span className="sm:hidden">
              <span aria-hidden="true"> · </span>
              <abbr title={POSITION_LABELS[player.position]} className="font-semibold no-underline">
                {POSITION_ABBREVIATIONS[player.position]}
              </abbr>
            </span>
          </p>
        </div>
        <span className="hidden w-24 text-muted text-sm sm:block">{POSITION_LABELS[player.position]}</span>
        <span className="flex w-10 shrink-0 flex-col items-center sm:w-12">
          <span className="text-lg">{goals}</span>
          <span
            aria-hidden="true"
            className="font-display text-[0.625rem] text-muted uppercase tracking-wider"
          >
            {plural(player.lastSeasonGoals, 'Goal')}
          </span>
        </span>
        <span className="shrink-0 sm:w-28 sm:[&>button]:w-full">{action}</span>
      </div>
    );
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: pointer convenience; the button is the keyboard path.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above.
    <div
      data-testid="player-card"
      data-picked={isPicked || undefined}
      onClick={addFromCard}
      className={cn(
        'relative flex h-full cursor-pointer flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-inset transition-shadow hover:shadow-md',
        isPicked ? 'bg-pitch-50 ring-2 ring-pitch-600' : 'ring-1 ring-line',
      )}
    >
      <span aria-hidden="true" className="h-1.5 shrink-0" style={{ backgroundColor: club.primaryColour }} />
      {isPicked ? (
        <span className="absolute top-3 left-2 inline-flex items-center gap-1 rounded-full bg-pitch-700 px-2 py-0.5 font-display font-semibold text-[0.6875rem] text-white uppercase tracking-wide">
          <Check aria-hidden="true" className="size-3" />
          Selected
        </span>
      ) : null}
      <span className="absolute top-3 right-2 flex min-w-11 flex-col items-center rounded-lg bg-gold-400 px-1.5 py-1 shadow-sm">
        <span className="text-xl">{goals}</span>
        <span
          aria-hidden="true"
          className="font-display font-medium text-[0.5625rem] text-felt-950 uppercase tracking-wider"
        >
          {plural(player.lastSeasonGoals, 'Goal')}
        </span>
      </span>
      <div className="flex flex-1 flex-col items-center gap-1 px-2 pt-4 pb-3 text-center">
        <span className="size-16">
          <Jersey club={club} size="fluid" />
        </span>
        <p className="line-clamp-2 font-display font-semibold uppercase leading-tight tracking-wide">
          {player.name}
        </p>
        <p className="max-w-full truncate text-muted text-sm">{player.clubName}</p>
        <p className="font-semibold text-muted text-xs uppercase tracking-wider">
          {POSITION_LABELS[player.position]}
        </p>
      </div>
      <div className="border-line border-t p-2">{action}</div>
    </div>
  );
}
