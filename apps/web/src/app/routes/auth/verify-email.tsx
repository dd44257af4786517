import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function VerifyEmailRoute() {
  return <PageHeader title="Verify Your Email" />;
}
