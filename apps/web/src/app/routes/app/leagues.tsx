import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function LeaguesRoute() {
  return <PageHeader title="Mini Leagues" />;
}
