import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function LeagueStandingsRoute() {
  return <PageHeader title="League Standings" />;
}
