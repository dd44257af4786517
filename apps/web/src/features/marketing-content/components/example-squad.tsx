import { CLUB_IDENTITIES_BY_FPL_CODE, type ClubIdentity, POSITION_LABELS, type Position } from '@hit21/core';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { cn } from '../../../lib/cn.ts';

interface ExamplePick {
  clubCode: string;
  position: Exclude<Position, 'goalkeeper'>;
  goals: number;
}

// The specification's example winning squad: 9 + 4 + 5 + 3 = 21.
const EXAMPLE_SQUAD: readonly ExamplePick[] = [
  { clubCode: 'ARS', position: 'forward', goals: 9 },
  { clubCode: 'NEW', position: 'midfielder', goals: 4 },
  { clubCode: 'BRI', position: 'forward', goals: 5 },
  { clubCode: 'AVL', position: 'defender', goals: 3 },
];

const EXAMPLE_TOTAL = EXAMPLE_SQUAD.reduce((total, pick) => total + pick.goals, 0);

const POSITION_SHORT: Record<ExamplePick['position'], string> = {
  forward: 'FWD',
  midfielder: 'MID',
  defender: 'DEF',
};

// Fanned like a hand of cards on wider screens.
const FAN = [
  'sm:-rotate-[10deg] sm:translate-y-4',
  'sm:-rotate-[3deg]',
  'sm:rotate-[4deg]',
  'sm:rotate-[11deg] sm:translate-y-4',
];

const CLUBS_BY_CODE = new Map<string, ClubIdentity>(
  Object.values(CLUB_IDENTITIES_BY_FPL_CODE).map((club) => [club.code, club]),
);

/**
 * The example winning squad as a hand of four cards with its 21 / 21 count.
 * Sits on a felt (dark) surface.
 */
export function ExampleSquad({ className }: { className?: string }) {
  return (
    <figure className={cn('flex flex-col items-center gap-8', className)}>
      <ul className="grid w-full max-w-md grid-cols-4 gap-2 sm:flex sm:max-w-none sm:justify-center sm:gap-0 sm:[&>li+li]:-ml-8">
        {EXAMPLE_SQUAD.map((pick, index) => {
          const club = CLUBS_BY_CODE.get(pick.clubCode);
          if (!club) return null;
          return (
            <li
              key={pick.clubCode}
              className={cn(
                'flex flex-col gap-1 rounded-lg bg-white p-2 text-ink shadow-2xl shadow-felt-950/60 ring-1 ring-black/5 sm:h-56 sm:w-40 sm:rounded-xl sm:p-3',
                FAN[index],
              )}
            >
              <span className="flex flex-col items-start">
                <span className="numeric font-bold text-2xl text-felt-900 leading-none sm:text-4xl">
                  {pick.goals}
                </span>
                <span className="font-display font-medium text-[0.625rem] text-muted uppercase tracking-wider sm:text-xs">
                  Goals
                </span>
              </span>
              <span className="mx-auto size-14 py-1 sm:my-auto sm:size-24 sm:py-2">
                <Jersey club={club} size="fluid" />
              </span>
              <span className="flex flex-col items-start font-display text-xs uppercase leading-tight tracking-wide sm:text-sm">
                <span className="font-semibold">{club.code}</span>
                <abbr title={POSITION_LABELS[pick.position]} className="text-muted no-underline">
                  {POSITION_SHORT[pick.position]}
                </abbr>
              </span>
            </li>
          );
        })}
      </ul>
      <figcaption className="flex flex-col items-center gap-1 text-center">
        <span className="numeric rounded-full bg-gold-400 px-5 py-1.5 font-bold text-2xl text-felt-950 shadow-lg">
          {EXAMPLE_TOTAL} / 21
        </span>
        <span className="text-felt-100 text-sm">
          Example winning squad: {EXAMPLE_SQUAD.map((pick) => pick.goals).join(' + ')} = {EXAMPLE_TOTAL} goals
        </span>
      </figcaption>
    </figure>
  );
}
