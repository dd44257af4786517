/*
 * How the product words a length of time ("24 hours", "1 minute"): one place, worded by the
 * platform's Intl unit formatting rather than hand-made plurals.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export type DurationUnit = 'second' | 'minute' | 'hour' | 'day';

const FORMATS = new Map<DurationUnit, Intl.NumberFormat>();

/** "1 minute", "24 hours": a whole count of one unit, in UK English. */
export function formatDuration(count: number, unit: DurationUnit): string {
  let format = FORMATS.get(unit);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { style: 'unit', unit, unitDisplay: 'long' });
    FORMATS.set(unit, format);
  }
  return format.format(count);
}

/**
 * The time left before a moment, as a reminder states it: whole minutes under 2 hours
 * ("90 minutes"), else whole hours, rounded down so a reminder never promises more time than
 * there is ("2 hours" with 2 h 40 left). Never less than "1 minute".
 */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE_MS));
  if (minutes < 120) return formatDuration(minutes, 'minute');
  return formatDuration(Math.floor(minutes / 60), 'hour');
}
