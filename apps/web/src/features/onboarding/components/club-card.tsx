import { type Club, readableTextColour } from '@hit21/core';
import { Jersey } from '../../../components/ui/jersey.tsx';

/** The chosen club in its colours: shirt, name and code, like a card dealt on the table. */
export function ClubCard({ club }: { club: Club }) {
  const textColour = readableTextColour(club.primaryColour);
  return (
    <div
      data-testid="club-card"
      className="relative flex items-center gap-3 overflow-hidden rounded-2xl p-4 shadow-md ring-1 ring-black/10 ring-inset sm:gap-5 sm:p-5"
      style={{ backgroundColor: club.primaryColour, color: textColour }}
    >
      {/* A sash in the second colour, as on a shirt. */}
      <span
        aria-hidden="true"
        className="absolute -top-8 right-3 h-[calc(100%+4rem)] w-5 rotate-[20deg] sm:right-8 sm:w-10"
        style={{ backgroundColor: club.secondaryColour }}
      />
      <span className="relative grid size-20 shrink-0 place-items-center rounded-xl bg-white/90 shadow-sm ring-1 ring-black/10 sm:size-28">
        <Jersey club={club} size="lg" className="size-16 sm:size-24" />
      </span>
      <div className="relative flex min-w-0 flex-col gap-1.5 pr-7 sm:pr-16">
        <p className="font-display font-medium text-xs uppercase tracking-[0.2em]">Your team</p>
        <p className="font-bold font-display text-xl uppercase leading-none tracking-wide sm:text-3xl">
          {club.name}
        </p>
        <p>
          <span className="numeric inline-block rounded-md bg-white px-2 py-0.5 font-semibold text-felt-950 text-sm tracking-widest ring-1 ring-black/15">
            {club.code}
          </span>
        </p>
      </div>
    </div>
  );
}
