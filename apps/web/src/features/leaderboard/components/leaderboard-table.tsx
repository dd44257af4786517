import type { Club, LeaderboardRow, LeaderboardType } from '@hit21/core';
import { RankedTable } from '../../../components/game/ranked-table.tsx';
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
  return (
    <RankedTable
      caption={`${type === 'global' ? 'Global' : type === 'country' ? 'Country' : 'Team'} leaderboard`}
      placeHeading={type === 'country' ? 'Club' : 'Country'}
      picksHeading="Picks"
      rows={rows}
      isUpdating={isUpdating}
      renderRow={(row, { isExpanded, onToggle }) => (
        <LeaderboardRowView
          row={row}
          placeShown={type === 'country' ? 'club' : 'country'}
          clubs={clubs}
          isExpanded={isExpanded}
          onToggle={onToggle}
        />
      )}
    />
  );
}
