import { shownRange } from '@hit21/core';
import type { ReactNode } from 'react';
import { plural } from '../../lib/plural.ts';
import { Pagination } from '../ui/pagination.tsx';

const COUNT_FORMAT = new Intl.NumberFormat('en-GB');

export interface RankedListPagesProps {
  /** The table of the rows on screen. */
  children: ReactNode;
  /** The pagination's name, e.g. "Leaderboard pages". */
  label: string;
  /** The page asked for. */
  page: number;
  /** The pages that can be reached: one past those the total fills when it was capped. */
  pageCount: number;
  onPageChange: (page: number) => void;
  /**
   * The page on screen (the previous one while the next loads), its size and the total: a
   * search's, counted up to 10,000 (decision 018), is capped when more match.
   */
  shown: { page: number; pageSize: number; total: number; isTotalCapped: boolean };
}

/**
 * A ranked table with its pages under it and "Showing 1 to 10 of 42 players"; a capped total
 * reads "of 10,000+ players", with Next and no Last page.
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
  const { total, isTotalCapped } = shown;
  const { from, to } = shownRange(shown.page, shown.pageSize, total);
  return (
    <div className="flex flex-col gap-4">
      {children}
      <Pagination
        label={label}
        page={page}
        pageCount={pageCount}
        isPageCountOpen={isTotalCapped}
        onPageChange={onPageChange}
        hasGoToOnPhones
      />
      <p className="text-center text-muted text-sm">
        Showing <span className="numeric text-ink">{COUNT_FORMAT.format(from)}</span> to{' '}
        <span className="numeric text-ink">{COUNT_FORMAT.format(to)}</span> of{' '}
        <span className="numeric text-ink">
          {COUNT_FORMAT.format(total)}
          {isTotalCapped ? '+' : ''}
        </span>{' '}
        {plural(isTotalCapped ? 2 : total, 'player')}
      </p>
    </div>
  );
}
