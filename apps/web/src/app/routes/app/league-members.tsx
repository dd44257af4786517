import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function LeagueMembersRoute() {
  return <PageHeader title="League Members" />;
}
