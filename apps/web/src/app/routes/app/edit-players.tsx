import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function EditPlayersRoute() {
  return <PageHeader title="Edit Your Team" />;
}
