import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  it.each([
    [0, 'players'],
    [1, 'player'],
    [2, 'players'],
    [609, 'players'],
  ])('%i %s', (count, noun) => {
    expect(plural(count, 'player')).toBe(noun);
  });

  it('takes an irregular plural', () => {
    expect(plural(1, 'match', 'matches')).toBe('match');
    expect(plural(3, 'match', 'matches')).toBe('matches');
  });
});
