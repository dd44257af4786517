import { type Club, GOAL_TARGET, type LeagueStandingRow, type Pick, POSITION_LABELS } from '@hit21/core';
import { ChevronDown, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { StatusBadge } from '../../../components/game/status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatJoinedDate } from '../utils/standings-view.ts';

const COLUMN_COUNT = 6;

export interface StandingsTableProps {
  leagueName: string;
  rows: readonly LeagueStandingRow[];
  clubs?: readonly Club[];
  /** The next page is loading: the current one stays, under a progress bar. */
  isUpdating: boolean;
}

/**
 * Rank, player, total goals out of 21, status, joined and each member's picks behind an
 * expander. On phones status and the joined date move under the name.
 */
export function StandingsTable({ leagueName, rows, clubs, isUpdating }: StandingsTableProps) {
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
        <caption className="sr-only">Standings of {leagueName}</caption>
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
              Joined
            </th>
            <th scope="col" className="py-3 pr-5 pl-1 text-right font-medium sm:pr-4">
              <span className="sr-only sm:not-sr-only">Players</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <StandingsRow
              key={row.userId}
              row={row}
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

interface StandingsRowProps {
  row: LeagueStandingRow;
  clubs?: readonly Club[];
  isExpanded: boolean;
  onToggle: () => void;
}

/** One member, and (expanded) their picks: the viewer's own, everyone else's hidden. */
function StandingsRow({ row, clubs, isExpanded, onToggle }: StandingsRowProps) {
  const picksId = useId();
  const joined = formatJoinedDate(row.joinedAt);
  return (
    <>
      <tr
        data-testid="standings-row"
        data-you={row.isYou || undefined}
        className={cn(
          'border-line border-b align-middle',
          row.isYou ? 'bg-gold-100 shadow-[inset_4px_0_0_var(--color-gold-400)]' : 'hover:bg-stone-50',
          isExpanded && 'border-b-0',
        )}
      >
        <td className="py-3 pr-1 pl-5 sm:pl-4">
          <span className="numeric font-bold text-felt-900 text-xl">{row.rank}</span>
        </td>
        <th scope="row" className="px-2 py-3 text-left font-normal">
          <span className="flex flex-col gap-1">
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold text-ink [overflow-wrap:anywhere]">{row.fullName}</span>
              {row.isYou ? <Badge variant="dark">You</Badge> : null}
            </span>
            {/* Phones: status and the joined date under the name. */}
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted text-xs md:hidden">
              <StatusBadge status={row.status} className="sm:hidden" />
              <span>Joined {joined}</span>
            </span>
          </span>
        </th>
        <td className="px-2 py-3 text-right sm:text-center">
          <span className="numeric whitespace-nowrap">
            <span className="font-bold text-2xl text-felt-900 leading-none">{row.totalGoals}</span>
            <span className="text-muted text-sm">/{GOAL_TARGET}</span>
          </span>
        </td>
        <td className="hidden px-2 py-3 sm:table-cell">
          <StatusBadge status={row.status} />
        </td>
        <td className="numeric hidden whitespace-nowrap px-2 py-3 text-sm md:table-cell">{joined}</td>
        <td className="py-3 pr-5 pl-1 text-right sm:pr-4">
          <button
            type="button"
            aria-expanded={isExpanded}
            aria-controls={picksId}
            aria-label={`Players of ${row.fullName}`}
            onClick={onToggle}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 font-display font-medium text-felt-900 text-sm uppercase tracking-wide hover:bg-felt-50"
          >
            <span className="hidden sm:inline">Players</span>
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
