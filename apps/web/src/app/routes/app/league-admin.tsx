import { useParams } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { LeagueAdminScreen } from '../../../features/leagues/components/admin-screen.tsx';
import { useServerClockOffset } from '../../../features/season/api/get-season.ts';

export default function LeagueAdminRoute() {
  const { leagueId = '' } = useParams();
  const clockOffsetMs = useServerClockOffset();
  return (
    <>
      <PageHeader eyebrow="Mini Leagues" title="League Admin" />
      <Container className="py-6 sm:py-8">
        {/* A new league id starts the screen afresh (its tab, forms and filters). */}
        <LeagueAdminScreen key={leagueId} leagueId={leagueId} clockOffsetMs={clockOffsetMs} />
      </Container>
    </>
  );
}
