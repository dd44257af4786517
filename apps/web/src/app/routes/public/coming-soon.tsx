import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function ComingSoonRoute() {
  return <PageHeader title="Coming Soon" />;
}
