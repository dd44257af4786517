import { type CatalogPlayer, seededRandom } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import {
  initialPickState,
  type PickAction,
  type PickState,
  pickFromPlayer,
  pickReducer,
  playerFromPick,
  totalLastSeasonGoals,
} from './pick-state.ts';

function player(
  id: string,
  clubCode = 'ARS',
  position: CatalogPlayer['position'] = 'forward',
  lastSeasonGoals = 5,
): CatalogPlayer {
  return {
    id,
    name: `Player ${id}`,
    webName: id,
    position,
    clubCode,
    clubName: clubCode,
    goals: 0,
    lastSeasonGoals,
  };
}

const run = (actions: PickAction[], from: PickState = initialPickState()) =>
  actions.reduce(pickReducer, from);
const add = (candidate: CatalogPlayer): PickAction => ({ type: 'add', player: candidate });
const ids = (state: PickState) => state.picks.map((pick) => pick.id);

describe('pickReducer', () => {
  it('adds up to 4 players and refuses a fifth with a message that clears itself', () => {
    const full = run(['a', 'b', 'c', 'd'].map((id) => add(player(id))));
    expect(ids(full)).toEqual(['a', 'b', 'c', 'd']);
    const refused = pickReducer(full, add(player('e')));
    expect(ids(refused)).toEqual(['a', 'b', 'c', 'd']);
    expect(refused.error).toEqual({ message: 'You can only select 4 players', isTransient: true });
  });

  it('refuses a player already picked with a message that stays', () => {
    const state = run([add(player('a')), add(player('a'))]);
    expect(ids(state)).toEqual(['a']);
    expect(state.error).toEqual({ message: 'Player already selected', isTransient: false });
    expect(pickReducer(state, add(player('b'))).error).toBeNull();
  });

  it('removes a player and resets everything', () => {
    const state = run([add(player('a')), add(player('b')), { type: 'remove', playerId: 'a' }]);
    expect(ids(state)).toEqual(['b']);
    const reset = run([add(player('b')), { type: 'openConfirm' }, { type: 'reset' }], state);
    expect(reset).toEqual(initialPickState());
  });

  it('opens the confirm modal only with exactly 4 picks', () => {
    const three = run(['a', 'b', 'c'].map((id) => add(player(id))));
    const refused = pickReducer(three, { type: 'openConfirm' });
    expect(refused.isConfirmOpen).toBe(false);
    expect(refused.error?.message).toBe('Please select exactly 4 players');
    const open = run([add(player('d')), { type: 'openConfirm' }], three);
    expect(open.isConfirmOpen).toBe(true);
    expect(pickReducer(open, { type: 'closeConfirm' }).isConfirmOpen).toBe(false);
  });

  describe('auto pick', () => {
    const candidates = [
      player('ars-f', 'ARS', 'forward', 9),
      player('ars-m', 'ARS', 'midfielder', 6),
      player('che-f', 'CHE', 'forward', 8),
      player('che-m', 'CHE', 'midfielder', 7),
      player('liv-f', 'LIV', 'forward', 10),
      player('liv-m', 'LIV', 'midfielder', 4),
    ];

    it('fills the empty slots, keeps the existing picks and clears the error', () => {
      const kept = player('mci-f', 'MCI', 'forward', 3);
      const before = run([add(kept), add(kept)]);
      expect(before.error).not.toBeNull();
      const after = pickReducer(before, { type: 'autoPicked', candidates, random: seededRandom(4) });
      expect(after.picks).toHaveLength(4);
      expect(after.picks[0]).toEqual(kept);
      expect(after.error).toBeNull();
    });

    it('keeps a partial team and says how many suitable players it found', () => {
      const after = pickReducer(initialPickState(), {
        type: 'autoPicked',
        candidates: [player('x', 'ARS', 'forward', 3), player('y', 'CHE', 'forward', 14)],
        random: seededRandom(1),
      });
      expect(ids(after)).toEqual(['x']);
      expect(after.error?.message).toBe(
        'Only 1 suitable players found (1-10 goals last season). Please select the remaining players manually.',
      );
    });

    it('changes nothing when no candidate fits', () => {
      const before = run([add(player('k'))]);
      const after = pickReducer(before, {
        type: 'autoPicked',
        candidates: [player('z', 'ARS', 'forward', 0)],
        random: seededRandom(1),
      });
      expect(after.picks).toEqual(before.picks);
      expect(after.error?.message).toBe(
        'No suitable players found (1-10 goals last season). Please select players manually.',
      );
    });
  });
});

describe('picks and players', () => {
  it('convert both ways and total last season goals', () => {
    const original = player('a', 'ARS', 'forward', 7);
    expect(playerFromPick(pickFromPlayer(original))).toEqual(original);
    expect(pickFromPlayer(original).playerId).toBe('a');
    expect(totalLastSeasonGoals([player('a', 'ARS', 'forward', 7), player('b', 'ARS', 'forward', 5)])).toBe(
      12,
    );
  });
});
