import { useParams } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { useClubs } from '../../../features/clubs/api/list-clubs.ts';
import { LeagueStandingsScreen } from '../../../features/leagues/components/standings-screen.tsx';

/** /leagues/:leagueId and /leagues/:leagueId/standings (the same screen). */
export default function LeagueStandingsRoute() {
  const { leagueId = '' } = useParams();
  // The clubs' jerseys beside the viewer's own picks.
  const clubs = useClubs();
  return (
    <>
      <PageHeader eyebrow="Mini Leagues" title="League Standings" />
      <Container className="py-6 sm:py-10">
        {/* A new league id starts the screen afresh (its search, page and tab). */}
        <LeagueStandingsScreen key={leagueId} leagueId={leagueId} clubs={clubs.data?.clubs} />
      </Container>
    </>
  );
}
