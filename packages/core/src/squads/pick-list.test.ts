import { describe, expect, it } from 'vitest';
import { addPick, autoPickGoalBounds, PICK_LIST_MESSAGES, removePick } from './pick-list.ts';

const player = (id: string) => ({ id, name: `Player ${id}` });

describe('addPick', () => {
  it('adds players in order until there are 4', () => {
    let picks: { id: string; name: string }[] = [];
    for (const id of ['a', 'b', 'c', 'd']) {
      const result = addPick(picks, player(id));
      expect(result.ok).toBe(true);
      if (result.ok) picks = result.picks;
    }
    expect(picks.map((pick) => pick.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a fifth player', () => {
    const full = ['a', 'b', 'c', 'd'].map(player);
    expect(addPick(full, player('e'))).toEqual({
      ok: false,
      reason: 'full',
      message: 'You can only select 4 players',
    });
  });

  it('refuses a player already picked, even when the list is full', () => {
    expect(addPick([player('a')], player('a'))).toEqual({
      ok: false,
      reason: 'duplicate',
      message: 'Player already selected',
    });
    expect(addPick(['a', 'b', 'c', 'd'].map(player), player('c'))).toMatchObject({ reason: 'duplicate' });
  });

  it('never changes the list it was given', () => {
    const picks = [player('a')];
    addPick(picks, player('b'));
    expect(picks).toEqual([player('a')]);
  });
});

describe('removePick', () => {
  it('takes the player out and keeps the others in order', () => {
    expect(removePick(['a', 'b', 'c'].map(player), 'b').map((pick) => pick.id)).toEqual(['a', 'c']);
    expect(removePick([player('a')], 'z')).toEqual([player('a')]);
  });
});

describe('autoPickGoalBounds', () => {
  it('is 1 to 10 without a goals filter', () => {
    expect(autoPickGoalBounds({})).toEqual({ minGoals: 1, maxGoals: 10 });
  });

  it('narrows the screen filter to 1-10', () => {
    expect(autoPickGoalBounds({ minGoals: 0, maxGoals: 4 })).toEqual({ minGoals: 1, maxGoals: 4 });
    expect(autoPickGoalBounds({ minGoals: 5 })).toEqual({ minGoals: 5, maxGoals: 10 });
    expect(autoPickGoalBounds({ minGoals: 3, maxGoals: 30 })).toEqual({ minGoals: 3, maxGoals: 10 });
  });

  it('finds nothing when the filter is outside 1-10', () => {
    expect(autoPickGoalBounds({ minGoals: 12 })).toBeNull();
    expect(autoPickGoalBounds({ maxGoals: 0 })).toBeNull();
    expect(autoPickGoalBounds({ minGoals: 8, maxGoals: 6 })).toBeNull();
  });
});

describe('PICK_LIST_MESSAGES', () => {
  it('says how many suitable players auto pick found', () => {
    expect(PICK_LIST_MESSAGES.autoPickShortfall(2)).toBe(
      'Only 2 suitable players found (1-10 goals last season). Please select the remaining players manually.',
    );
  });
});
