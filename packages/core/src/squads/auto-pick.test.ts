import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random/seeded-random.ts';
import { AUTO_PICK_PATTERNS, type AutoPickCandidate, autoPick } from './auto-pick.ts';

const player = (
  id: string,
  clubCode: string,
  position: AutoPickCandidate['position'],
  lastSeasonGoals: number,
) => ({
  id,
  clubCode,
  position,
  lastSeasonGoals,
});

// Four clubs, each with a forward and a midfielder in range, plus players auto pick must skip.
const CANDIDATES = [
  player('ars-f', 'ARS', 'forward', 9),
  player('ars-m', 'ARS', 'midfielder', 6),
  player('che-f', 'CHE', 'forward', 8),
  player('che-m', 'CHE', 'midfielder', 7),
  player('liv-f', 'LIV', 'forward', 10),
  player('liv-m', 'LIV', 'midfielder', 4),
  player('mci-f', 'MCI', 'forward', 5),
  player('mci-m', 'MCI', 'midfielder', 3),
  player('mci-star', 'MCI', 'forward', 22),
  player('new-blank', 'NEW', 'midfielder', 0),
  player('tot-d', 'TOT', 'defender', 2),
];

const letterOf = (position: string) => (position === 'forward' ? 'F' : 'M');

describe('autoPick', () => {
  it('follows every pattern with a different club per slot, the best player of each', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed += 1) {
      const result = autoPick(CANDIDATES, [], seededRandom(seed));
      expect(result.outcome).toBe('complete');
      if (result.outcome !== 'complete') continue;
      seen.add(result.pattern);
      expect(result.picks.map((pick) => letterOf(pick.position)).join('')).toBe(result.pattern);
      expect(new Set(result.picks.map((pick) => pick.clubCode)).size).toBe(4);
      for (const pick of result.picks) {
        expect(pick.lastSeasonGoals).toBeGreaterThanOrEqual(1);
        expect(pick.lastSeasonGoals).toBeLessThanOrEqual(10);
      }
    }
    expect([...seen].sort()).toEqual([...AUTO_PICK_PATTERNS].sort());
  });

  it('gives the same team for the same seed', () => {
    const first = autoPick(CANDIDATES, [], seededRandom(7));
    const again = autoPick(CANDIDATES, [], seededRandom(7));
    expect(again).toEqual(first);
  });

  it('takes the top scorer at the position within a club', () => {
    const twoStrikers = [player('a1', 'ARS', 'forward', 3), player('a2', 'ARS', 'forward', 9)];
    const result = autoPick(twoStrikers, [], seededRandom(1));
    expect(result.picks[0]?.id).toBe('a2');
  });

  it('keeps existing picks and only fills the empty slots, avoiding their clubs while it can', () => {
    const kept = [player('liv-f', 'LIV', 'forward', 10), player('che-m', 'CHE', 'midfielder', 7)];
    const result = autoPick(CANDIDATES, kept, seededRandom(3));
    expect(result.outcome).toBe('complete');
    expect(result.picks.slice(0, 2)).toEqual(kept);
    const addedClubs = result.picks.slice(2).map((pick) => pick.clubCode);
    expect(addedClubs).not.toContain('LIV');
    expect(addedClubs).not.toContain('CHE');
  });

  it('falls back to any club, then tops up in list order (defenders included)', () => {
    const oneClub = [
      player('f1', 'ARS', 'forward', 5),
      player('f2', 'ARS', 'forward', 4),
      player('d1', 'ARS', 'defender', 2),
      player('m1', 'ARS', 'midfielder', 1),
    ];
    const result = autoPick(oneClub, [], seededRandom(11));
    expect(result.outcome).toBe('complete');
    expect(result.picks.map((pick) => pick.id).sort()).toEqual(['d1', 'f1', 'f2', 'm1']);
  });

  it('keeps a partial team and says how many it found when fewer than 4 fit', () => {
    const result = autoPick(
      [player('only', 'ARS', 'forward', 4), player('big', 'MCI', 'forward', 27)],
      [],
      seededRandom(2),
    );
    expect(result).toMatchObject({ outcome: 'partial', suitableCount: 1 });
    expect(result.picks.map((pick) => pick.id)).toEqual(['only']);
  });

  it('changes nothing when no player has 1 to 10 goals last season', () => {
    const kept = [player('k', 'ARS', 'forward', 12)];
    const result = autoPick(
      [player('x', 'MCI', 'forward', 0), player('y', 'MCI', 'forward', 30)],
      kept,
      seededRandom(1),
    );
    expect(result).toEqual({ outcome: 'none', picks: kept });
  });
});
