import { describe, expect, it } from 'vitest';
import { PERSON_NAME_MESSAGES } from '../accounts/person-name.ts';
import {
  changeLeagueAdminInputSchema,
  createLeagueInputSchema,
  joinLeagueInputSchema,
} from './league.schemas.ts';
import { decideJoin } from './league-admission.ts';
import {
  formatLeagueDateTime,
  generateLeagueCode,
  isAllowedMemberChange,
  isLeagueFull,
  KICK_REJOIN_COOLDOWN_MS,
  LEAGUE_CODE_PATTERN,
  LEAGUE_LIMITS,
  LEAGUE_MESSAGES,
  type MembershipStatus,
  maxMembersLabel,
} from './league-rules.ts';

const now = new Date('2025-09-01T12:00:00Z');
const openLeague = { joinMode: 'open' as const, joinDeadline: null, maxMembers: 50 };
const inviteOnly = { ...openLeague, joinMode: 'invite_only' as const };

function join(overrides: Partial<Parameters<typeof decideJoin>[0]> = {}) {
  return decideJoin({
    league: openLeague,
    membership: null,
    approvedMembers: 1,
    playerMemberships: 0,
    now,
    ...overrides,
  });
}

describe('decideJoin', () => {
  it('lets a newcomer into an open league at once, and makes an invite-only request pending', () => {
    expect(join()).toEqual({ outcome: 'approved', message: LEAGUE_MESSAGES.joined });
    expect(join({ league: inviteOnly })).toEqual({ outcome: 'pending', message: LEAGUE_MESSAGES.applied });
  });

  it('tells a member or a waiting player so before anything about the league', () => {
    const locked = { ...openLeague, joinMode: 'locked' as const };
    expect(join({ league: locked, membership: { status: 'approved', kickedAt: null } })).toEqual({
      refusal: 'ALREADY_MEMBER',
    });
    expect(join({ league: locked, membership: { status: 'pending', kickedAt: null } })).toEqual({
      refusal: 'ALREADY_PENDING',
    });
  });

  it('refuses an unknown league, a locked league and a passed deadline', () => {
    expect(join({ league: null })).toEqual({ refusal: 'LEAGUE_NOT_FOUND' });
    expect(join({ league: { ...openLeague, joinMode: 'locked' } })).toEqual({ refusal: 'LEAGUE_LOCKED' });
    const deadline = new Date(now.getTime() - 1);
    expect(join({ league: { ...openLeague, joinDeadline: deadline } })).toEqual({
      refusal: 'JOIN_DEADLINE_PASSED',
    });
    expect(join({ league: { ...openLeague, joinDeadline: new Date(now.getTime() + 1) } })).toMatchObject({
      outcome: 'approved',
    });
  });

  it('makes a rejected player ask again at once, pending even in an open league', () => {
    expect(join({ membership: { status: 'rejected', kickedAt: null } })).toEqual({
      outcome: 'pending',
      message: LEAGUE_MESSAGES.rejoinRequested,
    });
  });

  it('holds a kicked player back for 24 hours after the kick, then takes a pending request', () => {
    const kickedAt = new Date(now.getTime() - KICK_REJOIN_COOLDOWN_MS + 60_000);
    expect(join({ membership: { status: 'kicked', kickedAt } })).toEqual({
      refusal: 'REJOIN_TOO_SOON',
      retryAt: new Date(kickedAt.getTime() + KICK_REJOIN_COOLDOWN_MS),
    });
    const longAgo = new Date(now.getTime() - KICK_REJOIN_COOLDOWN_MS);
    expect(join({ membership: { status: 'kicked', kickedAt: longAgo } })).toEqual({
      outcome: 'pending',
      message: LEAGUE_MESSAGES.rejoinRequested,
    });
  });

  it('refuses a full league and a player already in 30 leagues; Unlimited is never full', () => {
    expect(join({ approvedMembers: 50 })).toEqual({ refusal: 'LEAGUE_FULL' });
    expect(join({ approvedMembers: 49 })).toMatchObject({ outcome: 'approved' });
    expect(join({ league: { ...openLeague, maxMembers: -1 }, approvedMembers: 1_000_000 })).toMatchObject({
      outcome: 'approved',
    });
    expect(join({ playerMemberships: LEAGUE_LIMITS.memberships })).toEqual({ refusal: 'TOO_MANY_LEAGUES' });
    expect(join({ playerMemberships: LEAGUE_LIMITS.memberships - 1 })).toMatchObject({ outcome: 'approved' });
  });
});

describe('member changes the admin may make', () => {
  const cases: [MembershipStatus, 'approved' | 'rejected' | 'kicked', boolean][] = [
    ['pending', 'approved', true],
    ['pending', 'rejected', true],
    ['pending', 'kicked', false],
    ['approved', 'kicked', true],
    ['approved', 'rejected', false],
    ['approved', 'approved', false],
    ['kicked', 'approved', true],
    ['kicked', 'rejected', true],
    ['kicked', 'kicked', false],
    ['rejected', 'approved', true],
    ['rejected', 'kicked', false],
  ];
  it.each(cases)('%s → %s: %s', (from, to, allowed) => {
    expect(isAllowedMemberChange(from, to)).toBe(allowed);
  });
});

describe('league codes', () => {
  it('are 8 characters of A–Z and 0–9, and skip the bytes that would bias them', () => {
    let calls = 0;
    // First batch: all bytes 255 (rejected); then bytes 0..15 → A..P.
    const code = generateLeagueCode((count) => {
      calls += 1;
      return calls === 1
        ? new Uint8Array(count).fill(255)
        : Uint8Array.from({ length: count }, (_, index) => index);
    });
    expect(code).toBe('ABCDEFGH');
    expect(calls).toBe(2);
    expect(
      generateLeagueCode((count) =>
        Uint8Array.from({ length: count }, () => Math.floor(Math.random() * 256)),
      ),
    ).toMatch(LEAGUE_CODE_PATTERN);
  });

  it('are read trimmed and upper-cased, and anything else is an invalid code', () => {
    expect(joinLeagueInputSchema.parse({ code: '  ab12cd34 ' })).toEqual({ code: 'AB12CD34' });
    expect(joinLeagueInputSchema.safeParse({ code: '   ' }).error?.issues[0]?.message).toBe(
      LEAGUE_MESSAGES.codeRequired,
    );
    expect(joinLeagueInputSchema.safeParse({ code: 'AB12CD3' }).error?.issues[0]?.message).toBe(
      LEAGUE_MESSAGES.codeInvalid,
    );
    expect(joinLeagueInputSchema.safeParse({ code: 'AB12CD3!' }).error?.issues[0]?.message).toBe(
      LEAGUE_MESSAGES.codeInvalid,
    );
  });
});

describe('creating a league', () => {
  it('needs a name after trimming, at most 50 characters, and fills the defaults', () => {
    expect(createLeagueInputSchema.parse({ name: '  Sunday League  ' })).toEqual({
      name: 'Sunday League',
      maxMembers: 50,
      joinMode: 'invite_only',
      joinDeadline: null,
    });
    expect(createLeagueInputSchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(
      LEAGUE_MESSAGES.nameRequired,
    );
    expect(createLeagueInputSchema.safeParse({ name: 'x'.repeat(51) }).error?.issues[0]?.message).toBe(
      LEAGUE_MESSAGES.nameTooLong,
    );
    expect(createLeagueInputSchema.safeParse({ name: 'Two\nlines' }).success).toBe(false);
    // The text rules of a person name: a name only of invisible characters is blank to a reader.
    expect(
      createLeagueInputSchema.safeParse({ name: '\u200B\u2060\u3164\u00AD' }).error?.issues[0]?.message,
    ).toBe(PERSON_NAME_MESSAGES.invisible);
    expect(createLeagueInputSchema.safeParse({ name: 'Pub', maxMembers: 75 }).success).toBe(false);
    expect(createLeagueInputSchema.parse({ name: 'Pub', maxMembers: -1 }).maxMembers).toBe(-1);
  });
});

describe('labels', () => {
  it('words sizes, fullness and the deadline as the screens show them', () => {
    expect(maxMembersLabel(-1)).toBe('Unlimited');
    expect(maxMembersLabel(200)).toBe('200 max');
    expect(isLeagueFull(-1, 10_000)).toBe(false);
    expect(isLeagueFull(50, 50)).toBe(true);
    expect(formatLeagueDateTime(new Date('2025-08-15T17:30:00Z'), 'UTC')).toEqual({
      date: '15 Aug 2025',
      time: '17:30',
    });
    expect(formatLeagueDateTime(new Date('2025-08-15T17:30:00Z'), 'Europe/London')).toEqual({
      date: '15 Aug 2025',
      time: '18:30',
    });
  });

  it('reads a new admin e-mail trimmed and lower-cased, with the specified messages', () => {
    expect(changeLeagueAdminInputSchema.parse({ email: '  Fan@Example.COM ' })).toEqual({
      email: 'fan@example.com',
    });
    expect(changeLeagueAdminInputSchema.safeParse({ email: '  ' }).error?.issues[0]?.message).toBe(
      LEAGUE_MESSAGES.emailRequired,
    );
    expect(changeLeagueAdminInputSchema.safeParse({ email: 'not-an-email' }).error?.issues[0]?.message).toBe(
      LEAGUE_MESSAGES.emailInvalid,
    );
  });
});
