import { clampPage } from './page-strip.ts';

/** How many pages `total` items fill at `pageSize` a page (0 when there is nothing). */
export function pageCountOf(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/**
 * The pages a list can be paged to: those its `total` fills, and one more when the total was
 * capped (`isTotalCapped`: more rows match than were counted).
 */
export function reachablePageCount(total: number, pageSize: number, isTotalCapped: boolean): number {
  return pageCountOf(total, pageSize) + (isTotalCapped ? 1 : 0);
}

/** The 1-based positions of the first and last item on a page: "Showing {from} to {to} of {total}". */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const current = clampPage(page, pageCountOf(total, pageSize));
  return { from: (current - 1) * pageSize + 1, to: Math.min(current * pageSize, total) };
}

/**
 * The page a "Go to" box asks for as it is typed: a whole number, kept within 1..pageCount;
 * undefined while the box holds anything else (empty, "-", "2.5").
 */
export function pageFromInput(text: string, pageCount: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  return clampPage(Number(trimmed), pageCount);
}

/**
 * What a "Go to" box does with its new text: the page to go to and the text to show, which is
 * that page (typing 999 of 31 pages shows 31); empty text goes nowhere. Anything but a whole
 * number ("2.5", "-1", "1e3") is refused: undefined, and the box keeps what it had.
 */
export function goToPageEntry(text: string, pageCount: number): { text: string; page?: number } | undefined {
  if (text.trim() === '') return { text: '' };
  const page = pageFromInput(text, pageCount);
  return page === undefined ? undefined : { text: String(page), page };
}
