import { shownRange } from '@hit21/core';
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
  /** The page on screen (the previous one while the next loads), its size and the total. */
  shown: { page: number; pageSize: number; total: number };
}

/** A ranked table with its pages under it and "Showing 1 to 10 of 42 players". */
export function RankedListPages({
  children,
  label,
  page,
  pageCount,
  onPageChange,
  shown,
}: RankedListPagesProps) {
  // The range of the rows on screen (the previous page's while the next one loads).
  const { from, to } = shownRange(shown.page, shown.pageSize, shown.total);
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
        <span className="numeric text-ink">{shown.total}</span> {plural(shown.total, 'player')}
      </p>
    </div>
  );
}
