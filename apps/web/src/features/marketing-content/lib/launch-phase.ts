import type { SeasonState } from '@hit21/core';

/**
 * Where the game stands, for the coming-soon page:
 * - `before-launch`: the countdown runs and the waitlist is open;
 * - `launched`: the game is open and picks can be made freely until the pick deadline;
 * - `in-season`: the deadline has passed and gameweeks are being played (late sign-ups may
 *   still pick players who have not scored);
 * - `season-over`: the last gameweek has been played.
 */
export type LaunchPhase = 'before-launch' | 'launched' | 'in-season' | 'season-over';

export type PhaseSeason = Pick<SeasonState, 'launchAt' | 'pickDeadline' | 'isSeasonOver'>;

/**
 * The phase at `nowMs` on the server's clock. Launch and deadline are compared with the
 * ticking clock, so the page moves on at the very second; the end of the season is the
 * server's word.
 */
export function launchPhase(season: PhaseSeason, nowMs: number): LaunchPhase {
  if (season.isSeasonOver) return 'season-over';
  if (nowMs < Date.parse(season.launchAt)) return 'before-launch';
  if (nowMs < Date.parse(season.pickDeadline)) return 'launched';
  return 'in-season';
}

/** When the phase next changes on the clock (launch, then the deadline); null when it will not. */
export function nextPhaseChangeAt(season: PhaseSeason, nowMs: number): number | null {
  if (season.isSeasonOver) return null;
  const moments = [Date.parse(season.launchAt), Date.parse(season.pickDeadline)];
  return moments.find((moment) => moment > nowMs) ?? null;
}
