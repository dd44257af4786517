import { LEAGUE_MESSAGES, PERSON_NAME_MESSAGES } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import {
  deadlineFromInput,
  deadlineInputValue,
  joinDeadlineBanner,
  leagueSettingsForm,
  leagueSettingsInput,
  memberDateLine,
  parseAdminEmail,
  toDateTimeLocalValue,
} from './admin-settings.ts';

// Local dates are built with the Date constructor, so these hold in any time zone the tests run in.
const local = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute);

describe('the deadline box', () => {
  it('shows the stored UTC instant in local time, to the minute', () => {
    const instant = local(2026, 12, 1, 18, 30);
    expect(toDateTimeLocalValue(instant)).toBe('2026-12-01T18:30');
    expect(deadlineInputValue(instant.toISOString())).toBe('2026-12-01T18:30');
    expect(deadlineInputValue(null)).toBe('');
  });

  it('reads the local date-time back as the same UTC instant', () => {
    expect(deadlineFromInput('2026-12-01T18:30')).toBe(local(2026, 12, 1, 18, 30).toISOString());
    expect(deadlineFromInput('2027-01-09T07:05')).toBe(local(2027, 1, 9, 7, 5).toISOString());
    const stored = '2026-06-30T22:15:00.000Z';
    expect(deadlineFromInput(deadlineInputValue(stored))).toBe(stored);
  });

  it('reads an empty box as no deadline and rubbish as nothing', () => {
    expect(deadlineFromInput('')).toBeNull();
    expect(deadlineFromInput('  ')).toBeNull();
    expect(deadlineFromInput('tomorrow')).toBeUndefined();
    expect(deadlineFromInput('2026-13-45T99:99')).toBeUndefined();
  });
});

describe('joinDeadlineBanner', () => {
  const now = new Date('2026-11-24T10:00:00.000Z');
  it('says none, upcoming or passed, in en-GB words of the given zone', () => {
    expect(joinDeadlineBanner(null, now)).toEqual({ kind: 'none' });
    expect(joinDeadlineBanner('2026-12-01T18:30:00.000Z', now, 'Asia/Tokyo')).toEqual({
      kind: 'upcoming',
      date: '2 Dec 2026',
      time: '03:30',
    });
    expect(joinDeadlineBanner('2026-11-24T09:59:00.000Z', now, 'Europe/London')).toEqual({
      kind: 'passed',
      date: '24 Nov 2026',
      time: '09:59',
    });
  });
});

describe('leagueSettingsInput', () => {
  const now = local(2026, 11, 24, 10, 0);
  const stored = { name: 'Office Five', joinMode: 'invite_only' as const, joinDeadline: null };

  it('trims the name and sends a new deadline as UTC', () => {
    const form = { ...leagueSettingsForm(stored), name: '  The Office  ', deadline: '2026-12-01T18:30' };
    expect(leagueSettingsInput(form, stored, now)).toEqual({
      input: {
        name: 'The Office',
        joinMode: 'invite_only',
        joinDeadline: local(2026, 12, 1, 18, 30).toISOString(),
      },
    });
  });

  it('asks for a name', () => {
    const form = { ...leagueSettingsForm(stored), name: '   ' };
    expect(leagueSettingsInput(form, stored, now)).toEqual({
      errors: { name: LEAGUE_MESSAGES.nameRequired },
    });
  });

  it('refuses a name of only invisible characters', () => {
    const form = { ...leagueSettingsForm(stored), name: '\u200B\u3164\u2060' };
    expect(leagueSettingsInput(form, stored, now)).toEqual({
      errors: { name: PERSON_NAME_MESSAGES.invisible },
    });
  });

  it('refuses a new deadline in the past, and a garbled one', () => {
    const past = { ...leagueSettingsForm(stored), deadline: '2026-11-24T09:59' };
    expect(leagueSettingsInput(past, stored, now)).toEqual({
      errors: { deadline: LEAGUE_MESSAGES.deadlineInPast },
    });
    const garbled = { ...leagueSettingsForm(stored), deadline: 'soon' };
    expect(leagueSettingsInput(garbled, stored, now)).toEqual({
      errors: { deadline: 'Please enter a valid date and time' },
    });
  });

  it('keeps an untouched deadline exactly as stored, even once it has passed', () => {
    const passed = { ...stored, joinDeadline: '2026-11-20T12:00:42.123Z' };
    const form = { ...leagueSettingsForm(passed), joinMode: 'open' as const };
    expect(leagueSettingsInput(form, passed, now)).toEqual({
      input: { name: 'Office Five', joinMode: 'open', joinDeadline: '2026-11-20T12:00:42.123Z' },
    });
  });

  it('clears the deadline when the box is emptied', () => {
    const withDeadline = { ...stored, joinDeadline: '2026-12-20T12:00:00.000Z' };
    const form = { ...leagueSettingsForm(withDeadline), deadline: '' };
    expect(leagueSettingsInput(form, withDeadline, now)).toEqual({
      input: { name: 'Office Five', joinMode: 'invite_only', joinDeadline: null },
    });
  });
});

describe('parseAdminEmail', () => {
  it('trims and lower-cases the address', () => {
    expect(parseAdminEmail('  Sam.Jones@Example.COM ')).toEqual({ email: 'sam.jones@example.com' });
  });

  it('words an empty and a malformed address as the specification does', () => {
    expect(parseAdminEmail('  ')).toEqual({ error: 'Please enter a user email' });
    expect(parseAdminEmail('sam@')).toEqual({ error: 'Please enter a valid email address' });
    expect(parseAdminEmail('not an email')).toEqual({ error: 'Please enter a valid email address' });
  });
});

describe('memberDateLine', () => {
  const base = { joinedAt: '2026-11-20T08:15:00.000Z', canRejoinAt: null };

  it('says when a member joined or asked', () => {
    expect(memberDateLine({ ...base, status: 'approved' }, 'UTC')).toBe('Joined 20 Nov 2026');
    expect(memberDateLine({ ...base, status: 'pending' }, 'UTC')).toBe('Requested 20 Nov 2026 at 08:15');
    expect(memberDateLine({ ...base, status: 'rejected' }, 'Asia/Tokyo')).toBe(
      'Requested 20 Nov 2026 at 17:15',
    );
  });

  it('says from when a kicked member may ask to rejoin, in the reader’s zone', () => {
    expect(
      memberDateLine({ ...base, status: 'kicked', canRejoinAt: '2026-11-25T09:05:00.000Z' }, 'UTC'),
    ).toBe('Kicked · can request to rejoin from 25 Nov 2026 at 09:05');
    expect(
      memberDateLine(
        { ...base, status: 'kicked', canRejoinAt: '2026-11-25T09:05:00.000Z' },
        'America/New_York',
      ),
    ).toBe('Kicked · can request to rejoin from 25 Nov 2026 at 04:05');
  });
});
