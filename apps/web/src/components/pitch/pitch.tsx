import { type Club, SQUAD_SIZE, type Pick as SquadPick } from '@hit21/core';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import {
  clubOfPick,
  type PitchGoalsShown,
  PitchPlayerCard,
  type PitchSlotAction,
} from './pitch-player-card.tsx';

export interface PitchProps {
  /** The squad in slot order, 0 to 4 picks; the remaining slots show "Add Player". */
  picks: readonly SquadPick[];
  /** Names the list of slots for screen readers, e.g. "Your team". */
  label: string;
  /** A button on each filled slot (REMOVE on the picking screens; none on the dashboard). */
  slotAction?: PitchSlotAction;
  /** Makes the empty slots buttons, e.g. to take the user to the player list. */
  onEmptySlotClick?: (slotIndex: number) => void;
  /** This season's goals (default) or last season's. */
  goalsShown?: PitchGoalsShown;
  /** The season's clubs, for jersey colours; known identities are used without them. */
  clubs?: readonly Club[];
  /** Drawn over the pitch above the slots (a title, a counter). */
  children?: ReactNode;
  className?: string;
}

/** The four picks laid on a mown pitch: two by two on phones, in a row from small tablets up. */
export function Pitch({
  picks,
  label,
  slotAction,
  onEmptySlotClick,
  goalsShown,
  clubs,
  children,
  className,
}: PitchProps) {
  const slots = Array.from({ length: SQUAD_SIZE }, (_, index) => picks[index]);
  return (
    <div
      className={cn(
        'on-dark relative isolate overflow-hidden rounded-2xl bg-pitch-700 p-3 shadow-felt-950/30 shadow-xl sm:p-5',
        'bg-[repeating-linear-gradient(90deg,rgb(255_255_255/0.07)_0_12.5%,transparent_12.5%_25%)]',
        className,
      )}
    >
      <PitchMarkings />
      {children ? <div className="relative mb-3 sm:mb-4">{children}</div> : null}
      <ol aria-label={label} className="relative grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        {slots.map((pick, index) => (
          // Slots are positions on the pitch: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={index} className="min-w-0">
            {pick ? (
              <PitchPlayerCard
                pick={pick}
                club={clubOfPick(pick, clubs)}
                goalsShown={goalsShown}
                action={slotAction}
              />
            ) : (
              <EmptySlot
                slotNumber={index + 1}
                onClick={onEmptySlotClick ? () => onEmptySlotClick(index) : undefined}
              />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function EmptySlot({ slotNumber, onClick }: { slotNumber: number; onClick?: () => void }) {
  const classes =
    'flex h-full min-h-44 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-white/70 border-dashed bg-white/10 p-3 font-display text-sm text-white uppercase tracking-wider sm:min-h-52';
  const content = (
    <>
      <span
        aria-hidden="true"
        className="grid size-11 place-items-center rounded-full bg-white/15 ring-1 ring-white/50"
      >
        <Plus className="size-6" />
      </span>
      Add Player
      <span className="sr-only">{`, slot ${slotNumber} of ${SQUAD_SIZE}`}</span>
    </>
  );
  if (!onClick) {
    return (
      <div data-testid="pitch-empty-slot" className={classes}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      data-testid="pitch-empty-slot"
      onClick={onClick}
      className={cn(classes, 'cursor-pointer transition-colors hover:bg-white/20 active:bg-white/25')}
    >
      {content}
    </button>
  );
}

/** Halfway line and centre circle, drawn behind the cards. */
function PitchMarkings() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-2 -z-10 rounded-xl border-2 border-white/25"
    >
      <span className="absolute inset-x-0 top-1/2 h-0.5 -translate-y-1/2 bg-white/25 sm:inset-x-auto sm:inset-y-0 sm:top-0 sm:left-1/2 sm:h-auto sm:w-0.5 sm:translate-y-0 sm:-translate-x-1/2" />
      <span className="absolute top-1/2 left-1/2 size-24 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white/25 sm:size-32" />
    </div>
  );
}
