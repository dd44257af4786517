import { describe, expect, it } from 'vitest';
import { clampPage, openPageStrip, pageStrip } from './page-strip.ts';

describe('pageStrip', () => {
  it('lists every page when there are 5 or fewer', () => {
    expect(pageStrip(1, 1)).toEqual([1]);
    expect(pageStrip(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageStrip(1, 0)).toEqual([]);
  });

  it('shows 1-5, an ellipsis and the last page near the start', () => {
    expect(pageStrip(1, 12)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 12]);
    expect(pageStrip(3, 12)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 12]);
  });

  it('shows the first page, an ellipsis and the last 5 near the end', () => {
    expect(pageStrip(10, 12)).toEqual([1, 'ellipsis', 8, 9, 10, 11, 12]);
    expect(pageStrip(12, 12)).toEqual([1, 'ellipsis', 8, 9, 10, 11, 12]);
  });

  it('shows the neighbours of the current page in the middle', () => {
    expect(pageStrip(4, 12)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 12]);
    expect(pageStrip(7, 12)).toEqual([1, 'ellipsis', 6, 7, 8, 'ellipsis', 12]);
    expect(pageStrip(9, 12)).toEqual([1, 'ellipsis', 8, 9, 10, 'ellipsis', 12]);
  });

  // The specification's patterns give at most 6 numbers (1-5 and the last page near the start).
  it('never shows more than 6 numbers, and always the first, current and last page', () => {
    for (let pageCount = 1; pageCount <= 30; pageCount += 1) {
      for (let current = 1; current <= pageCount; current += 1) {
        const strip = pageStrip(current, pageCount);
        expect(strip.filter((item) => item !== 'ellipsis').length).toBeLessThanOrEqual(6);
        expect(strip).toContain(current);
        expect(strip[0]).toBe(1);
        expect(strip.at(-1)).toBe(pageCount);
      }
    }
  });
});

describe('clampPage', () => {
  it('keeps a page within 1 and the page count', () => {
    expect(clampPage(0, 8)).toBe(1);
    expect(clampPage(9, 8)).toBe(8);
    expect(clampPage(4.7, 8)).toBe(4);
    expect(clampPage(Number.NaN, 8)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });
});

describe('openPageStrip', () => {
  it('ends in an ellipsis instead of a last page: more pages follow, how many is unknown', () => {
    expect(openPageStrip(1, 401)).toEqual([1, 2, 3, 4, 5, 'ellipsis']);
    expect(openPageStrip(200, 401)).toEqual([1, 'ellipsis', 199, 200, 201, 'ellipsis']);
    expect(openPageStrip(401, 401)).toEqual([1, 'ellipsis', 397, 398, 399, 400, 401, 'ellipsis']);
    expect(openPageStrip(2, 3)).toEqual([1, 2, 3, 'ellipsis']);
    expect(openPageStrip(1, 0)).toEqual([]);
  });
});
