import { describe, expect, it } from 'vitest';
import { type AdmissionInput, canRunAnotherLeague, decideAdmission, decideJoin } from './league-admission.ts';
import { KICK_REJOIN_COOLDOWN_MS, LEAGUE_LIMITS, LEAGUE_MESSAGES } from './league-rules.ts';

const now = new Date('2025-09-01T12:00:00Z');
const HOUR = 3_600_000;

function admit(overrides: Partial<AdmissionInput> = {}) {
  return decideAdmission({
    way: 'approval',
    isSeasonOver: false,
    league: { joinDeadline: null, maxMembers: 50, approvedMembers: 1 },
    requestedAt: now,
    kickedAt: null,
    otherMemberships: 0,
    now,
    ...overrides,
  });
}

describe('decideAdmission', () => {
  it('lets a player in below every limit', () => {
    expect(admit()).toBeNull();
  });

  it('refuses every way in once the season is over, first', () => {
    expect(admit({ isSeasonOver: true, otherMemberships: 99 })).toEqual({ refusal: 'SEASON_OVER' });
    expect(admit({ way: 'request', isSeasonOver: true })).toEqual({ refusal: 'SEASON_OVER' });
  });

  it("holds the player's 30 leagues and the league's size on an approval", () => {
    expect(admit({ otherMemberships: LEAGUE_LIMITS.memberships })).toEqual({ refusal: 'TOO_MANY_LEAGUES' });
    expect(admit({ otherMemberships: LEAGUE_LIMITS.memberships - 1 })).toBeNull();
    expect(admit({ league: { joinDeadline: null, maxMembers: 50, approvedMembers: 50 } })).toEqual({
      refusal: 'LEAGUE_FULL',
    });
  });

  it('judges the deadline by when the player asked', () => {
    const deadline = new Date(now.getTime() - HOUR);
    const league = { joinDeadline: deadline, maxMembers: 50, approvedMembers: 1 };
    expect(admit({ league, requestedAt: new Date(now.getTime() - 2 * HOUR) })).toBeNull();
    expect(admit({ league })).toEqual({ refusal: 'JOIN_DEADLINE_PASSED' });
  });

  it("holds a kicked player's own request for 24 hours, not the admin's approval", () => {
    const kickedAt = new Date(now.getTime() - HOUR);
    expect(admit({ way: 'request', kickedAt })).toEqual({
      refusal: 'REJOIN_TOO_SOON',
      retryAt: new Date(kickedAt.getTime() + KICK_REJOIN_COOLDOWN_MS),
    });
    expect(admit({ way: 'approval', kickedAt })).toBeNull();
  });

  it('lets a player run 10 leagues and no more', () => {
    expect(canRunAnotherLeague(LEAGUE_LIMITS.administered - 1)).toBe(true);
    expect(canRunAnotherLeague(LEAGUE_LIMITS.administered)).toBe(false);
  });
});

describe('decideJoin after the season and for a kicked address', () => {
  const league = { joinMode: 'open' as const, joinDeadline: null, maxMembers: 50 };
  const base = { league, membership: null, approvedMembers: 1, playerMemberships: 0, now };

  it('tells a member they are one before saying the season is over', () => {
    expect(decideJoin({ ...base, isSeasonOver: true })).toEqual({ refusal: 'SEASON_OVER' });
    expect(
      decideJoin({ ...base, isSeasonOver: true, membership: { status: 'approved', kickedAt: null } }),
    ).toEqual({ refusal: 'ALREADY_MEMBER' });
  });

  it('holds a new account with a kicked address to the kick, then lets it ask', () => {
    const addressKickedAt = new Date(now.getTime() - HOUR);
    expect(decideJoin({ ...base, addressKickedAt })).toMatchObject({ refusal: 'REJOIN_TOO_SOON' });
    expect(decideJoin({ ...base, addressKickedAt: null })).toEqual({
      outcome: 'approved',
      message: LEAGUE_MESSAGES.joined,
    });
  });
});
