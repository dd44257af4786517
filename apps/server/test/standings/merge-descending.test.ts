import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeDescending } from '../../src/plugins/app/standings/compute-standings.ts';

describe('mergeDescending', () => {
  it('merges lists sorted most recent first into one such list, keeping every time', () => {
    const sortedList = fc.array(fc.integer({ min: 0, max: 1_000 })).map((list) => list.sort((a, b) => b - a));
    fc.assert(
      fc.property(fc.array(sortedList, { maxLength: 4 }), (lists) => {
        expect(mergeDescending(lists)).toEqual(lists.flat().sort((a, b) => b - a));
      }),
    );
  });
});
