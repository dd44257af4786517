import {
  CLUB_IDENTITIES_BY_FPL_CODE,
  type Club,
  NEUTRAL_CLUB_COLOURS,
  POSITION_LABELS,
  type Position,
  type Pick as SquadPick,
} from '@hit21/core';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { plural } from '../../lib/plural.ts';
import { Jersey } from '../ui/jersey.tsx';

/** Three-letter position tags, as on a team sheet. */
export const POSITION_ABBREVIATIONS: Readonly<Record<Position, string>> = {
  goalkeeper: 'GK',
  defender: 'DEF',
  midfielder: 'MID',
  forward: 'FWD',
};

/** Which goal count a card shows: this season's (the dashboard) or last season's (picking screens). */
export type PitchGoalsShown = 'season' | 'last-season';

/** A button on a filled slot, e.g. REMOVE on the picking screens. */
export interface PitchSlotAction {
  /** Visible text; the accessible name adds the player's name ("Remove Bukayo Saka"). */
  label: string;
  onAction: (pick: SquadPick) => void;
}

export type PitchClub = Pick<Club, 'code' | 'name' | 'primaryColour'>;

const CLUBS_BY_CODE = new Map<string, PitchClub>(
  Object.values(CLUB_IDENTITIES_BY_FPL_CODE).map((club) => [club.code, club]),
);

/**
 * The club of a pick, for its jersey and colour strip: from the season's club list when given,
 * else the known identities, else neutral colours (a promoted club the code has never seen).
 */
export function clubOfPick(
  pick: Pick<SquadPick, 'clubCode' | 'clubName'>,
  clubs?: readonly Club[],
): PitchClub {
  return (
    clubs?.find((club) => club.code === pick.clubCode) ??
    CLUBS_BY_CODE.get(pick.clubCode) ?? {
      code: pick.clubCode,
      name: pick.clubName,
      primaryColour: NEUTRAL_CLUB_COLOURS.primaryColour,
    }
  );
}

export interface PitchPlayerCardProps {
  pick: SquadPick;
  club: PitchClub;
  goalsShown?: PitchGoalsShown;
  action?: PitchSlotAction;
  className?: string;
}

/** One of the four picks laid on the pitch: shirt, name, club, position and a goal count. */
export function PitchPlayerCard({
  pick,
  club,
  goalsShown = 'season',
  action,
  className,
}: PitchPlayerCardProps) {
  const goals = goalsShown === 'season' ? pick.goals : pick.lastSeasonGoals;
  return (
    <article
      aria-label={pick.name}
      data-testid="pitch-player-card"
      className={cn(
        // A light card on the dark pitch: its focus ring is the dark one again.
        'flex h-full flex-col overflow-hidden rounded-xl bg-white text-ink [--focus-ring:var(--color-felt-900)] shadow-felt-950/40 shadow-lg ring-1 ring-black/5',
        className,
      )}
    >
      <span aria-hidden="true" className="h-1.5 shrink-0" style={{ backgroundColor: club.primaryColour }} />
      <div className="flex flex-1 flex-col items-center gap-1 px-2 pt-2 pb-2.5 text-center sm:px-3">
        <span className="size-12 sm:size-16">
          <Jersey club={club} size="fluid" />
        </span>
        <p className="line-clamp-2 min-h-[2lh] font-display font-semibold text-sm uppercase leading-tight tracking-wide sm:text-base">
          {pick.name}
        </p>
        <p className="max-w-full truncate text-muted text-xs">{pick.clubName}</p>
        <p className="text-xs">
          <abbr
            title={POSITION_LABELS[pick.position]}
            className="rounded bg-stone-100 px-1.5 py-0.5 font-semibold text-muted no-underline tracking-wider"
          >
            {POSITION_ABBREVIATIONS[pick.position]}
          </abbr>
        </p>
        <p className="mt-auto flex items-baseline gap-1 pt-1">
          <span className="numeric font-bold text-2xl text-felt-900 leading-none">{goals}</span>
          <span className="font-display text-[0.6875rem] text-muted uppercase tracking-wider">
            {goalsShown === 'season' ? plural(goals, 'Goal') : 'Last season'}
          </span>
        </p>
      </div>
      {action ? (
        <button
          type="button"
          onClick={() => action.onAction(pick)}
          aria-label={`${sentenceCase(action.label)} ${pick.name}`}
          className="flex min-h-11 shrink-0 items-center justify-center gap-1.5 border-line border-t font-display font-semibold text-bust-700 text-sm uppercase tracking-wide transition-colors hover:bg-bust-100 active:bg-bust-100"
        >
          <X aria-hidden="true" className="size-4" />
          {action.label}
        </button>
      ) : null}
    </article>
  );
}

/** "REMOVE" on screen reads "Remove Bukayo Saka" to a screen reader, not a shouted word. */
function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}
