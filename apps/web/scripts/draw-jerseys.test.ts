import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CLUB_IDENTITIES_BY_FPL_CODE, hexToRgb } from '@hit21/core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { drawJersey, JERSEY_DIRECTORY, JERSEY_SIZE, jerseyFileName } from './draw-jerseys.ts';

const arsenal = { primaryColour: '#EF0107', secondaryColour: '#FFFFFF' };

function decode(buffer: Buffer): PNG {
  return PNG.sync.read(buffer);
}

/** [red, green, blue, alpha] at one pixel. */
function pixel(png: PNG, x: number, y: number): number[] {
  const offset = (y * png.width + x) * 4;
  return [...png.data.subarray(offset, offset + 4)];
}

describe('drawJersey', () => {
  const png = decode(drawJersey(arsenal));

  it('is a 256x256 image', () => {
    expect(JERSEY_SIZE).toBe(256);
    expect([png.width, png.height]).toEqual([256, 256]);
  });

  it('leaves the corners fully transparent', () => {
    for (const [x, y] of [
      [0, 0],
      [255, 0],
      [0, 255],
      [255, 255],
    ] as const) {
      expect(pixel(png, x, y)[3]).toBe(0);
    }
  });

  it('paints the body in the primary colour', () => {
    expect(pixel(png, 128, 150)).toEqual([...hexToRgb(arsenal.primaryColour), 255]);
  });

  it('paints both sleeves in the secondary colour, symmetrically', () => {
    const white = [...hexToRgb(arsenal.secondaryColour), 255];
    expect(pixel(png, 212, 80)).toEqual(white);
    expect(pixel(png, 255 - 212, 80)).toEqual(white);
  });

  it('is a mirror image left to right', () => {
    const asymmetric: string[] = [];
    for (let y = 0; y < 256; y += 1) {
      for (let x = 0; x < 128; x += 1) {
        if (pixel(png, x, y).join() !== pixel(png, 255 - x, y).join()) asymmetric.push(`${x},${y}`);
      }
    }
    expect(asymmetric).toEqual([]);
  });

  it('draws a darker outline, so a white shirt still shows on a white page', () => {
    const fulham = decode(drawJersey({ primaryColour: '#FFFFFF', secondaryColour: '#000000' }));
    const tottenham = decode(drawJersey({ primaryColour: '#FFFFFF', secondaryColour: '#132257' }));
    for (const shirt of [fulham, tottenham]) {
      // Walk in from the left at waist height: the first opaque pixel must be clearly darker than white.
      const row = Array.from({ length: 128 }, (_, x) => pixel(shirt, x, 170));
      const edge = row.find(([, , , alpha]) => alpha === 255);
      expect(edge).toBeDefined();
      expect(Math.max(...(edge ?? []).slice(0, 3))).toBeLessThan(160);
    }
  });

  it('anti-aliases its edges with partially transparent pixels', () => {
    let partial = 0;
    for (let offset = 3; offset < png.data.length; offset += 4) {
      const alpha = png.data[offset] ?? 0;
      if (alpha > 0 && alpha < 255) partial += 1;
    }
    expect(partial).toBeGreaterThan(200);
  });

  it('is deterministic', () => {
    expect(drawJersey(arsenal).equals(drawJersey(arsenal))).toBe(true);
  });
});

describe('committed jersey images', () => {
  const clubs = Object.values(CLUB_IDENTITIES_BY_FPL_CODE);

  it('has exactly one file per club', () => {
    const files = readdirSync(JERSEY_DIRECTORY).sort();
    expect(files).toEqual(clubs.map((club) => jerseyFileName(club.code)).sort());
  });

  it.each(clubs.map((club) => [club.code, club] as const))(
    '%s matches what drawJersey draws now',
    (_, club) => {
      const committed = readFileSync(path.join(JERSEY_DIRECTORY, jerseyFileName(club.code)));
      // A mismatch means the drawing changed: run `node --import tsx apps/web/scripts/draw-jerseys.ts`.
      expect(committed.equals(drawJersey(club))).toBe(true);
    },
  );
});
