import { describe, expect, it } from 'vitest';
import { launchPhase, nextPhaseChangeAt } from './launch-phase.ts';

const SEASON = {
  launchAt: '2025-08-08T19:00:00Z',
  pickDeadline: '2025-08-15T17:30:00Z',
  isSeasonOver: false,
};

describe('launchPhase', () => {
  it('is before launch until the countdown target', () => {
    expect(launchPhase(SEASON, Date.parse('2025-08-01T12:00:00Z'))).toBe('before-launch');
    expect(launchPhase(SEASON, Date.parse('2025-08-08T18:59:59.999Z'))).toBe('before-launch');
  });

  it('is launched from the target until the pick deadline', () => {
    expect(launchPhase(SEASON, Date.parse('2025-08-08T19:00:00Z'))).toBe('launched');
    expect(launchPhase(SEASON, Date.parse('2025-08-14T17:30:00Z'))).toBe('launched');
  });

  it('is in season from the pick deadline', () => {
    expect(launchPhase(SEASON, Date.parse('2025-08-15T17:30:00Z'))).toBe('in-season');
    expect(launchPhase(SEASON, Date.parse('2026-01-10T12:00:00Z'))).toBe('in-season');
  });

  it('is over once the server says the season is over', () => {
    expect(launchPhase({ ...SEASON, isSeasonOver: true }, Date.parse('2026-06-01T00:00:00Z'))).toBe(
      'season-over',
    );
  });
});

describe('nextPhaseChangeAt', () => {
  it('is the launch, then the deadline, then never', () => {
    expect(nextPhaseChangeAt(SEASON, Date.parse('2025-08-01T00:00:00Z'))).toBe(Date.parse(SEASON.launchAt));
    expect(nextPhaseChangeAt(SEASON, Date.parse('2025-08-10T00:00:00Z'))).toBe(
      Date.parse(SEASON.pickDeadline),
    );
    expect(nextPhaseChangeAt(SEASON, Date.parse('2025-09-01T00:00:00Z'))).toBeNull();
  });
});
