import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function LoginRoute() {
  return <PageHeader title="Login" />;
}
