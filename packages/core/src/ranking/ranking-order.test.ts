import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { squadStatus } from '../squads/squad-rules.ts';
import {
  coinTossKey,
  compareRankingColumns,
  compareRankingEntries,
  goalDateLimbs,
  goalDateVectors,
  RANKING_KEY,
  type RankingColumns,
  type RankingEntry,
  rankEntries,
  rankingColumns,
  rankingKey,
  scoreSquadForRanking,
} from './ranking-order.ts';

const SEASON = '2025-26';

const entryArbitrary = fc
  .record({
    userId: fc.uuid(),
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
  it('is a total order: antisymmetric, transitive, zero only for the same user', () => {
    fc.assert(
      fc.property(entryArbitrary, entryArbitrary, entryArbitrary, (a, b, c) => {
        expect(Math.sign(compare(a, b))).toBe(-Math.sign(compare(b, a)) || 0);
        if (a.userId !== b.userId) expect(compare(a, b)).not.toBe(0);
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
    const base = { status: 'safe' as const, totalGoals: 12 };
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
});

describe('rankEntries', () => {
  it('numbers 1, 2, 3, ... with no shared ranks, whatever the input order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(entryArbitrary, { selector: (entry) => entry.userId, maxLength: 30 }),
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
          .uniqueArray(entryArbitrary, { selector: (entry) => entry.userId, maxLength: 30 })
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

describe('rankingColumns, goalDateVectors and goalDateLimbs', () => {
  /** Kick-off times shared between footballers, as in a real season (several matches at 15:00). */
  const KICKOFFS = [
    1_755_280_800_000, 1_755_352_800_000, 1_755_871_200_000, 1_756_476_000_000, 1_757_080_800_000,
  ];
  const footballersArbitrary = fc.array(fc.array(fc.constantFrom(...KICKOFFS), { maxLength: 7 }), {
    minLength: 1,
    maxLength: 8,
  });
  const squadArbitrary = (footballers: number) =>
    fc.record({
      userId: fc.uuid(),
      picks: fc.uniqueArray(fc.integer({ min: 0, max: footballers - 1 }), { maxLength: 4 }),
    });

  /** The season's goal dates, squads scored by the domain's rules, and their ranking columns. */
  const seasonArbitrary = footballersArbitrary.chain((goalTimes) =>
    fc.record({
      goalTimes: fc.constant(goalTimes),
      isSeasonOver: fc.boolean(),
      squads: fc.uniqueArray(squadArbitrary(goalTimes.length), {
        selector: (squad) => squad.userId,
        maxLength: 30,
      }),
    }),
  );

  function scored({
    goalTimes,
    isSeasonOver,
    squads,
  }: {
    goalTimes: number[][];
    isSeasonOver: boolean;
    squads: { userId: string; picks: number[] }[];
  }) {
    const { limbCount, limbs } = goalDateLimbs(
      new Map(goalTimes.map((times, footballer) => [footballer, times])),
    );
    return squads.map(({ userId, picks }) => {
      const pickTimes = picks.map((footballer) => goalTimes[footballer] ?? []);
      const goalTimesDescending = pickTimes.flat().sort((a, b) => b - a);
      const status = squadStatus(
        pickTimes.map((times) => times.length),
        { isSeasonOver },
      );
      const entry: RankingEntry = {
        userId,
        status,
        totalGoals: goalTimesDescending.length,
        goalTimesDescending,
      };
      return {
        entry,
        columns: rankingColumns(entry, squadLimbs(limbs, picks, limbCount), SEASON),
        // The same squad as a stored board places it: its picks by id, the scorers alone listed.
        placed: scoreSquadForRanking(
          { userId, pickIds: picks.map(String) },
          new Map(
            [...limbs]
              .filter(([footballer]) => (goalTimes[footballer]?.length ?? 0) > 0)
              .map(([footballer, goalDateLimbs]) => [
                String(footballer),
                { goals: goalTimes[footballer]?.length ?? 0, goalDateLimbs },
              ]),
          ),
          { seasonId: SEASON, limbCount, isSeasonOver },
        ),
      };
    });
  }

  it('scores one team as the columns of the whole season do', () => {
    fc.assert(
      fc.property(seasonArbitrary, (season) => {
        for (const squad of scored(season)) {
          expect(squad.placed).toEqual({
            status: squad.entry.status,
            totalGoals: squad.entry.totalGoals,
            columns: squad.columns,
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('orders any two teams as compareRankingEntries does', () => {
    fc.assert(
      fc.property(seasonArbitrary, (season) => {
        const squads = scored(season);
        for (const a of squads) {
          for (const b of squads) {
            expect(Math.sign(compareRankingColumns(a.columns, b.columns))).toBe(
              Math.sign(compare(a.entry, b.entry)),
            );
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('sorts a season of teams into the order rankEntries gives', () => {
    fc.assert(
      fc.property(seasonArbitrary, (season) => {
        const squads = scored(season);
        const byColumns = [...squads].sort((a, b) => compareRankingColumns(a.columns, b.columns));
        expect(byColumns.map((squad) => squad.entry.userId)).toEqual(
          rankEntries(
            squads.map((squad) => squad.entry),
            SEASON,
          ).map((entry) => entry.userId),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('cuts the vectors into limbs whose team sums fit 64 bits and order teams as the vectors do', () => {
    // A season's worth of kick-offs: the vectors run to hundreds of digits, several limbs.
    const seasonKickoffs = Array.from({ length: 120 }, (_, index) => 1_755_280_800_000 + index * 86_400_000);
    const goalTimesArbitrary = fc.array(fc.array(fc.constantFrom(...seasonKickoffs), { maxLength: 40 }), {
      minLength: 4,
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        goalTimesArbitrary.chain((goalTimes) =>
          fc.record({
            goalTimes: fc.constant(goalTimes),
            squads: fc.array(
              fc.uniqueArray(fc.integer({ min: 0, max: goalTimes.length - 1 }), { maxLength: 4 }),
              {
                minLength: 2,
                maxLength: 10,
              },
            ),
          }),
        ),
        ({ goalTimes, squads }) => {
          const byFootballer = new Map(goalTimes.map((times, footballer) => [footballer, times]));
          const vectors = goalDateVectors(byFootballer);
          const { limbCount, limbs } = goalDateLimbs(byFootballer);
          const scoredSquads = squads.map((picks) => ({
            vector: picks.reduce((sum, footballer) => sum + (vectors.get(footballer) ?? 0n), 0n),
            limbs: squadLimbs(limbs, picks, limbCount),
          }));
          for (const squad of scoredSquads) {
            expect(squad.limbs).toHaveLength(limbCount);
            for (const limb of squad.limbs) expect(limb).toBeLessThan(2n ** 63n);
          }
          for (const a of scoredSquads) {
            for (const b of scoredSquads) {
              const byVector = a.vector === b.vector ? 0 : a.vector > b.vector ? 1 : -1;
              const differing = a.limbs.findIndex((limb, index) => limb !== b.limbs[index]);
              const byLimbs =
                differing < 0 ? 0 : (a.limbs[differing] ?? 0n) > (b.limbs[differing] ?? 0n) ? 1 : -1;
              expect(byLimbs).toBe(byVector);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps a kick-off's goals in their own digit, however many a team scores at it", () => {
    // Four footballers with a hat-trick each at one kick-off: 12 goals in one digit, no carry.
    const kickoff = KICKOFFS[0] ?? 0;
    const later = KICKOFFS[1] ?? 0;
    const goalTimes = new Map<number, number[]>([
      [0, [kickoff, kickoff, kickoff]],
      [1, [kickoff, kickoff, kickoff]],
      [2, [kickoff, kickoff, kickoff]],
      [3, [kickoff, kickoff, kickoff]],
      [4, [later]],
    ]);
    const vectors = goalDateVectors(goalTimes);
    const hatTricks = [0, 1, 2, 3].reduce((sum, footballer) => sum + (vectors.get(footballer) ?? 0n), 0n);
    expect(hatTricks).toBeLessThan(vectors.get(4) ?? 0n);
  });
});

describe('rankingKey', () => {
  /** Two boards' worth of columns with the same number of limbs, over the whole range each takes. */
  const columnsArbitrary = (limbCount: number) =>
    fc.record({
      group: fc.constantFrom(0, 1, 2),
      goalsKey: fc.integer({ min: -21, max: 400 }),
      // Few distinct values too, so that keys often tie on their first limbs.
      goalDateLimbs: fc.array(
        fc.oneof(fc.bigInt({ min: 0n, max: RANKING_KEY.limbCeiling }), fc.constantFrom(0n, 1n)),
        {
          minLength: limbCount,
          maxLength: limbCount,
        },
      ),
      coinToss: fc.constant(0),
      userId: fc.constant('same-user'),
    });

  it('orders any two columns byte by byte as compareRankingColumns does before the coin toss', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 14 })
          .chain((limbCount) => fc.tuple(columnsArbitrary(limbCount), columnsArbitrary(limbCount))),
        ([a, b]: RankingColumns[]) => {
          if (!a || !b) throw new Error('two columns expected');
          expect(Math.sign(compareBytes(rankingKey(a), rankingKey(b)))).toBe(
            Math.sign(compareRankingColumns(a, b)),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('spells the goals key and each limb out big-endian, larger limbs first', () => {
    const key = rankingKey({ group: 2, goalsKey: -21, goalDateLimbs: [0n, RANKING_KEY.limbCeiling, 1n] });
    const hex = Array.from(key, (byte) => byte.toString(16).padStart(2, '0')).join('');
    expect(hex).toBe(['00027feb', '7fffffffffffffff', '0000000000000000', '7ffffffffffffffe'].join(''));
  });
});

/** Byte-by-byte order, then the shorter first: how PostgreSQL compares two bytea values. */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** A squad's limbs: its picks' limbs added up, limb by limb. */
function squadLimbs(
  limbs: ReadonlyMap<number, readonly bigint[]>,
  picks: readonly number[],
  limbCount: number,
): bigint[] {
  return Array.from({ length: limbCount }, (_, index) =>
    picks.reduce((sum, footballer) => sum + (limbs.get(footballer)?.[index] ?? 0n), 0n),
  );
}
