import { type Club, GOAL_TARGET, type LeaderboardRow } from '@hit21/core';
import { Crown } from 'lucide-react';
import { RankedRow } from '../../../components/game/ranked-table.tsx';
import { CountryFlag } from '../../../components/ui/country-flag.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { countryNameFromStored, findCountryByName } from '../../../lib/countries.ts';

/** How many ranks wear a crown, when safe. */
const CROWNED_RANKS = 3;

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
  const isCrowned = row.rank <= CROWNED_RANKS && row.status === 'safe';
  const place =
    placeShown === 'club' ? <ClubName name={row.club} clubs={clubs} /> : <CountryName stored={row.country} />;

  return (
    <RankedRow
      row={row}
      testId="leaderboard-row"
      rank={
        <span className="flex items-center gap-1.5">
          <span className="numeric font-bold text-felt-900 text-xl">{row.rank}</span>
          {isCrowned ? (
            <Crown role="img" aria-label="Top 3" className="size-5 fill-gold-400 text-gold-700" />
          ) : null}
        </span>
      }
      goals={
        // One line: a two-digit total must not push "/ 21" under it.
        <span className="numeric whitespace-nowrap">
          <span className="font-bold text-2xl text-felt-900 leading-none">{row.totalGoals}</span>
          <span className="hidden text-muted text-sm sm:inline"> / {GOAL_TARGET}</span>
        </span>
      }
      place={place}
      placeCell={place}
      picksLabel="Picks"
      clubs={clubs}
      isExpanded={isExpanded}
      onToggle={onToggle}
    />
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
