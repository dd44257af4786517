import { describe, expect, it } from 'vitest';
import type { RankedWith } from '../../../../src/db/schema/index.ts';
import { lateGoalChange } from '../../../../src/plugins/app/standings/ranking-inputs.ts';

/*
 * Which scorers' pickers a board must rank again when goals are added after it (the merge in
 * late-goals-merge-repository.ts): the limbs do not matter here, only the goals' kick-off times.
 */

const KICKOFF = { early: 1_000, saturday: 2_000, saturdayLate: 3_000, sunday: 4_000 };

function ranked(scorers: Record<string, number[]>, isSeasonOver = false): RankedWith {
  return {
    limbCount: 1,
    isSeasonOver,
    scorers: Object.entries(scorers).map(([playerId, times]) => [playerId, times.length, ['0'], times]),
  };
}

describe('lateGoalChange', () => {
  const before = ranked({
    veteran: [KICKOFF.early],
    placedLive: [KICKOFF.early, KICKOFF.saturday],
    quiet: [KICKOFF.early],
  });

  it('names every footballer with a goal at or after the earliest added kick-off', () => {
    const after = ranked({
      veteran: [KICKOFF.early],
      // Already counted at Saturday's kick-off: his pickers share it with the new goals' pickers.
      placedLive: [KICKOFF.early, KICKOFF.saturday],
      quiet: [KICKOFF.early, KICKOFF.saturday],
      debut: [KICKOFF.sunday, KICKOFF.sunday],
    });
    expect(lateGoalChange(before, after)?.lateScorers.sort()).toEqual(['debut', 'placedLive', 'quiet']);
  });

  it('leaves out scorers whose goals all came before the added ones', () => {
    const after = ranked({
      veteran: [KICKOFF.early],
      placedLive: [KICKOFF.early, KICKOFF.saturday],
      quiet: [KICKOFF.early],
      debut: [KICKOFF.saturdayLate],
    });
    expect(lateGoalChange(before, after)?.lateScorers).toEqual(['debut']);
  });

  it('declines a goal taken away or moved, the season ending, or no change', () => {
    expect(
      lateGoalChange(
        before,
        ranked({ veteran: [KICKOFF.early], placedLive: [KICKOFF.early], quiet: [KICKOFF.early] }),
      ),
    ).toBeUndefined();
    expect(
      lateGoalChange(
        before,
        ranked({
          veteran: [KICKOFF.sunday],
          placedLive: [KICKOFF.early, KICKOFF.saturday],
          quiet: [KICKOFF.early],
        }),
      ),
    ).toBeUndefined();
    expect(
      lateGoalChange(
        before,
        ranked(
          {
            ...Object.fromEntries(before.scorers.map(([id, , , times]) => [id, times ?? []])),
            late: [KICKOFF.sunday],
          },
          true,
        ),
      ),
    ).toBeUndefined();
    expect(lateGoalChange(before, before)).toBeUndefined();
  });

  it('declines a board that did not keep its goal times', () => {
    const withoutTimes: RankedWith = {
      ...before,
      scorers: before.scorers.map(([id, goals, limbs]) => [id, goals, limbs]),
    };
    expect(lateGoalChange(withoutTimes, ranked({ debut: [KICKOFF.sunday] }))).toBeUndefined();
  });
});
