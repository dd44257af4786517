import { describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, analyticsEventInputSchema } from './analytics.schemas.ts';

const event = (properties: Record<string, unknown>) => ({ name: 'faq_toggle', path: '/', properties });

describe('an analytics event', () => {
  it('accepts the events the product sends', () => {
    expect(
      analyticsEventInputSchema.safeParse(
        event({ category: 'User Registration', method: 'email', marketing_opt_in: true, playerCount: 4 }),
      ).success,
    ).toBe(true);
    expect(analyticsEventInputSchema.safeParse({ name: 'page_view', path: '/dashboard' }).success).toBe(true);
  });

  it.each([
    [
      '4,000 properties',
      event(Object.fromEntries(Array.from({ length: 4000 }, (_, index) => [`p${index}`, 1]))),
    ],
    ['17 properties', event(Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`p${index}`, 1])))],
    ['a 41-character property name', event({ [`p${'x'.repeat(40)}`]: 1 })],
    ['a property name with spaces', event({ 'two words': 1 })],
    ['a 257-character value', event({ question: 'x'.repeat(257) })],
    // 10 values of 250 characters: each within bounds, together over 2 KB.
    [
      'properties over 2 KB together',
      event(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, 'x'.repeat(250)]))),
    ],
    ['an object value', event({ nested: { deep: true } })],
    ['an array value', event({ list: [1, 2] })],
    ['a 513-character path', { name: 'page_view', path: `/${'x'.repeat(512)}` }],
  ])('refuses %s', (_case, input) => {
    expect(analyticsEventInputSchema.safeParse(input).success).toBe(false);
  });

  it('bounds the stored properties to a couple of kilobytes', () => {
    expect(ANALYTICS_LIMITS.propertiesBytes).toBeLessThanOrEqual(ANALYTICS_LIMITS.bodyBytes);
  });
});
