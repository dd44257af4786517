import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function ForgotPasswordRoute() {
  return <PageHeader title="Forgot Password" />;
}
