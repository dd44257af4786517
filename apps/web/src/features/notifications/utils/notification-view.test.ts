import { describe, expect, it } from 'vitest';
import { avatarInitial, bellLabel, emptyStateFor, fullDateTime } from './notification-view.ts';

describe('notification view', () => {
  it('says "No notifications" while the player has none at all, on either tab', () => {
    const none = { unreadCount: 0, readCount: 0 };
    for (const tab of ['unread', 'read'] as const) {
      expect(emptyStateFor(tab, none)).toEqual({
        title: 'No notifications',
        hint: "You'll see join requests here",
      });
    }
  });

  it('says what each tab lacks once there is something elsewhere', () => {
    expect(emptyStateFor('unread', { unreadCount: 0, readCount: 2 })).toEqual({
      title: 'No unread notifications',
      hint: 'All caught up!',
    });
    expect(emptyStateFor('read', { unreadCount: 2, readCount: 0 })).toEqual({
      title: 'No read notifications yet',
    });
  });

  it('names the bell with its unread count, capped like its badge', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(1)).toBe('Notifications, 1 unread');
    expect(bellLabel(150)).toBe('Notifications, 99+ unread');
  });

  it('draws the avatar from the first letter of the name', () => {
    expect(avatarInitial('  sam kerr')).toBe('S');
    expect(avatarInitial('Ødegaard')).toBe('Ø');
    expect(avatarInitial('')).toBe('?');
  });

  it('gives the full date behind a relative time', () => {
    // ICU versions differ on the comma after the weekday.
    expect(fullDateTime(new Date('2026-01-05T09:03:00Z'), 'UTC')).toMatch(
      /^Monday,? 5 January 2026 at 09:03$/,
    );
  });
});
