import { describe, expect, it } from 'vitest';
import { handoverNoticeText, manageLinkLabel } from './league-card-text.ts';

describe('league card text', () => {
  it('names the Manage link with the unread join requests its badge shows', () => {
    expect(manageLinkLabel('Sunday Legends', 0)).toBe('Manage Sunday Legends');
    expect(manageLinkLabel('Sunday Legends', 1)).toBe('Manage Sunday Legends: 1 new join request');
    expect(manageLinkLabel('Sunday Legends', 120)).toBe('Manage Sunday Legends: 120 new join requests');
  });

  it('tells the new admin why the league is theirs', () => {
    expect(handoverNoticeText('account_deleted')).toBe(
      'You are now the admin of this league: its previous admin deleted their account.',
    );
    expect(handoverNoticeText('transferred')).toBe(
      'You are now the admin of this league: its previous admin handed it over to you.',
    );
  });
});
