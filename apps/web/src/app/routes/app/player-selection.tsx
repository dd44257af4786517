import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { LOADING_MESSAGES } from '../../../config/loading-messages.ts';
import { useClubs } from '../../../features/clubs/api/list-clubs.ts';
import { PickerLoadError } from '../../../features/squad-picker/components/picker-load-error.tsx';
import { SquadPickerScreen } from '../../../features/squad-picker/components/squad-picker-screen.tsx';
import { playerFromPick } from '../../../features/squad-picker/pick-state.ts';
import { getUserMessage } from '../../../lib/api-client.ts';
import { useSquad } from '../../../lib/queries/get-squad.ts';

const SQUAD_LOAD_FAILED = 'Unable to load your previous player selections. Please try refreshing the page.';

export default function PlayerSelectionRoute() {
  const squad = useSquad();
  const clubs = useClubs();

  let content: ReactNode;
  if (squad.isError) {
    content = <PickerLoadError message={SQUAD_LOAD_FAILED} onRetry={() => squad.refetch()} />;
  } else if (clubs.isError) {
    content = <PickerLoadError message={getUserMessage(clubs.error)} onRetry={() => clubs.refetch()} />;
  } else if (!squad.data || !clubs.data) {
    content = <LoadingScreen message={LOADING_MESSAGES.playerSelection} />;
  } else {
    content = (
      <SquadPickerScreen
        mode="select"
        initialPicks={squad.data.picks.map(playerFromPick)}
        hadSquad={squad.data.picks.length > 0}
        clubs={clubs.data.clubs}
        isLocked={!squad.data.isEditable}
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
