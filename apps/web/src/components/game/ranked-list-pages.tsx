import { shownRange } from '@hit21/core';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { plural } from '../../lib/plural.ts';
import { Pagination } from '../ui/pagination.tsx';

export interface RankedListPagesProps {
  /** The table of the rows on screen. */
  children: ReactNode;
  /** The pagination's name, e.g. "Leaderboard pages". */
  label: string;
  /** The page asked for. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /**
   * The page on screen (the previous one while the next loads), its size and the total: null
   * while a search's matches are still being counted (the page is then a full one).
   */
  shown: { page: number; pageSize: number; total: number | null };
}

/**
 * A ranked table with its pages under it and "Showing 1 to 10 of 42 players"; while the total is
 * counted, "Showing 1 to 25 of … players" and no pages yet.
 */
export function RankedListPages({
  children,
  label,
  page,
  pageCount,
  onPageChange,
  shown,
}: RankedListPagesProps) {
  // The range of the rows on screen (the previous page's while the next one loads).
  const { total } = shown;
  const { from, to } =
    total === null
      ? { from: (shown.page - 1) * shown.pageSize + 1, to: shown.page * shown.pageSize }
      : shownRange(shown.page, shown.pageSize, total);
  return (
    <div className="flex flex-col gap-4">
      {children}
      <Pagination
        label={label}
        page={page}
        pageCount={pageCount}
        onPageChange={onPageChange}
        hasGoToOnPhones
      />
      <p className="text-center text-muted text-sm">
        Showing <span className="numeric text-ink">{from}</span> to{' '}
        <span className="numeric text-ink">{to}</span> of{' '}
        {total === null ? (
          <StillCounting />
        ) : (
          <>
            <span className="numeric text-ink">{total}</span> {plural(total, 'player')}
          </>
        )}
      </p>
    </div>
  );
}

/** The total's place while the server counts a search's matches (a second or two on a large board). */
function StillCounting() {
  return (
    <>
      <LoaderCircle
        aria-hidden="true"
        className="mr-1 inline size-3.5 animate-spin align-[-0.2em] text-ink motion-reduce:animate-none"
      />
      <span className="text-ink">…</span> players<span className="sr-only">, still counting</span>
    </>
  );
}
