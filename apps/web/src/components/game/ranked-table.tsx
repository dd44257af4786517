import { type Club, type LeaderboardRow, type Pick, POSITION_LABELS } from '@hit21/core';
import { ChevronDown, EyeOff } from 'lucide-react';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../ui/badge.tsx';
import { Jersey } from '../ui/jersey.tsx';
import { StatusBadge } from './status-badge.tsx';

const COLUMN_COUNT = 6;

/** What every ranked row holds: a leaderboard's and a league's alike. */
export type RankedRowData = Omit<LeaderboardRow, 'country' | 'club'>;

export interface RankedTableProps<Row extends RankedRowData> {
  /** The table's (visually hidden) caption. */
  caption: ReactNode;
  /** The heading of the column beside the status: Country, Club, Joined. */
  placeHeading: string;
  /** The heading (and button word) of the picks column: Picks, Players. */
  picksHeading: string;
  rows: readonly Row[];
  /** The next page is loading: the current one stays, under a progress bar. */
  isUpdating: boolean;
  renderRow: (row: Row, expander: { isExpanded: boolean; onToggle: () => void }) => ReactNode;
}

/**
 * Rank, player, total goals, status, a place column and each row's picks behind an expander.
 * On phones status and the place move under the name.
 */
export function RankedTable<Row extends RankedRowData>({
  caption,
  placeHeading,
  picksHeading,
  rows,
  isUpdating,
  renderRow,
}: RankedTableProps<Row>) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  function toggle(userId: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  }

  return (
    <div className="relative -mx-5 overflow-x-auto sm:mx-0">
      {/* A bar, not a fade: dimmed rows would drop below AA contrast while the next page loads. */}
      <div
        aria-hidden="true"
        className={cn(
          'absolute inset-x-0 top-0 h-1 overflow-hidden bg-pitch-700/15',
          !isUpdating && 'invisible',
        )}
      >
        <div className="h-full w-2/5 animate-progress bg-pitch-700 motion-reduce:w-full motion-reduce:animate-none" />
      </div>
      <table aria-busy={isUpdating || undefined} className="w-full border-collapse text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-line border-b font-display text-muted text-xs uppercase tracking-wider">
            <th scope="col" className="w-14 py-3 pr-1 pl-5 font-medium sm:w-20 sm:pl-4">
              Rank
            </th>
            <th scope="col" className="px-2 py-3 font-medium">
              Player
            </th>
            <th scope="col" className="px-2 py-3 text-right font-medium sm:text-center">
              <span className="sm:hidden">Goals</span>
              <span className="hidden sm:inline">Total Goals</span>
            </th>
            <th scope="col" className="hidden px-2 py-3 font-medium sm:table-cell">
              Status
            </th>
            <th scope="col" className="hidden px-2 py-3 font-medium md:table-cell">
              {placeHeading}
            </th>
            <th scope="col" className="py-3 pr-5 pl-1 text-right font-medium sm:pr-4">
              <span className="sr-only sm:not-sr-only">{picksHeading}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.userId}>
              {renderRow(row, {
                isExpanded: expanded.has(row.userId),
                onToggle: () => toggle(row.userId),
              })}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface RankedRowProps {
  row: RankedRowData;
  /** The row's test id, e.g. "leaderboard-row". */
  testId: string;
  /** The rank cell's content (the rank, and a crown where one is worn). */
  rank: ReactNode;
  /** The total goals cell's content. */
  goals: ReactNode;
  /** The place under the name on phones. */
  place: ReactNode;
  /** The place column's cell. */
  placeCell: ReactNode;
  placeCellClassName?: string;
  /** The picks button's word: Picks, Players. */
  picksLabel: string;
  clubs?: readonly Club[];
  isExpanded: boolean;
  onToggle: () => void;
}

/** One ranked player, and (expanded) their picks: the viewer's own, everyone else's hidden. */
export function RankedRow({
  row,
  testId,
  rank,
  goals,
  place,
  placeCell,
  placeCellClassName,
  picksLabel,
  clubs,
  isExpanded,
  onToggle,
}: RankedRowProps) {
  const picksId = useId();
  return (
    <>
      <tr
        data-testid={testId}
        data-you={row.isYou || undefined}
        className={cn(
          'border-line border-b align-middle',
          row.isYou ? 'bg-gold-100 shadow-[inset_4px_0_0_var(--color-gold-400)]' : 'hover:bg-stone-50',
          isExpanded && 'border-b-0',
        )}
      >
        <td className="py-3 pr-1 pl-5 sm:pl-4">{rank}</td>
        <th scope="row" className="px-2 py-3 text-left font-normal">
          <span className="flex flex-col gap-1">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold text-ink [overflow-wrap:anywhere]">{row.fullName}</span>
              {row.isYou ? <Badge variant="dark">You</Badge> : null}
            </span>
            {/* Phones: status and place under the name. */}
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted text-xs md:hidden">
              <StatusBadge status={row.status} className="sm:hidden" />
              {place}
            </span>
          </span>
        </th>
        <td className="px-2 py-3 text-right sm:text-center">{goals}</td>
        <td className="hidden px-2 py-3 sm:table-cell">
          <StatusBadge status={row.status} />
        </td>
        <td className={cn('hidden px-2 py-3 text-sm md:table-cell', placeCellClassName)}>{placeCell}</td>
        <td className="py-3 pr-5 pl-1 text-right sm:pr-4">
          <button
            type="button"
            aria-expanded={isExpanded}
            aria-controls={picksId}
            aria-label={`${picksLabel} of ${row.fullName}`}
            onClick={onToggle}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 font-display font-medium text-felt-900 text-sm uppercase tracking-wide hover:bg-felt-50"
          >
            <span className="hidden sm:inline">{picksLabel}</span>
            <ChevronDown
              aria-hidden="true"
              className={cn('size-5 transition-transform', isExpanded && 'rotate-180')}
            />
          </button>
        </td>
      </tr>
      {isExpanded ? (
        <tr className={cn('border-line border-b', row.isYou && 'bg-gold-100')}>
          <td colSpan={COLUMN_COUNT} id={picksId} className="px-5 pb-4 sm:px-4">
            {row.isYou ? <OwnPicks picks={row.picks ?? []} clubs={clubs} /> : <HiddenPicks />}
          </td>
        </tr>
      ) : null}
    </>
  );
}

function OwnPicks({ picks, clubs }: { picks: readonly Pick[]; clubs?: readonly Club[] }) {
  if (picks.length === 0) return <p className="text-muted text-sm">No players selected yet</p>;
  return (
    <ul aria-label="Your picks" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      {picks.map((pick) => {
        const club = clubs?.find((candidate) => candidate.code === pick.clubCode);
        return (
          <li
            key={pick.playerId}
            className="flex items-center gap-3 rounded-xl bg-white px-3 py-2 ring-1 ring-line"
          >
            {club ? (
              <span className="size-9 shrink-0">
                <Jersey club={club} size="fluid" />
              </span>
            ) : null}
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-semibold text-sm" title={pick.name}>
                {pick.name}
              </span>
              <span className="truncate text-muted text-xs">
                {pick.clubName} · {POSITION_LABELS[pick.position]}
              </span>
            </span>
            <span className="numeric shrink-0 text-right">
              <span className="font-bold text-felt-900 text-xl">{pick.goals}</span>{' '}
              <span className="text-muted text-xs uppercase">{pick.goals === 1 ? 'goal' : 'goals'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function HiddenPicks() {
  return (
    <p className="flex items-center gap-2 rounded-xl bg-stone-100 px-3 py-2.5 text-muted text-sm">
      <EyeOff aria-hidden="true" className="size-4 shrink-0" />
      Player selections are hidden
    </p>
  );
}
