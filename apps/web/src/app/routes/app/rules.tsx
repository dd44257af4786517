import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function RulesRoute() {
  return <PageHeader title="Rules" />;
}
