import { describe, expect, it } from 'vitest';
import { goToPageEntry, pageCountOf, pageFromInput, reachablePageCount, shownRange } from './page-range.ts';

describe('pageCountOf', () => {
  it('rounds partial pages up and has no page for nothing', () => {
    expect(pageCountOf(0, 20)).toBe(0);
    expect(pageCountOf(1, 20)).toBe(1);
    expect(pageCountOf(20, 20)).toBe(1);
    expect(pageCountOf(21, 20)).toBe(2);
    expect(pageCountOf(754, 60)).toBe(13);
  });
});

describe('reachablePageCount', () => {
  it('adds one page past those the total fills when the total was capped', () => {
    expect(reachablePageCount(10_000, 25, true)).toBe(401);
    expect(reachablePageCount(10_025, 25, true)).toBe(402);
    expect(reachablePageCount(10_000, 25, false)).toBe(400);
    expect(reachablePageCount(0, 25, false)).toBe(0);
  });
});

describe('shownRange', () => {
  it('gives the first and last item of a page, the last page possibly short', () => {
    expect(shownRange(1, 20, 754)).toEqual({ from: 1, to: 20 });
    expect(shownRange(2, 20, 754)).toEqual({ from: 21, to: 40 });
    expect(shownRange(38, 20, 754)).toEqual({ from: 741, to: 754 });
    expect(shownRange(1, 20, 7)).toEqual({ from: 1, to: 7 });
  });

  it('keeps a page past the end on the last page, and shows 0 to 0 of nothing', () => {
    expect(shownRange(99, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(shownRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('pageFromInput', () => {
  it('jumps to a typed whole number within the pages', () => {
    expect(pageFromInput('7', 38)).toBe(7);
    expect(pageFromInput(' 12 ', 38)).toBe(12);
  });

  it('clamps numbers outside 1..pageCount', () => {
    expect(pageFromInput('0', 38)).toBe(1);
    expect(pageFromInput('500', 38)).toBe(38);
  });

  it('waits while the box holds no whole number', () => {
    for (const text of ['', ' ', '-', '-3', '2.5', 'abc', '1e3']) {
      expect(pageFromInput(text, 38)).toBeUndefined();
    }
  });
});

describe('goToPageEntry', () => {
  it('goes to the typed page and shows the page it went to, not what was typed', () => {
    expect(goToPageEntry('7', 31)).toEqual({ text: '7', page: 7 });
    expect(goToPageEntry('999', 31)).toEqual({ text: '31', page: 31 });
    expect(goToPageEntry('0', 31)).toEqual({ text: '1', page: 1 });
  });

  it('lets the box be emptied without going anywhere', () => {
    expect(goToPageEntry('', 31)).toEqual({ text: '' });
  });

  it('refuses anything but a whole number, so "2.5" never goes to a page', () => {
    for (const text of ['2.5', '2.', '-1', '1e3', 'abc', '+2']) {
      expect(goToPageEntry(text, 31)).toBeUndefined();
    }
  });
});
