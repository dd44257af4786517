import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function PrivacyPolicyRoute() {
  return <PageHeader title="Privacy Policy" />;
}
