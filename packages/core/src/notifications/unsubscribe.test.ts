import { describe, expect, it } from 'vitest';
import { maskEmail } from './unsubscribe.ts';

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
