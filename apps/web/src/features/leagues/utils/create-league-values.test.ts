import { PERSON_NAME_MESSAGES } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import {
  describeDeadline,
  INITIAL_CREATE_LEAGUE_VALUES,
  JOIN_MODE_CHOICES,
  MAX_MEMBER_SELECT_OPTIONS,
  parseDateTimeLocalValue,
  parseMaxMembers,
  toCreateLeagueInput,
  toDateTimeLocalValue,
} from './create-league-values.ts';

const NOW = new Date('2026-11-24T10:00:00');

describe('create league form values', () => {
  it('starts at 50 members, invite only, no deadline', () => {
    expect(INITIAL_CREATE_LEAGUE_VALUES).toEqual({
      name: '',
      maxMembers: 50,
      joinMode: 'invite_only',
      joinDeadline: '',
    });
  });

  it('offers 50, 100, 200, 500, 1000 and Unlimited, and three join modes', () => {
    expect(MAX_MEMBER_SELECT_OPTIONS.map((option) => option.label)).toEqual([
      '50',
      '100',
      '200',
      '500',
      '1000',
      'Unlimited',
    ]);
    expect(MAX_MEMBER_SELECT_OPTIONS.at(-1)?.value).toBe('-1');
    expect(JOIN_MODE_CHOICES.map((choice) => choice.label)).toEqual(['Open', 'Invite Only', 'Locked']);
    expect(parseMaxMembers('-1')).toBe(-1);
    expect(parseMaxMembers('1000')).toBe(1000);
    expect(parseMaxMembers('7')).toBe(50);
  });

  it('needs a name after trimming', () => {
    expect(toCreateLeagueInput({ ...INITIAL_CREATE_LEAGUE_VALUES, name: '   ' }, NOW)).toEqual({
      errors: { name: 'Please enter a league name' },
    });
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B'],
    ['a word joiner', '\u2060'],
    ['a Hangul filler', '\u3164'],
    ['a soft hyphen', '\u00AD'],
  ])('refuses a name of only %s, as a person name is refused', (_case, name) => {
    const result = toCreateLeagueInput({ ...INITIAL_CREATE_LEAGUE_VALUES, name }, NOW);
    expect(result).toEqual({ errors: { name: PERSON_NAME_MESSAGES.invisible } });
  });

  it('refuses a name over 50 characters', () => {
    const result = toCreateLeagueInput({ ...INITIAL_CREATE_LEAGUE_VALUES, name: 'x'.repeat(51) }, NOW);
    expect(result.errors?.name).toBe('League names are at most 50 characters');
  });

  it('sends the trimmed name and no deadline when none is set', () => {
    expect(toCreateLeagueInput({ ...INITIAL_CREATE_LEAGUE_VALUES, name: '  Five-a-side  ' }, NOW)).toEqual({
      input: { name: 'Five-a-side', maxMembers: 50, joinMode: 'invite_only', joinDeadline: null },
    });
  });

  it('sends the deadline typed in local time as a UTC instant', () => {
    const result = toCreateLeagueInput(
      { name: 'Office', maxMembers: -1, joinMode: 'open', joinDeadline: '2026-12-01T18:30' },
      NOW,
    );
    expect(result.input?.joinDeadline).toBe(new Date(2026, 11, 1, 18, 30).toISOString());
    expect(result.input?.maxMembers).toBe(-1);
    expect(result.input?.joinMode).toBe('open');
  });

  it('refuses a deadline that has passed', () => {
    const result = toCreateLeagueInput(
      { ...INITIAL_CREATE_LEAGUE_VALUES, name: 'Office', joinDeadline: '2026-11-24T09:59' },
      NOW,
    );
    expect(result.errors).toEqual({ joinDeadline: 'The join deadline must be in the future' });
  });

  it('reads and writes datetime-local values in local time', () => {
    const instant = new Date(2026, 0, 5, 7, 3);
    expect(toDateTimeLocalValue(instant)).toBe('2026-01-05T07:03');
    expect(parseDateTimeLocalValue('2026-01-05T07:03')?.getTime()).toBe(instant.getTime());
    expect(parseDateTimeLocalValue('')).toBeNull();
    expect(parseDateTimeLocalValue('tomorrow')).toBeNull();
  });

  it('words the deadline en-GB', () => {
    expect(describeDeadline('2026-12-01T18:30')).toBe('Joins close on 1 Dec 2026 at 18:30 (your time).');
    expect(describeDeadline('')).toBeNull();
  });
});
