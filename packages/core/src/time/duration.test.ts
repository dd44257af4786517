import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimeLeft, HOUR_MS, MINUTE_MS } from './duration.ts';

describe('durations', () => {
  it('words one unit with its plural', () => {
    expect(formatDuration(1, 'minute')).toBe('1 minute');
    expect(formatDuration(12, 'second')).toBe('12 seconds');
    expect(formatDuration(24, 'hour')).toBe('24 hours');
    expect(formatDuration(2, 'day')).toBe('2 days');
  });

  it.each([
    [48 * HOUR_MS, '48 hours'],
    // A job turn a few seconds late still says 48 hours, not 47.
    [48 * HOUR_MS - 20_000, '48 hours'],
    [24 * HOUR_MS, '24 hours'],
    [2 * HOUR_MS + 40 * MINUTE_MS, '2 hours'],
    [2 * HOUR_MS, '2 hours'],
    [2 * HOUR_MS - 20_000, '2 hours'],
    [119 * MINUTE_MS, '119 minutes'],
    [90 * MINUTE_MS, '90 minutes'],
    [MINUTE_MS, '1 minute'],
    [5_000, '1 minute'],
  ])('states %d ms left as %j', (ms, words) => {
    expect(formatTimeLeft(ms)).toBe(words);
  });
});
