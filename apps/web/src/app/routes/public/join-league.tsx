import { useParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { InviteScreen } from '../../../features/leagues/components/invite-screen.tsx';
import { useSeason } from '../../../features/season/api/get-season.ts';

export default function JoinLeagueRoute() {
  const { leagueCode = '' } = useParams();
  const season = useSeason();
  return (
    <>
      <PageHeader
        title="Join League"
        eyebrow="Mini-League Invite"
        description="A friend has invited you to their Hit21 mini-league."
      />
      {/* A new code remounts the screen, so nothing of the previous invite lingers. */}
      <InviteScreen key={leagueCode} rawCode={leagueCode} isSeasonOver={season.data?.isSeasonOver === true} />
    </>
  );
}
