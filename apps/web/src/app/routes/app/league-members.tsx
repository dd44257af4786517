import { useParams } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { LeagueMembersScreen } from '../../../features/leagues/components/members-screen.tsx';

export default function LeagueMembersRoute() {
  const { leagueId = '' } = useParams();
  return (
    <>
      <PageHeader eyebrow="Mini Leagues" title="League Members" />
      <Container className="py-6 sm:py-8">
        <LeagueMembersScreen key={leagueId} leagueId={leagueId} />
      </Container>
    </>
  );
}
