import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function OnboardingRoute() {
  return <PageHeader title="Set Up Your Profile" />;
}
