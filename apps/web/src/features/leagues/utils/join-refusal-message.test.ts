import { AppError } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import { JOIN_FAILED_MESSAGE, JOIN_NETWORK_MESSAGE, joinRefusalMessage } from './join-refusal-message.ts';

describe('joinRefusalMessage', () => {
  it('words a passed deadline in the reader’s time zone, en-GB', () => {
    const error = new AppError('FORBIDDEN', {
      reason: 'JOIN_DEADLINE_PASSED',
      message: 'deadline passed',
      userMessage: 'The join deadline for this league has passed. The deadline was 1 Dec 2026 at 18:30.',
      details: { deadline: '2026-12-01T18:30:00.000Z' },
    });
    expect(joinRefusalMessage(error, 'Europe/London')).toBe(
      'The join deadline for this league has passed. The deadline was 1 Dec 2026 at 18:30.',
    );
    expect(joinRefusalMessage(error, 'Asia/Tokyo')).toBe(
      'The join deadline for this league has passed. The deadline was 2 Dec 2026 at 03:30.',
    );
  });

  it('says when a kicked member may ask again, in the reader’s time zone', () => {
    const error = new AppError('FORBIDDEN', {
      reason: 'REJOIN_TOO_SOON',
      message: 'too soon',
      details: { retryAt: '2026-11-25T09:05:00.000Z' },
    });
    expect(joinRefusalMessage(error, 'America/New_York')).toBe(
      'You were removed from this league. You can request to rejoin from 25 Nov 2026 at 04:05.',
    );
  });

  it('says when a player over the hourly request limit may ask again, in the reader’s time zone', () => {
    const error = new AppError('RATE_LIMITED', {
      reason: 'TOO_MANY_JOIN_REQUESTS',
      message: 'too many',
      details: { retryAt: '2026-11-25T09:05:00.000Z' },
    });
    expect(joinRefusalMessage(error, 'America/New_York')).toBe(
      'You have asked to join this league 3 times in the last hour. You can ask again from 25 Nov 2026 at 04:05.',
    );
  });

  it('keeps the server’s words when a moment is missing from the details', () => {
    const error = new AppError('FORBIDDEN', {
      reason: 'REJOIN_TOO_SOON',
      message: 'too soon',
      userMessage: 'You were removed from this league. You can request to rejoin from 25 Nov 2026 at 09:05.',
    });
    expect(joinRefusalMessage(error)).toBe(
      'You were removed from this league. You can request to rejoin from 25 Nov 2026 at 09:05.',
    );
  });

  it.each([
    ['LEAGUE_NOT_FOUND', 'NOT_FOUND', 'League not found. Please check the league code and try again.'],
    ['LEAGUE_LOCKED', 'FORBIDDEN', 'This league is locked and not accepting new members'],
    ['ALREADY_MEMBER', 'CONFLICT', 'You are already a member of this league'],
    ['ALREADY_PENDING', 'CONFLICT', 'You already have a pending request for this league'],
  ] as const)('falls back to the specification’s words for %s', (reason, code, expected) => {
    const error = new AppError(code, { reason, message: 'x', userMessage: ' ' } as never);
    expect(joinRefusalMessage(error)).toBe(expected);
  });

  it('shows the server’s message for a full league and other refusals', () => {
    const error = new AppError('CONFLICT', {
      reason: 'LEAGUE_FULL',
      message: 'full',
      userMessage: 'This league is full: it already has its maximum of 50 members.',
    });
    expect(joinRefusalMessage(error)).toBe('This league is full: it already has its maximum of 50 members.');
  });

  it('tells a network failure apart from anything else', () => {
    const network = new AppError('INTERNAL', {
      message: 'Network error on POST /api/leagues/join: Failed to fetch',
      userMessage: 'Something went wrong.',
    });
    expect(joinRefusalMessage(network)).toBe(JOIN_NETWORK_MESSAGE);
    expect(joinRefusalMessage(new Error('boom'))).toBe(JOIN_FAILED_MESSAGE);
    const internal = new AppError('INTERNAL', { message: 'HTTP 500', userMessage: 'Something went wrong.' });
    expect(joinRefusalMessage(internal)).toBe(JOIN_FAILED_MESSAGE);
  });
});
