import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryStatus, scorelessPicks, squadStatus } from '../squads/squad-rules.ts';
import { type CountedScorer, changedScorers, rekeyedEntry, scorerChanges } from './scorer-changes.ts';
import { goalCodes, seasonOrigin } from './stable-key.ts';

const ORIGIN = seasonOrigin('2025-26');
const MINUTE = 60_000;

/** Footballer `f{index}`'s goals as a board counts them (kick-off times, ascending). */
const scorers = (goals: readonly (readonly number[])[]): CountedScorer[] =>
  goals.flatMap((times, index) =>
    times.length > 0 ? [[`f${index}`, [...times].sort((a, b) => a - b)]] : [],
  );

describe('changedScorers', () => {
  const [early, saturday, sunday] = [1_000, 2_000, 3_000];
  const before = scorers([[early], [early, saturday], [saturday]]);

  it('names a goal added, a first scorer, a goal taken away, one moved, and nobody when nothing changed', () => {
    expect(changedScorers(before, before)).toEqual([]);
    expect(
      changedScorers(before, scorers([[early], [early, saturday, sunday], [saturday], [sunday]])),
    ).toEqual(['f1', 'f3']);
    expect(changedScorers(before, scorers([[early], [early]]))).toEqual(['f1', 'f2']);
    expect(changedScorers(before, scorers([[early], [early, sunday], [saturday]]))).toEqual(['f1']);
    expect(changedScorers(before, scorers([[early, early], [early, saturday], [saturday]]))).toEqual(['f0']);
  });
});

describe('scorerChanges', () => {
  const at = (...minutes: number[]) => minutes.map((minute) => ORIGIN + minute * MINUTE);

  it("gives a first goal, a goal taken away and a goal moved to another kick-off as their pickers' change", () => {
    const before = scorers([at(90), at(90, 300), []]);
    const after = scorers([at(400), at(90), at(300)]);
    expect(scorerChanges(before, after, ORIGIN)).toEqual([
      {
        playerId: 'f0',
        goals: 0,
        scoreless: 0,
        added: goalCodes(at(400), ORIGIN),
        removed: goalCodes(at(90), ORIGIN),
      },
      { playerId: 'f1', goals: -1, scoreless: 0, added: [], removed: goalCodes(at(300), ORIGIN) },
      { playerId: 'f2', goals: 1, scoreless: -1, added: goalCodes(at(300), ORIGIN), removed: [] },
    ]);
    expect(scorerChanges(after, scorers([[], at(90), at(300)]), ORIGIN)[0]).toMatchObject({
      goals: -1,
      scoreless: 1,
    });
  });

  it("re-keys every picker's stored entry to the one scored from scratch, whatever changed", () => {
    // Goals at a few kick-offs, so pickers' codes repeat; each footballer's goals kept or replaced.
    const goals = fc.array(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 4 }), {
      minLength: 4,
      maxLength: 8,
    });
    const season = fc.record({
      before: goals,
      after: goals,
      squads: fc.array(fc.uniqueArray(fc.nat({ max: 7 }), { maxLength: 4 }), { minLength: 1, maxLength: 20 }),
      isSeasonOver: fc.boolean(),
    });
    fc.assert(
      fc.property(season, ({ before, after, squads, isSeasonOver }) => {
        const timesOf = (slots: number[][]) =>
          slots.map((kickoffs) => at(...kickoffs.map((slot) => slot * 1_440)));
        const [was, now] = [timesOf(before), timesOf(after)];
        const changes = scorerChanges(scorers(was), scorers(now), ORIGIN);
        for (const picks of squads) {
          const entryOf = (times: number[][]) => {
            const pickGoals = picks.map((pick) => times[pick]?.length ?? 0);
            const entry = {
              totalGoals: pickGoals.reduce((sum, count) => sum + count, 0),
              scoreless: scorelessPicks(pickGoals),
              codes: goalCodes(
                picks.flatMap((pick) => times[pick] ?? []),
                ORIGIN,
              ),
            };
            return { entry, status: squadStatus(pickGoals, { isSeasonOver }) };
          };
          const picked = changes.filter((change) => picks.includes(Number(change.playerId.slice(1))));
          const rekeyed = rekeyedEntry(entryOf(was).entry, picked);
          expect(rekeyed).toEqual(entryOf(now).entry);
          expect(entryStatus(rekeyed, { isSeasonOver })).toBe(entryOf(now).status);
        }
      }),
    );
  });
});
