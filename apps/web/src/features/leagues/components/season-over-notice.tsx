import { SEASON_OVER_LEAGUE_MESSAGE } from '@hit21/core';
import { Flag } from 'lucide-react';

/** A waiting request's note once the season is over: no admin can approve it any more. */
export const SEASON_OVER_PENDING_NOTE = 'The season is over, so this request can no longer be approved.';

/**
 * Said where a league would be created or joined once the season is over (the server refuses
 * both): plainly, and what still works.
 */
export function SeasonOverNotice() {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl bg-felt-50 px-4 py-3 text-ink ring-1 ring-line ring-inset"
    >
      <Flag aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-felt-900" />
      <div>
        <p className="font-display font-semibold text-felt-900 uppercase tracking-wide">Season Over</p>
        <p className="text-sm">{SEASON_OVER_LEAGUE_MESSAGE}</p>
      </div>
    </div>
  );
}
