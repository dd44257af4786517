import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function DashboardRoute() {
  return <PageHeader title="Dashboard" />;
}
