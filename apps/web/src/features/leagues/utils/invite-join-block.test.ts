import { LEAGUE_MESSAGES } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import { inviteJoinBlockText } from './invite-join-block.ts';

const INVITE = { maxMembers: 10, joinDeadline: '2025-09-01T17:30:00.000Z' };

describe('inviteJoinBlockText', () => {
  it('words a passed deadline in the reader’s time zone', () => {
    const text = inviteJoinBlockText(
      { reason: 'JOIN_DEADLINE_PASSED', retryAt: null },
      INVITE,
      'Europe/London',
    );
    expect(text).toEqual({
      title: 'Joining Has Closed',
      message: 'The join deadline for this league has passed. The deadline was 1 Sept 2025 at 18:30.',
    });
  });

  it('tells a kicked reader when they may ask again, in their time zone', () => {
    const text = inviteJoinBlockText(
      { reason: 'REJOIN_TOO_SOON', retryAt: '2025-10-02T08:05:00.000Z' },
      INVITE,
      'Asia/Tokyo',
    );
    expect(text.message).toBe(
      'You were removed from this league. You can request to rejoin from 2 Oct 2025 at 17:05.',
    );
  });

  it('says a full league’s size, and a member or a pending player is told so', () => {
    expect(inviteJoinBlockText({ reason: 'LEAGUE_FULL', retryAt: null }, INVITE).message).toBe(
      'This league is full: it already has its maximum of 10 members.',
    );
    expect(inviteJoinBlockText({ reason: 'ALREADY_MEMBER', retryAt: null }, INVITE).message).toBe(
      LEAGUE_MESSAGES.alreadyMember,
    );
    expect(inviteJoinBlockText({ reason: 'ALREADY_PENDING', retryAt: null }, INVITE).message).toBe(
      LEAGUE_MESSAGES.alreadyPending,
    );
  });
});
