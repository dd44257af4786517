import { describe, expect, it } from 'vitest';
import { leagueCodeError, typedLeagueCode } from './join-league-code.ts';

describe('the join code field', () => {
  it('trims, upper-cases and keeps 8 characters', () => {
    expect(typedLeagueCode('  abcd1234  ')).toBe('ABCD1234');
    expect(typedLeagueCode('abcd12345')).toBe('ABCD1234');
    expect(typedLeagueCode('ab')).toBe('AB');
  });

  it('asks for a code when empty', () => {
    expect(leagueCodeError('   ')).toBe('Please enter a league code');
    expect(leagueCodeError('AB')).toBeUndefined();
  });
});
