import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function SettingsRoute() {
  return <PageHeader title="Settings" />;
}
