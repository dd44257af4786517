import type { Position } from '../players/positions.ts';
import { type RandomSource, shuffled } from '../random/seeded-random.ts';
import { SQUAD_SIZE } from './squad-rules.ts';

export interface AutoPickCandidate {
  id: string;
  clubCode: string;
  position: Position;
  /** Last season's goals: auto pick looks for players with 1 to 10. */
  lastSeasonGoals: number;
}

/** F forward, M midfielder: the shapes an auto-picked squad takes. */
export const AUTO_PICK_PATTERNS = ['FFMM', 'FMMF', 'MFFM', 'FMFM'] as const;
export const AUTO_PICK_GOAL_RANGE = { min: 1, max: 10 } as const;

export type AutoPickResult<T> =
  | { outcome: 'complete'; picks: T[]; pattern: string }
  /** Fewer than 4 in all: the partial squad is kept and the player picks the rest by hand. */
  | { outcome: 'partial'; picks: T[]; pattern: string; suitableCount: number }
  /** No suitable player at all: nothing changes. */
  | { outcome: 'none'; picks: T[] };

const POSITION_OF_LETTER = { F: 'forward', M: 'midfielder' } as const;

/**
 * Completes a squad the game's way: among the players not already picked with 1-10 goals last
 * season, take a random pattern of forwards and midfielders, visit clubs in a random order and
 * give each slot the best player at that position from a club not used yet (any club when
 * none is left), then top up in list order.
 */
export function autoPick<T extends AutoPickCandidate>(
  candidates: readonly T[],
  alreadyPicked: readonly T[],
  random: RandomSource,
): AutoPickResult<T> {
  const pickedIds = new Set(alreadyPicked.map((player) => player.id));
  const suitable = candidates.filter(
    (player) =>
      !pickedIds.has(player.id) &&
      player.lastSeasonGoals >= AUTO_PICK_GOAL_RANGE.min &&
      player.lastSeasonGoals <= AUTO_PICK_GOAL_RANGE.max,
  );
  if (suitable.length === 0) return { outcome: 'none', picks: [...alreadyPicked] };

  const pattern = AUTO_PICK_PATTERNS[Math.floor(random() * AUTO_PICK_PATTERNS.length)] ?? 'FFMM';
  const clubOrder = shuffled([...new Set(suitable.map((player) => player.clubCode))], random);
  const byGoals = (a: T, b: T) => b.lastSeasonGoals - a.lastSeasonGoals;

  const picks = [...alreadyPicked];
  const usedIds = new Set(pickedIds);
  const usedClubs = new Set(alreadyPicked.map((player) => player.clubCode));
  const take = (player: T | undefined) => {
    if (!player) return;
    picks.push(player);
    usedIds.add(player.id);
    usedClubs.add(player.clubCode);
  };
  const available = (position: Position, club?: string) =>
    suitable
      .filter(
        (player) =>
          !usedIds.has(player.id) &&
          player.position === position &&
          (club === undefined || player.clubCode === club),
      )
      .sort(byGoals);

  for (const letter of pattern) {
    if (picks.length >= SQUAD_SIZE) break;
    const position = POSITION_OF_LETTER[letter as keyof typeof POSITION_OF_LETTER];
    const freshClub = clubOrder.find((club) => !usedClubs.has(club) && available(position, club).length > 0);
    take(freshClub ? available(position, freshClub)[0] : available(position)[0]);
  }
  for (const player of suitable) {
    if (picks.length >= SQUAD_SIZE) break;
    if (!usedIds.has(player.id)) take(player);
  }

  const added = picks.length - alreadyPicked.length;
  return picks.length >= SQUAD_SIZE
    ? { outcome: 'complete', picks, pattern }
    : { outcome: 'partial', picks, pattern, suitableCount: added };
}
