import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function SignupRoute() {
  return <PageHeader title="Sign Up" />;
}
