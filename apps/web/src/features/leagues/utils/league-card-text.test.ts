import { describe, expect, it } from 'vitest';
import { handoverNoticeText, pendingBadgeText } from './league-card-text.ts';

describe('league card text', () => {
  it('caps the pending badge at 99+', () => {
    expect(pendingBadgeText(1)).toBe('1');
    expect(pendingBadgeText(99)).toBe('99');
    expect(pendingBadgeText(100)).toBe('99+');
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
