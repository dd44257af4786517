import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function LeagueAdminRoute() {
  return <PageHeader title="League Admin" />;
}
