import { Navigate, useLocation } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { LeagueCreatedScreen } from '../../../features/leagues/components/league-created-screen.tsx';
import { readLeagueCreatedState } from '../../../features/leagues/utils/league-created-state.ts';

/** /leagues/created: shown once, with the league creating it passed along; otherwise /leagues. */
export default function LeagueCreatedRoute() {
  const league = readLeagueCreatedState(useLocation().state);
  if (!league) return <Navigate to={paths.leagues.getHref()} replace />;
  return (
    <>
      <PageHeader
        eyebrow="Mini Leagues"
        title="League Created"
        description="Your league is ready. Share its code or invite link with your friends."
      />
      <Container className="py-6 sm:py-10">
        <LeagueCreatedScreen league={league} />
      </Container>
    </>
  );
}
