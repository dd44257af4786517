import { type Club, GOAL_TARGET, type LeaderboardRow, type Pick, POSITION_LABELS } from '@hit21/core';
import { ChevronDown, Crown, EyeOff } from 'lucide-react';
import { useId } from 'react';
import { StatusBadge } from '../../../components/game/status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { CountryFlag } from '../../../components/ui/country-flag.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { cn } from '../../../lib/cn.ts';
import { countryNameFromStored, findCountryByName } from '../../../lib/countries.ts';

/** How many ranks wear a crown, when safe. */
const CROWNED_RANKS = 3;
const COLUMN_COUNT = 6;

export interface LeaderboardRowViewProps {
  row: LeaderboardRow;
  /** The column beside the status: the player's country, or their club on a country board. */
  placeShown: 'country' | 'club';
  clubs?: readonly Club[];
  isExpanded: boolean;
  onToggle: () => void;
}

/** One player on the board, and (expanded) their picks: the viewer's own, everyone else's hidden. */
export function LeaderboardRowView({
  row,
  placeShown,
  clubs,
  isExpanded,
  onToggle,
}: LeaderboardRowViewProps) {
  const picksId = useId();
  const isCrowned = row.rank <= CROWNED_RANKS && row.status === 'safe';
  const place =
    placeShown === 'club' ? <ClubName name={row.club} clubs={clubs} /> : <CountryName stored={row.country} />;

  return (
    <>
      <tr
        data-testid="leaderboard-row"
        data-you={row.isYou || undefined}
        className={cn(
          'border-line border-b align-middle',
          row.isYou ? 'bg-gold-100 shadow-[inset_4px_0_0_var(--color-gold-400)]' : 'hover:bg-stone-50',
          isExpanded && 'border-b-0',
        )}
      >
        <td className="py-3 pr-1 pl-5 sm:pl-4">
          <span className="flex items-center gap-1.5">
            <span className="numeric font-bold text-felt-900 text-xl">{row.rank}</span>
            {isCrowned ? (
              <Crown role="img" aria-label="Top 3" className="size-5 fill-gold-400 text-gold-700" />
            ) : null}
          </span>
        </td>
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
        <td className="px-2 py-3 text-right sm:text-center">
          <span className="numeric font-bold text-2xl text-felt-900 leading-none">{row.totalGoals}</span>
          <span className="numeric hidden text-muted text-sm sm:inline"> / {GOAL_TARGET}</span>
        </td>
        <td className="hidden px-2 py-3 sm:table-cell">
          <StatusBadge status={row.status} />
        </td>
        <td className="hidden px-2 py-3 text-sm md:table-cell">{place}</td>
        <td className="py-3 pr-5 pl-1 text-right sm:pr-4">
          <button
            type="button"
            aria-expanded={isExpanded}
            aria-controls={picksId}
            aria-label={`Picks of ${row.fullName}`}
            onClick={onToggle}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 font-display font-medium text-felt-900 text-sm uppercase tracking-wide hover:bg-felt-50"
          >
            <span className="hidden sm:inline">Picks</span>
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

function CountryName({ stored }: { stored: string }) {
  const name = countryNameFromStored(stored);
  return (
    <span className="inline-flex items-center gap-1.5">
      <CountryFlag code={findCountryByName(name)?.code} className="h-3.5" />
      {name}
    </span>
  );
}

function ClubName({ name, clubs }: { name: string; clubs?: readonly Club[] }) {
  const club = clubs?.find((candidate) => candidate.name === name);
  return (
    <span className="inline-flex items-center gap-1.5">
      {club ? (
        <span aria-hidden="true" className="size-6 shrink-0">
          <Jersey club={club} size="fluid" />
        </span>
      ) : null}
      {name}
    </span>
  );
}
