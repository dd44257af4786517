import { AUTO_PICK_GOAL_RANGE } from './auto-pick.ts';
import { SQUAD_MESSAGES, SQUAD_SIZE } from './squad-rules.ts';

/** What the picking screens say, word for word (specification 02, sections 5 and 8). */
export const PICK_LIST_MESSAGES = {
  full: 'You can only select 4 players',
  duplicate: SQUAD_MESSAGES.duplicate,
  autoPickNone: 'No suitable players found (1-10 goals last season). Please select players manually.',
  autoPickShortfall: (found: number) =>
    `Only ${found} suitable players found (1-10 goals last season). Please select the remaining players manually.`,
} as const;

/** How long "You can only select 4 players" stays; "Player already selected" stays until the next action. */
export const FULL_SQUAD_MESSAGE_MS = 2000;

export type AddPickResult<T> =
  | { ok: true; picks: T[] }
  | { ok: false; reason: 'full' | 'duplicate'; message: string };

/**
 * Adds a player to the pick list under the game's rules: only below 4 picks and only once.
 * A duplicate is reported before a full list, so re-adding a picked player says why.
 */
export function addPick<T extends { id: string }>(picks: readonly T[], player: T): AddPickResult<T> {
  if (picks.some((pick) => pick.id === player.id)) {
    return { ok: false, reason: 'duplicate', message: PICK_LIST_MESSAGES.duplicate };
  }
  if (picks.length >= SQUAD_SIZE) return { ok: false, reason: 'full', message: PICK_LIST_MESSAGES.full };
  return { ok: true, picks: [...picks, player] };
}

export function removePick<T extends { id: string }>(picks: readonly T[], playerId: string): T[] {
  return picks.filter((pick) => pick.id !== playerId);
}

/**
 * The last-season goal bounds auto pick searches: the screen's own bounds narrowed to 1-10,
 * or null when they leave nothing (e.g. a filter of 12+ goals).
 */
export function autoPickGoalBounds(filter: {
  minGoals?: number;
  maxGoals?: number;
}): { minGoals: number; maxGoals: number } | null {
  const minGoals = Math.max(filter.minGoals ?? AUTO_PICK_GOAL_RANGE.min, AUTO_PICK_GOAL_RANGE.min);
  const maxGoals = Math.min(filter.maxGoals ?? AUTO_PICK_GOAL_RANGE.max, AUTO_PICK_GOAL_RANGE.max);
  return minGoals <= maxGoals ? { minGoals, maxGoals } : null;
}
