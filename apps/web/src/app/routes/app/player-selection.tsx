import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function PlayerSelectionRoute() {
  return <PageHeader title="Make Your Picks" />;
}
