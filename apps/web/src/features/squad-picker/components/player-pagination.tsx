import { PLAYER_PAGE_SIZES, shownRange } from '@hit21/core';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { plural } from '../../../lib/plural.ts';

export interface PlayerPaginationProps {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The page controls (only with more than one page), "Showing x to y of z players" and the page size. */
export function PlayerPagination({
  page,
  pageCount,
  total,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: PlayerPaginationProps) {
  const { from, to } = shownRange(page, pageSize, total);

  return (
    <div className="flex flex-col gap-3">
      <Pagination label="Player list pages" page={page} pageCount={pageCount} onPageChange={onPageChange} />
      {total > 0 ? (
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-muted text-sm sm:justify-between">
          <p>
            Showing <span className="numeric text-ink">{from}</span> to{' '}
            <span className="numeric text-ink">{to}</span> of{' '}
            <span className="numeric text-ink">{total}</span> {plural(total, 'player')}
          </p>
          <div className="flex items-center gap-2">
            <Select
              aria-label="Players per page"
              value={String(pageSize)}
              options={PLAYER_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
              onChange={(value) => onPageSizeChange(Number(value))}
              className="w-20"
            />
            <span aria-hidden="true">per page</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
