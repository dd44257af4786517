// @vitest-environment happy-dom
import {
  type InviteJoinBlock,
  LEAGUE_MESSAGES,
  type LeagueInvite,
  leagueInviteSchema,
  profileSchema,
} from '@hit21/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileFixture, seasonRoutes, shellRoutes } from '../testing/fixtures.ts';
import { fail, type MockRoutes, ok } from '../testing/mock-api.ts';
import { renderScreen } from '../testing/render-screen.tsx';

const CODE = 'FRIDAY55';

function invite(joinBlock: InviteJoinBlock | null, overrides: Partial<LeagueInvite> = {}) {
  return ok(leagueInviteSchema, {
    name: 'Friday Five',
    code: CODE,
    maxMembers: 50,
    joinMode: 'invite_only',
    joinDeadline: null,
    joinBlock,
    ...overrides,
  } satisfies LeagueInvite);
}

const player: MockRoutes = {
  'GET /api/profile': ok(profileSchema, profileFixture()),
  ...shellRoutes(),
  ...seasonRoutes(),
};
const visitor: MockRoutes = { 'GET /api/profile': fail('UNAUTHENTICATED'), ...seasonRoutes() };

/** The invite as the reader sees it: the notice's text, and whether Join League is offered. */
async function readInvite(routes: MockRoutes): Promise<{ notice: string; hasJoin: boolean }> {
  renderScreen(`/join/${CODE}`, routes);
  await screen.findByRole('button', { name: 'Copy Link' });
  return {
    notice: screen.queryByTestId('invite-join-block')?.textContent ?? '',
    hasJoin: screen.queryByRole('button', { name: 'Join League' }) !== null,
  };
}

const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

describe('the invite page before the click', () => {
  it('tells a member they are in already, with no Join League', async () => {
    expect(
      await readInvite({
        ...player,
        [`GET /api/leagues/invite/${CODE}`]: invite({ reason: 'ALREADY_MEMBER', retryAt: null }),
      }),
    ).toEqual({ notice: `Already a Member${LEAGUE_MESSAGES.alreadyMember}`, hasJoin: false });
  });

  it('tells a waiting player their request is pending, with no Join League', async () => {
    expect(
      await readInvite({
        ...player,
        [`GET /api/leagues/invite/${CODE}`]: invite({ reason: 'ALREADY_PENDING', retryAt: null }),
      }),
    ).toEqual({ notice: `Request Pending${LEAGUE_MESSAGES.alreadyPending}`, hasJoin: false });
  });

  it('tells a kicked player when rejoining opens, in their own time zone, with no Join League', async () => {
    // Kicked in Tokyo: the moment rejoining opens is read in their own time zone.
    process.env.TZ = 'Asia/Tokyo';
    const block = { reason: 'REJOIN_TOO_SOON', retryAt: '2026-11-08T15:30:00.000Z' } as const;
    expect(await readInvite({ ...player, [`GET /api/leagues/invite/${CODE}`]: invite(block) })).toEqual({
      notice:
        'Rejoining Opens LaterYou were removed from this league. You can request to rejoin from 9 Nov 2026 at 00:30.',
      hasJoin: false,
    });
  });

  it('says a passed deadline before the click, to a player', async () => {
    process.env.TZ = 'Europe/London';
    const closed = invite(
      { reason: 'JOIN_DEADLINE_PASSED', retryAt: null },
      { joinMode: 'open', joinDeadline: '2025-08-20T17:00:00.000Z' },
    );
    const expected = {
      notice:
        'Joining Has ClosedThe join deadline for this league has passed. The deadline was 20 Aug 2025 at 18:00.',
      hasJoin: false,
    };
    expect(await readInvite({ ...player, [`GET /api/leagues/invite/${CODE}`]: closed })).toEqual(expected);
  });

  it('says a passed deadline to a visitor too', async () => {
    process.env.TZ = 'Europe/London';
    const closed = invite(
      { reason: 'JOIN_DEADLINE_PASSED', retryAt: null },
      { joinMode: 'open', joinDeadline: '2025-08-20T17:00:00.000Z' },
    );
    expect(await readInvite({ ...visitor, [`GET /api/leagues/invite/${CODE}`]: closed })).toEqual({
      notice:
        'Joining Has ClosedThe join deadline for this league has passed. The deadline was 20 Aug 2025 at 18:00.',
      hasJoin: false,
    });
  });

  it('offers Join League when nothing stands in the way', async () => {
    expect(await readInvite({ ...player, [`GET /api/leagues/invite/${CODE}`]: invite(null) })).toEqual({
      notice: '',
      hasJoin: true,
    });
  });
});
