import { goToPageEntry, openPageStrip, pageStrip } from '@hit21/core';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';

export interface PaginationProps {
  /** The accessible name of the navigation, e.g. "Player list pages". */
  label: string;
  page: number;
  pageCount: number;
  /** More pages follow `pageCount`, how many is not known (a capped total): Next, but no Last page. */
  isPageCountOpen?: boolean;
  onPageChange: (page: number) => void;
  /** Phones get the "Go to" box as well (a long board needs it more than a short list). */
  hasGoToOnPhones?: boolean;
}

/**
 * First, Previous, the page strip (at most 5 numbers), Next, Last and "Go to" from small
 * tablets up; Previous, "n of m" and Next on phones. Nothing with a single page. With more
 * pages than known (`isPageCountOpen`): no Last page, the strip ends in "…" and phones read "n of m+".
 */
export function Pagination({
  label,
  page,
  pageCount,
  isPageCountOpen = false,
  onPageChange,
  hasGoToOnPhones = false,
}: PaginationProps) {
  if (pageCount <= 1 && !isPageCountOpen) return null;
  const isFirst = page <= 1;
  const isLast = !isPageCountOpen && page >= pageCount;
  const strip = isPageCountOpen ? openPageStrip(page, pageCount) : pageStrip(page, pageCount);

  return (
    <nav aria-label={label} className="flex flex-col items-center gap-3">
      <div className="flex w-full flex-wrap items-center justify-between gap-2 sm:hidden">
        <PageButton label="Previous page" disabled={isFirst} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </PageButton>
        <span className="numeric text-lg">
          {page} of {pageCount}
          {isPageCountOpen ? '+' : ''}
        </span>
        <PageButton label="Next page" disabled={isLast} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </PageButton>
        {hasGoToOnPhones ? (
          <GoToPage pageCount={pageCount} onPageChange={onPageChange} className="w-full justify-center" />
        ) : null}
      </div>
      <div className="hidden flex-wrap items-center justify-center gap-1 sm:flex">
        <PageButton label="First page" disabled={isFirst} onClick={() => onPageChange(1)}>
          <ChevronsLeft aria-hidden="true" />
          <span className="hidden md:inline">First</span>
        </PageButton>
        <PageButton label="Previous page" disabled={isFirst} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          <span className="hidden md:inline">Previous</span>
        </PageButton>
        <ol className="flex items-center gap-1">
          {strip.map((item, index) =>
            item === 'ellipsis' ? (
              // Two ellipses at most, told apart by their place in the strip.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <li key={`ellipsis-${index}`} aria-hidden="true" className="w-6 text-center text-muted">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  aria-label={`Page ${item}`}
                  aria-current={item === page ? 'page' : undefined}
                  onClick={() => onPageChange(item)}
                  className={cn(
                    'numeric grid size-11 place-items-center rounded-lg text-base transition-colors',
                    item === page ? 'bg-felt-900 text-white' : 'text-felt-900 hover:bg-felt-50',
                  )}
                >
                  {item}
                </button>
              </li>
            ),
          )}
        </ol>
        <PageButton label="Next page" disabled={isLast} onClick={() => onPageChange(page + 1)}>
          <span className="hidden md:inline">Next</span>
          <ChevronRight aria-hidden="true" />
        </PageButton>
        {isPageCountOpen ? null : (
          <PageButton label="Last page" disabled={isLast} onClick={() => onPageChange(pageCount)}>
            <span className="hidden md:inline">Last</span>
            <ChevronsRight aria-hidden="true" />
          </PageButton>
        )}
        <GoToPage pageCount={pageCount} onPageChange={onPageChange} className="ml-2" />
      </div>
    </nav>
  );
}

function PageButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2.5 font-display font-medium text-felt-900 text-sm uppercase tracking-wide ring-1 ring-line ring-inset transition-colors hover:bg-felt-50 disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}

/** A key that would put something other than a digit in the box ("2.5", "-1", "1e3"). */
function isNonDigitKey(event: KeyboardEvent<HTMLInputElement>): boolean {
  return event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * Jumps as a whole number is typed, kept within the pages, and then shows the page it went to
 * (999 of 31 pages reads 31). Only digits go in; cleared when it loses focus.
 */
function GoToPage({
  pageCount,
  onPageChange,
  className,
}: {
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  const [text, setText] = useState('');
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="font-display text-muted text-sm uppercase tracking-wide">
        Go to
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={pageCount}
        step={1}
        value={text}
        placeholder="#"
        onKeyDown={(event) => {
          if (isNonDigitKey(event)) event.preventDefault();
        }}
        onChange={(event) => {
          const entry = goToPageEntry(event.target.value, pageCount);
          if (!entry) return;
          setText(entry.text);
          if (entry.page !== undefined) onPageChange(entry.page);
        }}
        onBlur={() => setText('')}
        className="numeric min-h-11 w-18 rounded-lg border border-stone-300 bg-white px-2 text-center text-base shadow-xs placeholder:text-stone-500 hover:border-stone-400 focus-visible:border-felt-900"
      />
    </div>
  );
}
