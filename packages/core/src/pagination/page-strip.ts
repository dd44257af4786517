export type PageStripItem = number | 'ellipsis';

/**
 * The page buttons of a pagination bar, at most 5 numbers: every page when there are 5 or
 * fewer; near the start 1-5, ellipsis, last; near the end first, ellipsis, the last 5; in the
 * middle first, ellipsis, current-1..current+1, ellipsis, last.
 */
export function pageStrip(currentPage: number, pageCount: number): PageStripItem[] {
  if (pageCount <= 0) return [];
  const current = Math.min(Math.max(1, Math.trunc(currentPage)), pageCount);
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);
  if (pageCount <= 5) return range(1, pageCount);
  if (current <= 3) return [...range(1, 5), 'ellipsis', pageCount];
  if (current >= pageCount - 2) return [1, 'ellipsis', ...range(pageCount - 4, pageCount)];
  return [1, 'ellipsis', current - 1, current, current + 1, 'ellipsis', pageCount];
}

/** A requested page kept within 1..pageCount (page 1 when there are no pages). */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pageCount));
}

/**
 * The page buttons of a list whose total was capped (more pages follow `pageCount`, how many is
 * not known): as `pageStrip`, but the strip ends in an ellipsis, never in a last page.
 */
export function openPageStrip(currentPage: number, pageCount: number): PageStripItem[] {
  const strip = pageStrip(currentPage, pageCount);
  // A last page after an ellipsis is no neighbour of the current one: unknown to be the last.
  if (strip.at(-2) === 'ellipsis') return strip.slice(0, -1);
  return strip.length > 0 ? [...strip, 'ellipsis'] : strip;
}
