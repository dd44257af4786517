import { describe, expect, it } from 'vitest';
import { createShownNotificationIds } from './shown-notification-ids.ts';

describe('the ids a page has shown', () => {
  it('lets each id through once, whatever comes between', () => {
    const shown = createShownNotificationIds();
    expect(shown.claim('41')).toBe(true);
    expect(shown.claim('42')).toBe(true);
    expect(shown.claim('41')).toBe(false);
    expect(shown.claim('42')).toBe(false);
    expect(shown.claim('43')).toBe(true);
  });

  it('keeps one page apart from another', () => {
    const first = createShownNotificationIds();
    const second = createShownNotificationIds();
    expect(first.claim('7')).toBe(true);
    expect(second.claim('7')).toBe(true);
  });
});
