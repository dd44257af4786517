import { PageHeader } from '../../../components/layouts/page-header.tsx';

export default function LeaderboardRoute() {
  return <PageHeader title="Leaderboard" />;
}
