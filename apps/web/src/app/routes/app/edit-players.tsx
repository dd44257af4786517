import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { LOADING_MESSAGES } from '../../../config/loading-messages.ts';
import { paths } from '../../../config/paths.ts';
import { useClubs } from '../../../features/clubs/api/list-clubs.ts';
import { useSeason } from '../../../features/season/api/get-season.ts';
import { PickerLoadError } from '../../../features/squad-picker/components/picker-load-error.tsx';
import { SquadPickerScreen } from '../../../features/squad-picker/components/squad-picker-screen.tsx';
import { playerFromPick } from '../../../features/squad-picker/pick-state.ts';
import { getUserMessage } from '../../../lib/api-client.ts';
import { useSquad } from '../../../lib/queries/get-squad.ts';

const SQUAD_LOAD_FAILED = 'Unable to load your previous player selections. Please try refreshing the page.';

export default function EditPlayersRoute() {
  const squad = useSquad();
  const clubs = useClubs();
  const season = useSeason();

  // Picks lock at the deadline (DECISIONS.md): the edit screen then sends the user to the dashboard.
  if (season.data?.isDeadlinePassed || squad.data?.isEditable === false) {
    return <Navigate to={paths.dashboard.getHref()} replace />;
  }

  let content: ReactNode;
  if (squad.isError) {
    content = <PickerLoadError message={SQUAD_LOAD_FAILED} onRetry={() => squad.refetch()} />;
  } else if (clubs.isError || season.isError) {
    content = (
      <PickerLoadError
        message={getUserMessage(clubs.error ?? season.error)}
        onRetry={() => {
          if (clubs.isError) clubs.refetch();
          if (season.isError) season.refetch();
        }}
      />
    );
  } else if (!squad.data || !clubs.data || !season.data) {
    content = <LoadingScreen message={LOADING_MESSAGES.squad} />;
  } else {
    content = (
      <SquadPickerScreen
        mode="edit"
        initialPicks={squad.data.picks.map(playerFromPick)}
        hadSquad={squad.data.picks.length > 0}
        clubs={clubs.data.clubs}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Edit Your Team"
        description="Make your changes before the whistle blows."
        actions={
          <Button asChild variant="gold">
            <Link to={paths.dashboard.getHref()}>
              <ArrowLeft aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
        }
      />
      {content}
    </>
  );
}
