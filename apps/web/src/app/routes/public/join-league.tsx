import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function JoinLeagueRoute() {
  return <PageHeader title="Join League" />;
}
