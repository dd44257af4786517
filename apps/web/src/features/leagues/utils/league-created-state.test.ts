import type { LeagueSummary } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import { readLeagueCreatedState } from './league-created-state.ts';
import { leagueCreatedTips } from './league-created-tips.ts';
import { groupMyLeagues } from './my-leagues-panel-groups.ts';

const LEAGUE: LeagueSummary = {
  id: '0b9d4c1e-3f0a-4a51-9d7e-2f1c3b4a5d6e',
  name: 'Sunday Legends',
  code: 'ABCD1234',
  maxMembers: 50,
  joinMode: 'invite_only',
  joinDeadline: null,
  isAdmin: true,
  myStatus: 'approved',
  memberCount: 1,
  pendingRequests: 0,
  createdAt: '2026-11-24T10:00:00.000Z',
  joinedAt: '2026-11-24T10:00:00.000Z',
  adminHandover: null,
  canRejoinAt: null,
};

describe('the league passed to /leagues/created', () => {
  it('reads a league passed along', () => {
    expect(readLeagueCreatedState({ league: LEAGUE })).toEqual(LEAGUE);
  });

  it('is null without one, or with something else', () => {
    expect(readLeagueCreatedState(null)).toBeNull();
    expect(readLeagueCreatedState({})).toBeNull();
    expect(readLeagueCreatedState({ league: { name: 'x' } })).toBeNull();
  });

  it('fits the tips to the join mode and deadline', () => {
    expect(leagueCreatedTips(LEAGUE).join(' ')).toContain('approve each request from Manage League');
    const open = leagueCreatedTips(
      { joinMode: 'open', joinDeadline: '2026-12-01T18:30:00.000Z' },
      'Europe/London',
    ).join(' ');
    expect(open).toContain('anyone with the code joins straight away');
    expect(open).toContain('until 1 Dec 2026 at 18:30');
  });
});

describe('the dashboard groups', () => {
  it('splits run leagues from joined ones and leaves out rejected and kicked', () => {
    const joined = { ...LEAGUE, id: 'b', isAdmin: false };
    const pending = { ...LEAGUE, id: 'c', isAdmin: false, myStatus: 'pending' as const };
    const rejected = { ...LEAGUE, id: 'd', isAdmin: false, myStatus: 'rejected' as const };
    const kicked = { ...LEAGUE, id: 'e', isAdmin: false, myStatus: 'kicked' as const };
    const groups = groupMyLeagues([LEAGUE, joined, pending, rejected, kicked]);
    expect(groups.created.map((league) => league.id)).toEqual([LEAGUE.id]);
    expect(groups.joined.map((league) => league.id)).toEqual(['b', 'c']);
  });
});
