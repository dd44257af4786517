import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinTossKey, compareRankingEntries, type RankingEntry, rankEntries } from './ranking-order.ts';

const SEASON = '2025-26';

const entryArbitrary = fc
  .record({
    userId: fc.uuid(),
    memberNumber: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    status: fc.constantFrom('safe', 'going_bust', 'bust' as const),
    totalGoals: fc.integer({ min: 0, max: 40 }),
    goalTimes: fc.array(fc.integer({ min: 1_755_000_000_000, max: 1_780_000_000_000 }), { maxLength: 6 }),
  })
  .map(
    ({ goalTimes, ...rest }): RankingEntry => ({
      ...rest,
      goalTimesDescending: [...goalTimes].sort((a, b) => b - a),
    }),
  );

const compare = (a: RankingEntry, b: RankingEntry) => compareRankingEntries(a, b, SEASON);

describe('compareRankingEntries', () => {
  it('is a total order: antisymmetric, transitive, zero only for the same member number', () => {
    fc.assert(
      fc.property(entryArbitrary, entryArbitrary, entryArbitrary, (a, b, c) => {
        expect(Math.sign(compare(a, b))).toBe(-Math.sign(compare(b, a)) || 0);
        if (a.memberNumber !== b.memberNumber) expect(compare(a, b)).not.toBe(0);
        if (compare(a, b) < 0 && compare(b, c) < 0) expect(compare(a, c)).toBeLessThan(0);
      }),
    );
  });

  it('puts safe before going bust before bust', () => {
    const rank = { safe: 0, going_bust: 1, bust: 2 };
    fc.assert(
      fc.property(entryArbitrary, entryArbitrary, (a, b) => {
        if (rank[a.status] < rank[b.status]) expect(compare(a, b)).toBeLessThan(0);
      }),
    );
  });

  it('ranks more goals first, except among the bust where fewer rank first', () => {
    fc.assert(
      fc.property(entryArbitrary, entryArbitrary, (a, b) => {
        const same = { ...b, status: a.status };
        if (a.totalGoals === same.totalGoals) return;
        const aFirst = a.status === 'bust' ? a.totalGoals < same.totalGoals : a.totalGoals > same.totalGoals;
        expect(compare(a, same) < 0).toBe(aFirst);
      }),
    );
  });

  it('breaks a tie on the most recent goal, then the next, before any coin toss', () => {
    const base = { status: 'safe' as const, totalGoals: 12, memberNumber: 1 };
    const later = { ...base, userId: 'a', goalTimesDescending: [300, 100] };
    const earlier = { ...base, userId: 'b', goalTimesDescending: [200, 150] };
    expect(compare(later, earlier)).toBeLessThan(0);
    const nextDecides = { ...base, userId: 'c', goalTimesDescending: [300, 120] };
    expect(compare(nextDecides, later)).toBeLessThan(0);
    const oneMoreGoal = { ...base, userId: 'd', goalTimesDescending: [300, 100, 50] };
    expect(compare(oneMoreGoal, later)).toBeLessThan(0);
  });

  it('applies the goal-date tie-break before the coin toss, whoever the users are', () => {
    fc.assert(
      fc.property(entryArbitrary, entryArbitrary, fc.uuid(), fc.uuid(), (a, b, otherA, otherB) => {
        const tied = { ...b, status: a.status, totalGoals: a.totalGoals };
        if (a.goalTimesDescending.join() === tied.goalTimesDescending.join()) return;
        const renamed = compare({ ...a, userId: otherA }, { ...tied, userId: otherB });
        expect(Math.sign(renamed)).toBe(Math.sign(compare(a, tied)));
      }),
    );
  });

  it('orders the same with a coin toss computed once per entry', () => {
    fc.assert(
      fc.property(entryArbitrary, entryArbitrary, (a, b) => {
        const withToss = (entry: RankingEntry) => ({ ...entry, coinToss: coinTossKey(SEASON, entry.userId) });
        expect(Math.sign(compare(withToss(a), withToss(b)))).toBe(Math.sign(compare(a, b)));
      }),
    );
  });

  it('settles identical picks with a coin toss that never changes between runs', () => {
    const twin = (userId: string): RankingEntry => ({
      userId,
      memberNumber: userId === 'user-a' ? 2 : 1,
      status: 'going_bust',
      totalGoals: 8,
      goalTimesDescending: [500, 400],
    });
    const a = twin('user-a');
    const b = twin('user-b');
    const expected = coinTossKey(SEASON, 'user-a') < coinTossKey(SEASON, 'user-b') ? -1 : 1;
    expect(Math.sign(compare(a, b))).toBe(expected);
    expect(coinTossKey(SEASON, 'user-a')).toBe(coinTossKey(SEASON, 'user-a'));
    expect(coinTossKey('2026-27', 'user-a')).not.toBe(coinTossKey(SEASON, 'user-a'));
  });

  it('settles an equal coin toss by the member number, the earlier first', () => {
    const tossed = (userId: string, memberNumber: number): RankingEntry => ({
      userId,
      memberNumber,
      status: 'safe',
      totalGoals: 21,
      goalTimesDescending: [500],
      coinToss: 7,
    });
    expect(compare(tossed('z', 3), tossed('a', 40))).toBeLessThan(0);
    expect(compare(tossed('a', 40), tossed('z', 3))).toBeGreaterThan(0);
  });
});

describe('rankEntries', () => {
  it('numbers 1, 2, 3, ... with no shared ranks, whatever the input order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(entryArbitrary, { selector: (entry) => entry.memberNumber, maxLength: 30 }),
        (entries) => {
          const ranked = rankEntries(entries, SEASON);
          expect(ranked.map((entry) => entry.rank)).toEqual(entries.map((_, index) => index + 1));
          const reversed = rankEntries([...entries].reverse(), SEASON);
          expect(reversed.map((entry) => entry.userId)).toEqual(ranked.map((entry) => entry.userId));
        },
      ),
    );
  });

  it('is deterministic: the same players in any order rank the same, run after run', () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(entryArbitrary, { selector: (entry) => entry.memberNumber, maxLength: 30 })
          .chain((entries) =>
            fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length })),
          ),
        ([entries, shuffled]) => {
          const ids = (list: readonly RankingEntry[]) =>
            rankEntries(list, SEASON).map((entry) => entry.userId);
          expect(ids(shuffled)).toEqual(ids(entries));
          expect(ids(entries)).toEqual(ids(entries));
        },
      ),
    );
  });
});

describe('coinTossKey', () => {
  it('is the first 32 bits of the MD5 of season:user, as a database computes it', () => {
    // md5('2025-26:user-a') starts 5a659135, and so on (UTF-8, as PostgreSQL's md5() reads text).
    expect(coinTossKey(SEASON, 'user-a')).toBe(0x5a659135);
    expect(coinTossKey(SEASON, 'bench-1')).toBe(0x8a102c40);
    expect(coinTossKey(SEASON, 'x8Rz0bQk2mWv7LpE9sTa3cYd')).toBe(0x30abc0ca);
    expect(coinTossKey(SEASON, 'é-ü')).toBe(0x58f3974e);
  });
});
