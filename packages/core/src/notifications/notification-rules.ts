/*
 * The rules and words of notifications, shared by the server (which stores, removes and
 * streams them) and the screens (which show them). Decision 013 records the choices.
 *
 * Two kinds: a join request in a league the player administers (stored while the request is
 * pending and the league is active), and a goal alert about one of the player's picks.
 */

import { DAY_MS, formatDuration, HOUR_MS, MINUTE_MS } from '../time/duration.ts';

export const NOTIFICATION_TYPES = ['join_request', 'goal'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a goal alert says, most important first: a goal that busts the squad says so, not "scored". */
export const GOAL_ALERT_KINDS = ['bust', 'hit_21', 'off_zero', 'scored', 'correction'] as const;
export type GoalAlertKind = (typeof GOAL_ALERT_KINDS)[number];

/**
 * Which goal alerts a player wants (Settings): every goal by their picks, only the goals that
 * change their game (bust, exactly 21, the last pick off zero), or none. Corrections follow: a
 * player who gets no alert for a kind of goal gets no correction of it either.
 */
export const GOAL_ALERT_PREFERENCES = ['all', 'milestones', 'none'] as const;
export type GoalAlertPreference = (typeof GOAL_ALERT_PREFERENCES)[number];
export const DEFAULT_GOAL_ALERT_PREFERENCE: GoalAlertPreference = 'all';

export const GOAL_ALERT_PREFERENCE_LABELS: Record<GoalAlertPreference, { label: string; hint: string }> = {
  all: { label: 'Every goal', hint: 'An alert each time one of your players scores.' },
  milestones: {
    label: 'Big moments only',
    hint: 'Only a goal that takes you to exactly 21, busts your team, or gets your last player off zero.',
  },
  none: { label: 'No goal alerts', hint: 'Join requests for leagues you run still reach you.' },
};

export function wantsGoalAlert(preference: GoalAlertPreference, kind: GoalAlertKind): boolean {
  if (preference === 'none') return false;
  if (preference === 'all') return true;
  return kind === 'bust' || kind === 'hit_21' || kind === 'off_zero';
}

export const NOTIFICATION_LIMITS = {
  /** Items per page of the dropdown's tabs. */
  defaultPageSize: 20,
  maxPageSize: 50,
  /** Open streams one player may hold on one server instance (tabs and devices); the oldest closes beyond it. */
  streamsPerPlayer: 10,
  /** Header badges. */
  headerBadgeCap: 99,
  membersTabBadgeCap: 9,
  /** A goal counted longer ago than this when the alerts first see it is recorded without an alert. */
  goalAlertFreshnessHours: 48,
  /** A browser notification closes itself after this. */
  browserNotificationMs: 5000,
} as const;

/** "99+" above the cap, else the number. */
export function badgeText(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count);
}

/** The specification's words, used as they are. */
export const NOTIFICATION_MESSAGES = {
  emptyAll: { title: 'No notifications', hint: "You'll see join requests here" },
  emptyUnread: { title: 'No unread notifications', hint: 'All caught up!' },
  emptyRead: { title: 'No read notifications yet' },
  markAllRead: 'Mark all as read',
  clearAll: 'Clear all unread',
  cleared: 'All unread notifications cleared successfully',
  clearFailed: 'Failed to clear notifications. Please try again.',
  navigationError: {
    title: 'Navigation Error',
    description: 'Unable to navigate to league - league information is missing',
  },
  permissionError: {
    title: 'Permission Error',
    description: 'Failed to request notification permission. Please check your browser settings.',
  },
  browserSettingsRequired: {
    title: 'Browser Settings Required',
    denied:
      'Notifications are blocked for Hit21 in this browser. Allow them in your browser settings, then switch them on here.',
    disable:
      'To stop notifications completely, block them for Hit21 in your browser settings. Hit21 has stopped showing them meanwhile.',
  },
  notFound: 'That notification no longer exists',
} as const;

export function joinRequestTitle(): string {
  return 'New join request';
}

export function joinRequestMessage(requesterName: string, leagueName: string): string {
  return `${requesterName} wants to join ${leagueName}`;
}

/**
 * One goal by one of the player's picks, with the player's squad total after it (or, for a
 * correction, after the goal was taken away).
 */
export interface GoalAlertFacts {
  kind: GoalAlertKind;
  /** The scorer's display name, e.g. "Saka". */
  scorer: string;
  /** The club he scored for, e.g. "Arsenal". */
  club: string;
  total: number;
}

/** The most important thing a goal did to a squad: bust, exactly 21, the last pick off zero, else scored. */
export function goalAlertKind(options: {
  totalBefore: number;
  totalAfter: number;
  picksOnZeroBefore: number;
  picksOnZeroAfter: number;
}): Exclude<GoalAlertKind, 'correction'> {
  const { totalBefore, totalAfter, picksOnZeroBefore, picksOnZeroAfter } = options;
  if (totalAfter > 21 && totalBefore <= 21) return 'bust';
  if (totalAfter === 21) return 'hit_21';
  if (picksOnZeroBefore > 0 && picksOnZeroAfter === 0) return 'off_zero';
  return 'scored';
}

export function goalAlertTitle(facts: GoalAlertFacts): string {
  switch (facts.kind) {
    case 'bust':
      return 'Bust!';
    case 'hit_21':
      return 'Exactly 21!';
    case 'off_zero':
      return 'Every player has scored';
    case 'scored':
      return `Goal for ${facts.scorer}`;
    case 'correction':
      return 'Goal taken away';
  }
}

/** "Saka scored for Arsenal: you're on 17 of 21", with what the goal did to the squad. */
export function goalAlertMessage(facts: GoalAlertFacts): string {
  const goal = `${facts.scorer} scored for ${facts.club}`;
  switch (facts.kind) {
    case 'bust':
      return `${goal}: you're on ${facts.total}, over 21. Your team is bust.`;
    case 'hit_21':
      return `${goal}: you're on exactly 21!`;
    case 'off_zero':
      return `${goal}: you're on ${facts.total} of 21, and all 4 of your players have scored.`;
    case 'scored':
      return `${goal}: you're on ${facts.total} of 21`;
    case 'correction':
      return `A goal by ${facts.scorer} for ${facts.club} was taken away: you're back on ${facts.total} of 21`;
  }
}

/** "Just now" under a minute, then minutes, hours (under 24), days (under 7), then the date. */
export function formatRelativeTime(at: Date, now: Date, timeZone?: string): string {
  const ago = Math.max(0, now.getTime() - at.getTime());
  if (ago < MINUTE_MS) return 'Just now';
  if (ago < HOUR_MS) return `${formatDuration(Math.floor(ago / MINUTE_MS), 'minute')} ago`;
  if (ago < DAY_MS) return `${formatDuration(Math.floor(ago / HOUR_MS), 'hour')} ago`;
  if (ago < 7 * DAY_MS) return `${formatDuration(Math.floor(ago / DAY_MS), 'day')} ago`;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(at);
}

/*
 * The e-mails around the pick deadline. Each goes once per player and season; a kind is due
 * from its moment until the next one starts, so an instance that was down catches up late
 * rather than never, and never sends a 48-hour reminder inside the last 2 hours.
 */
export const DEADLINE_MAIL_KINDS = ['reminder_48h', 'reminder_2h', 'picks_locked'] as const;
export type DeadlineMailKind = (typeof DEADLINE_MAIL_KINDS)[number];

/** The receipt is not sent later than this after the deadline (a server down for a week sends none). */
const PICKS_LOCKED_WINDOW_MS = 7 * DAY_MS;

/** The deadline e-mail due at `now`, if any. */
export function dueDeadlineMail(pickDeadline: Date, now: Date): DeadlineMailKind | undefined {
  const untilDeadline = pickDeadline.getTime() - now.getTime();
  if (untilDeadline > 48 * HOUR_MS) return undefined;
  if (untilDeadline > 2 * HOUR_MS) return 'reminder_48h';
  if (untilDeadline > 0) return 'reminder_2h';
  if (-untilDeadline <= PICKS_LOCKED_WINDOW_MS) return 'picks_locked';
  return undefined;
}
