import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { LOADING_MESSAGES } from '../../../config/loading-messages.ts';
import { useClubs } from '../../../features/clubs/api/list-clubs.ts';
import { PickerLoadError } from '../../../features/team-picker/components/picker-load-error.tsx';
import { TeamPickerScreen } from '../../../features/team-picker/components/team-picker-screen.tsx';
import { playerFromPick } from '../../../features/team-picker/pick-state.ts';
import { getUserMessage } from '../../../lib/api-client.ts';
import { useTeam } from '../../../lib/queries/get-team.ts';

const TEAM_LOAD_FAILED = 'Unable to load your previous player selections. Please try refreshing the page.';

export default function PlayerSelectionRoute() {
  const team = useTeam();
  const clubs = useClubs();

  let content: ReactNode;
  if (team.isError) {
    content = <PickerLoadError message={TEAM_LOAD_FAILED} onRetry={() => team.refetch()} />;
  } else if (clubs.isError) {
    content = <PickerLoadError message={getUserMessage(clubs.error)} onRetry={() => clubs.refetch()} />;
  } else if (!team.data || !clubs.data) {
    content = <LoadingScreen message={LOADING_MESSAGES.playerSelection} />;
  } else {
    content = (
      <TeamPickerScreen
        mode="select"
        initialPicks={team.data.picks.map(playerFromPick)}
        hadTeam={team.data.picks.length > 0}
        clubs={clubs.data.clubs}
        isLocked={!team.data.isEditable}
      />
    );
  }

  return (
    <>
      <PageHeader title="Make Your Picks" description="Select 4 players to score 21 goals this season" />
      {content}
    </>
  );
}
