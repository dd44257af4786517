import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { squadStatus } from '../squads/squad-rules.ts';
import { coinTossKey, compareRankingEntries, type RankingEntry } from './ranking-order.ts';
import { type CountedScorer, changedScorers } from './scorer-changes.ts';
import {
  compareKeyBytes,
  compareStableKeys,
  goalCodes,
  goalDatesKey,
  STABLE_KEY,
  seasonOrigin,
  stableBucket,
  stableRankingKey,
} from './stable-key.ts';

const SEASON = '2025-26';
const ORIGIN = seasonOrigin(SEASON);
const MINUTE = 60_000;

/** A random season: footballers' goals (kick-off minutes, some shared) and squads of up to four of them. */
const seasonArbitrary = fc
  .record({
    // Room after the latest kick-off for one more, 90 minutes later.
    kickoffs: fc.uniqueArray(fc.integer({ min: 0, max: STABLE_KEY.latestMinute - 90 }), {
      minLength: 1,
      maxLength: 12,
    }),
    footballers: fc.array(fc.array(fc.nat(), { maxLength: 8 }), { minLength: 4, maxLength: 9 }),
    squads: fc.array(fc.uniqueArray(fc.nat(), { maxLength: 4 }), { minLength: 1, maxLength: 40 }),
    isSeasonOver: fc.boolean(),
  })
  .map(({ kickoffs, footballers, squads, isSeasonOver }) => ({
    goals: footballers.map((picks) =>
      picks.map((pick) => ORIGIN + (kickoffs[pick % kickoffs.length] ?? 0) * MINUTE),
    ),
    squads: squads.map((picks) => [...new Set(picks.map((pick) => pick % footballers.length))]),
    isSeasonOver,
  }));

type Season = { goals: number[][]; squads: number[][]; isSeasonOver: boolean };

function entriesOf(season: Season): RankingEntry[] {
  return season.squads.map((picks, index) => {
    const pickGoals = picks.map((pick) => season.goals[pick]?.length ?? 0);
    return {
      userId: `user-${index}`,
      memberNumber: index + 1,
      status: squadStatus(pickGoals, { isSeasonOver: season.isSeasonOver }),
      totalGoals: pickGoals.reduce((sum, goals) => sum + goals, 0),
      goalTimesDescending: picks.flatMap((pick) => season.goals[pick] ?? []).sort((a, b) => b - a),
    };
  });
}

const stored = (entry: RankingEntry) => ({
  ...stableRankingKey(entry, ORIGIN),
  coinToss: coinTossKey(SEASON, entry.userId),
  memberNumber: entry.memberNumber,
  userId: entry.userId,
});

describe('stableRankingKey', () => {
  it('orders every random season as compareRankingEntries does', () => {
    fc.assert(
      fc.property(seasonArbitrary, (season) => {
        const entries = entriesOf(season);
        const byRules = [...entries].sort((a, b) => compareRankingEntries(a, b, SEASON)).map((e) => e.userId);
        const byKey = entries
          .map(stored)
          .sort(compareStableKeys)
          .map((e) => e.userId);
        expect(byKey).toEqual(byRules);
      }),
    );
  });

  it('orders any two entries as compareRankingEntries does, even goal lists of different lengths', () => {
    const entry = fc.record({
      userId: fc.uuid(),
      memberNumber: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      status: fc.constantFrom('safe', 'going_bust', 'bust' as const),
      totalGoals: fc.integer({ min: 0, max: 40 }),
      goalTimesDescending: fc
        .array(fc.integer({ min: 0, max: STABLE_KEY.latestMinute }), { maxLength: 6 })
        .map((minutes) => minutes.map((minute) => ORIGIN + minute * MINUTE).sort((a, b) => b - a)),
    });
    fc.assert(
      fc.property(entry, entry, (a, b) => {
        expect(Math.sign(compareStableKeys(stored(a), stored(b)))).toBe(
          Math.sign(compareRankingEntries(a, b, SEASON)),
        );
      }),
    );
  });

  it('ranks a goal list above its own prefix when everything before the goal dates is equal', () => {
    const minutes = fc.array(fc.integer({ min: 0, max: STABLE_KEY.latestMinute }), { maxLength: 6 });
    fc.assert(
      fc.property(minutes, minutes, fc.uuid(), fc.uuid(), (shared, extra, userA, userB) => {
        const times = [...shared, ...extra].map((minute) => ORIGIN + minute * MINUTE).sort((a, b) => b - a);
        const base = { status: 'going_bust' as const, totalGoals: 9 };
        const longer = { ...base, userId: userA, memberNumber: 2, goalTimesDescending: times };
        const prefix = {
          ...base,
          userId: userB,
          memberNumber: 1,
          goalTimesDescending: times.slice(0, shared.length),
        };
        expect(Math.sign(compareStableKeys(stored(longer), stored(prefix)))).toBe(
          Math.sign(compareRankingEntries(longer, prefix, SEASON)),
        );
      }),
    );
  });

  it("changes exactly the scorer's pickers' keys when a goal counts, at a new latest kick-off or any other", () => {
    fc.assert(
      fc.property(
        seasonArbitrary,
        fc.nat(),
        fc.option(fc.nat({ max: STABLE_KEY.latestMinute })),
        (season, pick, at) => {
          const scorer = pick % season.goals.length;
          const latest = Math.max(ORIGIN, ...season.goals.flat());
          const kickoff = at === null ? latest + 90 * MINUTE : ORIGIN + at * MINUTE;
          const after = {
            ...season,
            goals: season.goals.map((goals, index) => (index === scorer ? [...goals, kickoff] : goals)),
          };
          const before = entriesOf(season).map(stored);
          const changed = entriesOf(after)
            .map(stored)
            .filter((key, index) => compareStableKeys(key, before[index] ?? key) !== 0)
            .map((key) => key.userId);
          const pickers = season.squads.flatMap((picks, index) =>
            picks.includes(scorer) ? [`user-${index}`] : [],
          );
          expect(changed).toEqual(pickers);
        },
      ),
    );
  });
});

describe('goalDatesKey', () => {
  it('writes the codes goalCodes answers, sorted ascending, whatever order the goals come in', () => {
    const times = fc
      .array(fc.integer({ min: 0, max: STABLE_KEY.latestMinute }), { maxLength: 8 })
      .map((minutes) => minutes.map((minute) => ORIGIN + minute * MINUTE));
    fc.assert(
      fc.property(times, (goalTimes) => {
        const key = goalDatesKey(
          [...goalTimes].sort((a, b) => b - a),
          ORIGIN,
        );
        const hex = [...key.subarray(0, -1)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
        const written = (hex.match(/.{6}/g) ?? []).map(Number);
        const codes = goalCodes(goalTimes, ORIGIN);
        expect(codes).toEqual([...codes].sort((a, b) => a - b));
        expect(codes).toEqual(written);
        expect(key.at(-1)).toBe(STABLE_KEY.terminator);
      }),
    );
  });

  it('writes each goal as six decimal digits two to a byte, latest first, then the terminator', () => {
    const key = goalDatesKey([ORIGIN + 471_001 * MINUTE, ORIGIN], ORIGIN);
    expect([...key]).toEqual([0x52, 0x89, 0x98, 0x99, 0x99, 0x99, 0xff]);
    expect([...goalDatesKey([], ORIGIN)]).toEqual([0xff]);
  });

  it('refuses kick-offs before the origin, past its last minute or between whole minutes', () => {
    expect(() => goalDatesKey([ORIGIN - MINUTE], ORIGIN)).toThrow(RangeError);
    expect(() => goalDatesKey([ORIGIN + (STABLE_KEY.latestMinute + 1) * MINUTE], ORIGIN)).toThrow(RangeError);
    expect(() => goalDatesKey([ORIGIN + 1_000], ORIGIN)).toThrow(RangeError);
  });

  it('counts a season from 1 July of the year it starts', () => {
    expect(new Date(seasonOrigin('2025-26')).toISOString()).toBe('2025-07-01T00:00:00.000Z');
    expect(() => seasonOrigin('next')).toThrow(RangeError);
  });
});

describe('stableBucket', () => {
  it('puts safe before going bust before bust, more goals first except among the bust', () => {
    expect(stableBucket({ status: 'safe', totalGoals: 21 })).toBeLessThan(
      stableBucket({ status: 'safe', totalGoals: 4 }),
    );
    expect(stableBucket({ status: 'safe', totalGoals: 4 })).toBeLessThan(
      stableBucket({ status: 'going_bust', totalGoals: 20 }),
    );
    expect(stableBucket({ status: 'bust', totalGoals: 22 })).toBeLessThan(
      stableBucket({ status: 'bust', totalGoals: 30 }),
    );
    expect(() => stableBucket({ status: 'bust', totalGoals: STABLE_KEY.goalsOffset })).toThrow(RangeError);
  });

  it('compares bytes as PostgreSQL compares bytea: unsigned, a shorter prefix first', () => {
    expect(compareKeyBytes(Uint8Array.of(0x10), Uint8Array.of(0xf0))).toBeLessThan(0);
    expect(compareKeyBytes(Uint8Array.of(1, 2), Uint8Array.of(1, 2, 0))).toBeLessThan(0);
    expect(compareKeyBytes(Uint8Array.of(3), Uint8Array.of(3))).toBe(0);
  });
});

describe('changedScorers', () => {
  const scorers = (goals: readonly number[][]): CountedScorer[] =>
    goals.flatMap((times, index) =>
      times.length > 0 ? [[`f${index}`, [...times].sort((a, b) => a - b)]] : [],
    );

  it("names every footballer whose goals differ, and no one else's pickers get a new key", () => {
    fc.assert(
      fc.property(seasonArbitrary, fc.array(fc.option(fc.nat({ max: 200 }))), (season, edits) => {
        // Each footballer keeps his goals (null), or has them replaced by a few at the season's first kick-offs.
        const goals = season.goals.map((times, index) => {
          const edit = edits[index];
          if (edit === undefined || edit === null) return times;
          return Array.from({ length: edit % 4 }, (_, goal) => ORIGIN + ((edit + goal) % 3) * 90 * MINUTE);
        });
        const after = { ...season, goals };
        const changed = changedScorers(scorers(season.goals), scorers(goals));
        const sorted = (times: readonly number[]) => [...times].sort((a, b) => a - b).join();
        expect(changed.sort()).toEqual(
          goals
            .flatMap((times, index) =>
              sorted(times) === sorted(season.goals[index] ?? []) ? [] : [`f${index}`],
            )
            .sort(),
        );
        const keysBefore = entriesOf(season).map(stored);
        for (const [index, key] of entriesOf(after).map(stored).entries()) {
          const picks = season.squads[index] ?? [];
          if (picks.some((pick) => changed.includes(`f${pick}`))) continue;
          expect(compareStableKeys(key, keysBefore[index] ?? key)).toBe(0);
        }
      }),
    );
  });
});
