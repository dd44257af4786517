import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function LeagueCreatedRoute() {
  return <PageHeader title="League Created" />;
}
