import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function TermsOfUseRoute() {
  return <PageHeader title="Terms of Use" />;
}
