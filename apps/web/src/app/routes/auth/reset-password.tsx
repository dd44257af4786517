import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function ResetPasswordRoute() {
  return <PageHeader title="Reset Password" />;
}
