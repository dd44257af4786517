import { describe, expect, it } from 'vitest';
import { MARKETING_EMAILS_SWITCH, maskEmail, UNSUBSCRIBE_MESSAGES } from './unsubscribe.ts';

describe('the way back to the reminders', () => {
  it('names the Settings switch, whose hint says it carries the deadline reminders', () => {
    expect(UNSUBSCRIBE_MESSAGES.unsubscribed).toBe(
      'You can turn them back on with the Marketing Emails switch in Settings at any time.',
    );
    expect(UNSUBSCRIBE_MESSAGES.invalidLink).toContain('switch off Marketing Emails in Settings');
    expect(MARKETING_EMAILS_SWITCH.hint).toContain('deadline reminders');
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('jordan.fan@example.com')).toBe('j•••@example.com');
    expect(maskEmail('a@b.co')).toBe('a•••@b.co');
  });
  it('hides an address without a local part whole', () => {
    expect(maskEmail('@example.com')).toBe('•••');
    expect(maskEmail('nobody')).toBe('•••');
  });
});
