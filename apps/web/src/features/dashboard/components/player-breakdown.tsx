import { GOAL_TARGET, type PlayerBreakdownEntry } from '@hit21/core';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { pickColour } from '../lib/pick-colours.ts';

/** Each pick's share of the count, by the player's display name, in the colour of its dots. */
export function PlayerBreakdown({ entries }: { entries: readonly PlayerBreakdownEntry[] }) {
  const headingId = useId();
  const scale = Math.max(GOAL_TARGET, ...entries.map((entry) => entry.goals));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-display font-semibold text-lg uppercase tracking-wide">
        Player Breakdown
      </h3>
      <ul data-testid="player-breakdown" className="flex flex-col gap-2.5">
        {entries.map((entry) => (
          <li key={entry.playerId} className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-3">
              <span className="flex min-w-0 items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full"
                  style={{ backgroundColor: pickColour(entry.pickIndex) }}
                />
                <span className="min-w-0 break-words font-display font-semibold uppercase tracking-wide">
                  {entry.playerName}
                </span>
                {entry.goals === 0 ? (
                  <span className="inline-flex shrink-0 items-center gap-1 text-warning-700 text-xs">
                    <TriangleAlert aria-hidden="true" className="size-3.5" />
                    Yet to score
                  </span>
                ) : null}
              </span>
              <span className="numeric shrink-0 text-felt-900">
                <span className="font-bold text-xl">{entry.goals}</span>{' '}
                <span className="text-muted text-xs uppercase">{entry.goals === 1 ? 'goal' : 'goals'}</span>
              </span>
            </div>
            <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-stone-100">
              <span
                className="block h-full rounded-full"
                style={{
                  width: `${(entry.goals / scale) * 100}%`,
                  backgroundColor: pickColour(entry.pickIndex),
                }}
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
