import { describe, expect, it } from 'vitest';
import { positionFromFplElementType } from './positions.ts';

describe('positionFromFplElementType', () => {
  it('maps FPL element types 1 to 4', () => {
    expect([1, 2, 3, 4].map(positionFromFplElementType)).toEqual([
      'goalkeeper',
      'defender',
      'midfielder',
      'forward',
    ]);
  });

  it('knows no other type', () => {
    expect(positionFromFplElementType(0)).toBeUndefined();
    expect(positionFromFplElementType(5)).toBeUndefined();
  });
});
