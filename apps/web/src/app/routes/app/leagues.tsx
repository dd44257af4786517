import { LogIn, Plus } from 'lucide-react';
import { useState } from 'react';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { type LeaguesDialog, LeaguesDialogs } from '../../../features/leagues/components/leagues-dialogs.tsx';
import { LeaguesList } from '../../../features/leagues/components/leagues-list.tsx';
import { useSeason, useServerClockOffset } from '../../../features/season/api/get-season.ts';

/** /leagues: the player's mini-leagues, and creating or joining one. */
export default function LeaguesRoute() {
  const [dialog, setDialog] = useState<LeaguesDialog>(null);
  const clockOffsetMs = useServerClockOffset();
  const isSeasonOver = useSeason().data?.isSeasonOver === true;
  return (
    <>
      <PageHeader
        title="Mini Leagues"
        description="Play Hit21 with your friends: create a league, or join one with its code."
        actions={
          <>
            <Button variant="gold" onClick={() => setDialog('create')}>
              <Plus aria-hidden="true" />
              Create League
            </Button>
            <Button variant="secondary" onClick={() => setDialog('join')}>
              <LogIn aria-hidden="true" />
              Join League
            </Button>
          </>
        }
      />
      <Container className="py-6 sm:py-10">
        <LeaguesList
          onCreate={() => setDialog('create')}
          onJoin={() => setDialog('join')}
          isSeasonOver={isSeasonOver}
        />
      </Container>
      <LeaguesDialogs
        open={dialog}
        onOpenChange={setDialog}
        clockOffsetMs={clockOffsetMs}
        isSeasonOver={isSeasonOver}
      />
    </>
  );
}
