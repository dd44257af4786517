import {
  addPick,
  autoPick,
  type CatalogPlayer,
  PICK_LIST_MESSAGES,
  type RandomSource,
  removePick,
  SQUAD_MESSAGES,
  SQUAD_SIZE,
  type Pick as TeamPick,
} from '@hit21/core';

/** A message above the player list; `isTransient` ones clear themselves after 2 s. */
export interface PickError {
  message: string;
  isTransient: boolean;
}

export interface PickState {
  /** The squad being built, in slot order. */
  picks: CatalogPlayer[];
  error: PickError | null;
  isConfirmOpen: boolean;
}

export type PickAction =
  | { type: 'add'; player: CatalogPlayer }
  | { type: 'remove'; playerId: string }
  | { type: 'reset' }
  | { type: 'autoPicked'; candidates: readonly CatalogPlayer[]; random: RandomSource }
  | { type: 'openConfirm' }
  | { type: 'closeConfirm' }
  | { type: 'showError'; message: string }
  | { type: 'clearError' };

export function initialPickState(picks: readonly CatalogPlayer[] = []): PickState {
  return { picks: [...picks], error: null, isConfirmOpen: false };
}

/**
 * The pick list of the specification's "Team selection" states: adding only below 4 and only
 * once, removing, RESET, auto pick's three outcomes, and the confirm modal.
 */
export function pickReducer(state: PickState, action: PickAction): PickState {
  switch (action.type) {
    case 'add': {
      const result = addPick(state.picks, action.player);
      if (!result.ok) {
        return { ...state, error: { message: result.message, isTransient: result.reason === 'full' } };
      }
      return { ...state, picks: result.picks, error: null };
    }
    case 'remove':
      return { ...state, picks: removePick(state.picks, action.playerId), error: null };
    case 'reset':
      return initialPickState();
    case 'autoPicked': {
      const result = autoPick(action.candidates, state.picks, action.random);
      switch (result.outcome) {
        case 'complete':
          return { ...state, picks: result.picks, error: null };
        case 'partial':
          return {
            ...state,
            picks: result.picks,
            error: {
              message: PICK_LIST_MESSAGES.autoPickShortfall(result.suitableCount),
              isTransient: false,
            },
          };
        case 'none':
          return { ...state, error: { message: PICK_LIST_MESSAGES.autoPickNone, isTransient: false } };
      }
      break;
    }
    case 'openConfirm':
      return state.picks.length === SQUAD_SIZE
        ? { ...state, isConfirmOpen: true, error: null }
        : { ...state, error: { message: SQUAD_MESSAGES.exactlyFour, isTransient: false } };
    case 'closeConfirm':
      return { ...state, isConfirmOpen: false };
    case 'showError':
      return { ...state, error: { message: action.message, isTransient: false } };
    case 'clearError':
      return state.error ? { ...state, error: null } : state;
  }
  return state;
}

/** A saved pick as a player of the list (the list keys players by `id`). */
export function playerFromPick({ playerId, ...rest }: TeamPick): CatalogPlayer {
  return { id: playerId, ...rest };
}

/** A player of the list as a pick on the pitch. */
export function pickFromPlayer({ id, ...rest }: CatalogPlayer): TeamPick {
  return { playerId: id, ...rest };
}

export function totalLastSeasonGoals(players: readonly Pick<CatalogPlayer, 'lastSeasonGoals'>[]): number {
  return players.reduce((sum, player) => sum + player.lastSeasonGoals, 0);
}
