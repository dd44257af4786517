import { type Club, GOAL_TARGET, type LeagueStandingRow } from '@hit21/core';
import { RankedRow, RankedTable } from '../../../components/game/ranked-table.tsx';
import { formatJoinedDate } from '../utils/standings-view.ts';

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
  return (
    <RankedTable
      caption={`Standings of ${leagueName}`}
      placeHeading="Joined"
      picksHeading="Players"
      rows={rows}
      isUpdating={isUpdating}
      renderRow={(row, { isExpanded, onToggle }) => {
        const joined = formatJoinedDate(row.joinedAt);
        return (
          <RankedRow
            row={row}
            testId="standings-row"
            rank={<span className="numeric font-bold text-felt-900 text-xl">{row.rank}</span>}
            goals={
              <span className="numeric whitespace-nowrap">
                <span className="font-bold text-2xl text-felt-900 leading-none">{row.totalGoals}</span>
                <span className="text-muted text-sm">/{GOAL_TARGET}</span>
              </span>
            }
            place={<span>Joined {joined}</span>}
            placeCell={joined}
            placeCellClassName="numeric whitespace-nowrap"
            picksLabel="Players"
            clubs={clubs}
            isExpanded={isExpanded}
            onToggle={onToggle}
          />
        );
      }}
    />
  );
}
