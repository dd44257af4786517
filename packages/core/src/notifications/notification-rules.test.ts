import { describe, expect, it } from 'vitest';
import {
  notificationIdSchema,
  notificationsQuerySchema,
  unsubscribeTokenSchema,
} from './notification.schemas.ts';
import {
  badgeText,
  DEADLINE_MAIL_KINDS,
  dueDeadlineMail,
  formatRelativeTime,
  GOAL_ALERT_KINDS,
  goalAlertKind,
  goalAlertMessage,
  goalAlertTitle,
  wantsGoalAlert,
} from './notification-rules.ts';

const now = new Date('2026-11-24T15:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relative time', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [MINUTE, '1 minute ago'],
    [59 * MINUTE, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [6 * DAY + 23 * HOUR, '6 days ago'],
  ])('%i ms ago reads "%s"', (ms, expected) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(expected);
  });

  it('gives the date from a week on, in the reader’s time zone', () => {
    expect(formatRelativeTime(ago(7 * DAY), now, 'UTC')).toBe('17 Nov 2026');
    expect(formatRelativeTime(new Date('2026-01-31T23:30:00Z'), now, 'Asia/Tokyo')).toBe('1 Feb 2026');
  });

  it('reads a time a little in the future (clocks disagree) as just now', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe('Just now');
  });
});

describe('goal alerts', () => {
  const facts = { scorer: 'Saka', club: 'Arsenal' };

  it('says what the goal did, the most important thing first', () => {
    const kind = (totalBefore: number, totalAfter: number, zeroBefore = 0, zeroAfter = 0) =>
      goalAlertKind({ totalBefore, totalAfter, picksOnZeroBefore: zeroBefore, picksOnZeroAfter: zeroAfter });
    expect(kind(16, 17)).toBe('scored');
    expect(kind(21, 22)).toBe('bust');
    // A squad already bust is not bust again.
    expect(kind(22, 23)).toBe('scored');
    expect(kind(20, 21)).toBe('hit_21');
    expect(kind(20, 21, 1, 0)).toBe('hit_21');
    expect(kind(14, 15, 1, 0)).toBe('off_zero');
    expect(kind(21, 22, 1, 0)).toBe('bust');
    expect(kind(14, 15, 2, 1)).toBe('scored');
  });

  it('words each kind with the total', () => {
    expect(goalAlertMessage({ ...facts, kind: 'scored', total: 17 })).toBe(
      "Saka scored for Arsenal: you're on 17 of 21",
    );
    expect(goalAlertMessage({ ...facts, kind: 'bust', total: 22 })).toContain('bust');
    expect(goalAlertMessage({ ...facts, kind: 'hit_21', total: 21 })).toContain('exactly 21');
    expect(goalAlertMessage({ ...facts, kind: 'off_zero', total: 9 })).toContain('all 4 of your players');
    expect(goalAlertMessage({ ...facts, kind: 'correction', total: 16 })).toBe(
      "A goal by Saka for Arsenal was taken away: you're back on 16 of 21",
    );
    for (const kind of GOAL_ALERT_KINDS) expect(goalAlertTitle({ ...facts, kind, total: 1 })).not.toBe('');
  });

  it('follows the player’s choice', () => {
    expect(GOAL_ALERT_KINDS.every((kind) => wantsGoalAlert('all', kind))).toBe(true);
    expect(GOAL_ALERT_KINDS.some((kind) => wantsGoalAlert('none', kind))).toBe(false);
    expect(GOAL_ALERT_KINDS.filter((kind) => wantsGoalAlert('milestones', kind))).toEqual([
      'bust',
      'hit_21',
      'off_zero',
    ]);
  });
});

describe('deadline e-mails', () => {
  const deadline = new Date('2025-08-15T17:30:00Z');
  const at = (msBeforeDeadline: number) => new Date(deadline.getTime() - msBeforeDeadline);

  it('are due one at a time, each until the next starts', () => {
    expect(dueDeadlineMail(deadline, at(48 * HOUR + 1))).toBeUndefined();
    expect(dueDeadlineMail(deadline, at(48 * HOUR))).toBe('reminder_48h');
    expect(dueDeadlineMail(deadline, at(2 * HOUR + 1))).toBe('reminder_48h');
    expect(dueDeadlineMail(deadline, at(2 * HOUR))).toBe('reminder_2h');
    expect(dueDeadlineMail(deadline, at(1))).toBe('reminder_2h');
    expect(dueDeadlineMail(deadline, at(0))).toBe('picks_locked');
    expect(dueDeadlineMail(deadline, at(-7 * DAY))).toBe('picks_locked');
    expect(dueDeadlineMail(deadline, at(-7 * DAY - 1))).toBeUndefined();
    expect(DEADLINE_MAIL_KINDS).toHaveLength(3);
  });
});

describe('contract', () => {
  it('caps badges', () => {
    expect(badgeText(99, 99)).toBe('99');
    expect(badgeText(100, 99)).toBe('99+');
    expect(badgeText(10, 9)).toBe('9+');
  });

  it('bounds every input', () => {
    expect(notificationIdSchema.safeParse('0').success).toBe(false);
    expect(notificationIdSchema.safeParse('12').success).toBe(true);
    expect(notificationIdSchema.safeParse('1'.repeat(19)).success).toBe(false);
    expect(notificationsQuerySchema.parse({})).toEqual({ tab: 'unread', limit: 20 });
    expect(notificationsQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(notificationsQuerySchema.safeParse({ tab: 'all' }).success).toBe(false);
    expect(unsubscribeTokenSchema.safeParse('short').success).toBe(false);
    expect(unsubscribeTokenSchema.safeParse(`${'a'.repeat(20)}<script>`).success).toBe(false);
  });
});
