import { describe, expect, it } from 'vitest';
import { type CountSentence, waitlistCountSentence } from './waitlist-count-text.ts';

const read = ({ before, count, after }: CountSentence) => `${before}${count ?? ''}${after}`;

describe('waitlistCountSentence', () => {
  it('shows the real count before joining', () => {
    expect(read(waitlistCountSentence(3, false))).toBe('Join 3 fans already on the waitlist');
    expect(read(waitlistCountSentence(1, false))).toBe('Join 1 fan already on the waitlist');
    expect(read(waitlistCountSentence(0, false))).toBe('Be the first fan on the waitlist');
  });

  it('shows the same count, one higher, after joining: it never drops', () => {
    const before = waitlistCountSentence(3, false).count;
    const after = waitlistCountSentence(4, true).count;
    expect(before).toBe(3);
    expect(after).toBe(4);
    expect(read(waitlistCountSentence(4, true))).toBe('4 fans are on the waitlist');
    expect(read(waitlistCountSentence(1, true))).toBe('1 fan is on the waitlist');
  });

  it('shows no figure when the count cannot be loaded', () => {
    expect(waitlistCountSentence(null, false)).toEqual({
      before: 'Join the fans on the waitlist',
      count: null,
      after: '',
    });
  });
});
