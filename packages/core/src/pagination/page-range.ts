import { clampPage } from './page-strip.ts';

/** How many pages `total` items fill at `pageSize` a page (0 when there is nothing). */
export function pageCountOf(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
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
