import { describe, expect, it } from 'vitest';
import type { RankedWith } from '../../../../src/db/schema/index.ts';
import { changedScorers } from '../../../../src/plugins/app/standings/ranking-inputs.ts';

/*
 * The footballers whose pickers a placement moves when the goals that count change: a member's
 * `ord` depends on their own picks' goals alone, so only a scorer whose goal times differ counts.
 */

const KICKOFF = { early: 1_000, saturday: 2_000, sunday: 3_000 };

function ranked(scorers: Record<string, number[]>): RankedWith {
  return { isSeasonOver: false, scorers: Object.entries(scorers) };
}

describe('changedScorers', () => {
  const before = ranked({
    veteran: [KICKOFF.early],
    brace: [KICKOFF.early, KICKOFF.saturday],
    quiet: [KICKOFF.saturday],
  });

  it('names nobody when the goals are the same', () => {
    expect(changedScorers(before, ranked({ ...Object.fromEntries(before.scorers) }))).toEqual([]);
  });

  it('names a scorer with a goal added, and a first-time scorer', () => {
    const after = ranked({
      veteran: [KICKOFF.early],
      brace: [KICKOFF.early, KICKOFF.saturday, KICKOFF.sunday],
      quiet: [KICKOFF.saturday],
      debut: [KICKOFF.sunday],
    });
    expect(changedScorers(before, after).sort()).toEqual(['brace', 'debut']);
  });

  it('names a scorer with a goal removed, and one with no goal left', () => {
    const after = ranked({ veteran: [KICKOFF.early], brace: [KICKOFF.early] });
    expect(changedScorers(before, after).sort()).toEqual(['brace', 'quiet']);
  });

  it('names a scorer whose goal moved to another kick-off, with as many goals as before', () => {
    const after = ranked({
      veteran: [KICKOFF.early],
      brace: [KICKOFF.early, KICKOFF.sunday],
      quiet: [KICKOFF.saturday],
    });
    expect(changedScorers(before, after)).toEqual(['brace']);
  });

  it('tells two goals at one kick-off from one goal there', () => {
    const after = ranked({
      veteran: [KICKOFF.early, KICKOFF.early],
      brace: [KICKOFF.early, KICKOFF.saturday],
      quiet: [KICKOFF.saturday],
    });
    expect(changedScorers(before, after)).toEqual(['veteran']);
    expect(changedScorers(after, before)).toEqual(['veteran']);
  });
});
