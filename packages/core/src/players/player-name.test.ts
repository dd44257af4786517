import { describe, expect, it } from 'vitest';
import { playerDisplayName } from './player-name.ts';

describe("a player's display name", () => {
  it.each([
    [{ firstName: 'Mohamed', secondName: 'Salah', webName: 'M.Salah' }, 'Mohamed Salah'],
    [
      { firstName: 'Bruno', secondName: 'Guimarães Rodriguez Moura', webName: 'Bruno G.' },
      'Bruno Guimarães Rodriguez Moura',
    ],
    [{ firstName: 'Junior', secondName: 'Kroupi', webName: 'Kroupi.Jr' }, 'Junior Kroupi'],
    // NFD "é" (e + combining acute) comes out composed; stray spaces go.
    [{ firstName: ' Andre\u0301 ', secondName: '  Onana', webName: 'Onana' }, 'André Onana'],
  ])('is the first and last name, never the data short name: %j', (player, name) => {
    expect(playerDisplayName(player)).toBe(name);
  });

  it('falls back on the short name when the data has no first or last name', () => {
    expect(playerDisplayName({ firstName: '', secondName: ' ', webName: 'Savinho' })).toBe('Savinho');
  });
});
