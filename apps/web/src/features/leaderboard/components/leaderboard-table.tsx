import type { Club, LeaderboardRow, LeaderboardType } from '@hit21/core';
import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { LeaderboardRowView } from './leaderboard-row.tsx';

export interface LeaderboardTableProps {
  type: LeaderboardType;
  rows: readonly LeaderboardRow[];
  clubs?: readonly Club[];
  /** The next page is loading: the current one stays, under a progress bar. */
  isUpdating: boolean;
}

/**
 * The board: rank, player, total goals, status, country (or club on the country board) and
 * each row's picks behind an expander. On phones status and country move under the name.
 */
export function LeaderboardTable({ type, rows, clubs, isUpdating }: LeaderboardTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const placeHeading = type === 'country' ? 'Club' : 'Country';

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
        <caption className="sr-only">
          {type === 'global' ? 'Global' : type === 'country' ? 'Country' : 'Team'} leaderboard
        </caption>
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
              <span className="sr-only sm:not-sr-only">Picks</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <LeaderboardRowView
              key={row.userId}
              row={row}
              placeShown={type === 'country' ? 'club' : 'country'}
              clubs={clubs}
              isExpanded={expanded.has(row.userId)}
              onToggle={() => toggle(row.userId)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
