import { describe, expect, it } from 'vitest';
import { CLUB_IDENTITIES_BY_FPL_CODE, hexToRgb, jerseyPath, readableTextColour } from './clubs.ts';

describe('club identities', () => {
  const identities = Object.values(CLUB_IDENTITIES_BY_FPL_CODE);

  it('holds the 20 clubs of the specification with unique codes', () => {
    expect(identities.map((club) => club.code).sort()).toEqual(
      'ARS AVL BOU BRE BRI BUR CHE CRY EVE FUL LEE LIV MCI MUN NEW NFO SUN TOT WES WOL'.split(' '),
    );
  });

  it('uses the specification names', () => {
    const byCode = Object.fromEntries(identities.map((club) => [club.code, club.name]));
    expect(byCode).toMatchObject({
      BRI: 'Brighton',
      WES: 'West Ham',
      NFO: 'Nottingham Forest',
      TOT: 'Tottenham',
    });
  });
});

describe('jerseyPath', () => {
  it('is the lower-case code under /jersey', () => {
    expect(jerseyPath('BRI')).toBe('/jersey/bri.png');
  });
});

describe('readableTextColour', () => {
  it('chooses black on light shirts and white on dark ones', () => {
    expect(readableTextColour('#FFFFFF')).toBe('#000000');
    expect(readableTextColour('#FDB913')).toBe('#000000');
    expect(readableTextColour('#034694')).toBe('#FFFFFF');
    expect(readableTextColour('#241F20')).toBe('#FFFFFF');
  });

  it('refuses a malformed colour', () => {
    expect(() => hexToRgb('red')).toThrow('Not a #RRGGBB colour: red');
    expect(hexToRgb('#0b3d2e')).toEqual([11, 61, 46]);
  });
});
