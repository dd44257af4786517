import type { Gameweek, SeasonConfig, SeasonState } from './season.schemas.ts';

/*
 * Calendar rules. A gameweek "has passed" from the start of its date (UTC): on the day of
 * gameweek 12 the current gameweek is 12. The season is over once the day after the last
 * gameweek's date has begun (UTC).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDayUtc(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`);
}

/** The latest gameweek whose date has come; 1 before the season starts. */
export function currentGameweek(gameweeks: readonly Gameweek[], now: Date): number {
  let current = 1;
  for (const gameweek of gameweeks) {
    if (startOfDayUtc(gameweek.date) <= now.getTime()) current = gameweek.week;
    else break;
  }
  return current;
}

export function isSeasonOver(gameweeks: readonly Gameweek[], now: Date): boolean {
  const last = gameweeks.at(-1);
  if (!last) return false;
  return now.getTime() >= startOfDayUtc(last.date) + DAY_MS;
}

/**
 * Gameweeks still to be played after the current one: all of them until the picks lock at
 * gameweek 1's kick-off (on its date before then the calendar already calls it current), 0
 * once the season is over.
 */
export function weeksLeft(season: Pick<SeasonConfig, 'gameweeks' | 'pickDeadline'>, now: Date): number {
  const { gameweeks } = season;
  if (isSeasonOver(gameweeks, now)) return 0;
  if (!isDeadlinePassed(season.pickDeadline, now)) return gameweeks.length;
  return gameweeks.length - currentGameweek(gameweeks, now);
}

/** Picks lock at the deadline itself: a save at exactly the deadline is too late. */
export function isDeadlinePassed(pickDeadline: string, now: Date): boolean {
  return now.getTime() >= Date.parse(pickDeadline);
}

export function seasonStateAt(season: SeasonConfig, now: Date): SeasonState {
  return {
    ...season,
    now: now.toISOString(),
    currentGameweek: currentGameweek(season.gameweeks, now),
    weeksLeft: weeksLeft(season, now),
    isDeadlinePassed: isDeadlinePassed(season.pickDeadline, now),
    isSeasonOver: isSeasonOver(season.gameweeks, now),
  };
}
