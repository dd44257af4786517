import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown.ts';

const LAUNCH = Date.parse('2025-08-08T19:00:00Z');

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = Date.parse('2025-08-06T16:57:30Z');
    expect(countdownParts(LAUNCH, now)).toEqual({
      days: 2,
      hours: 2,
      minutes: 2,
      seconds: 30,
      isFinished: false,
    });
  });

  it('shows the last partial second as 1 until the target', () => {
    expect(countdownParts(LAUNCH, LAUNCH - 200)).toMatchObject({ seconds: 1, isFinished: false });
  });

  it('shows zeros at and after the target', () => {
    const zeros = { days: 0, hours: 0, minutes: 0, seconds: 0, isFinished: true };
    expect(countdownParts(LAUNCH, LAUNCH)).toEqual(zeros);
    expect(countdownParts(LAUNCH, Date.parse('2026-01-01T00:00:00Z'))).toEqual(zeros);
  });
});
