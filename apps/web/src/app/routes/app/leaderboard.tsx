import type { LeaderboardType, Profile } from '@hit21/core';
import { Navigate, Outlet, useLocation, useMatch } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { LoadingScreen } from '../../../components/ui/loading-screen.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useClubs } from '../../../features/clubs/api/list-clubs.ts';
import { LeaderboardScreen } from '../../../features/leaderboard/components/leaderboard-screen.tsx';
import { isLeaderboardType, missingProfileMessage } from '../../../features/leaderboard/leaderboard-view.ts';
import { getUserMessage } from '../../../lib/api-client.ts';
import { countryNameFromStored } from '../../../lib/countries.ts';
import { useProfile } from '../../../lib/queries/get-profile.ts';

const TITLES: Readonly<Record<LeaderboardType, string>> = {
  global: 'Global Leaderboard',
  country: 'Country Leaderboard',
  team: 'Team Leaderboard',
};

/** Sent along with the redirect to the global board when the profile cannot open a tab. */
interface LeaderboardRedirectState {
  leaderboardNotice?: string;
}

/**
 * /leaderboard/{global|country|team}: one screen for the three tabs, so each tab keeps its
 * own view while the others are shown. /leaderboard itself renders its index child, which
 * redirects to the global tab.
 */
export default function LeaderboardRoute() {
  const type = useMatch(`${paths.leaderboard.path}/:type`)?.params.type;
  if (!isLeaderboardType(type)) return <Outlet />;
  return <LeaderboardTab type={type} />;
}

function LeaderboardTab({ type }: { type: LeaderboardType }) {
  const profile = useProfile();
  const clubs = useClubs();
  const location = useLocation();
  const notice = (location.state as LeaderboardRedirectState | null)?.leaderboardNotice;

  if (profile.data === null) return <Navigate to={paths.login.getHref()} replace />;
  if (profile.data) {
    const missing = missingProfileMessage(type, profile.data);
    if (missing) {
      const state: LeaderboardRedirectState = { leaderboardNotice: missing };
      return <Navigate to={paths.leaderboard.global.getHref()} replace state={state} />;
    }
  }

  return (
    <>
      <PageHeader
        title={TITLES[type]}
        description={profile.data ? describeBoard(type, profile.data) : undefined}
      />
      <Container className="py-6 sm:py-10">
        {profile.isError ? (
          <QueryError message={getUserMessage(profile.error)} onRetry={() => profile.refetch()} />
        ) : profile.data ? (
          <LeaderboardScreen
            type={type}
            boardNames={{
              country: profile.data.country ? countryNameFromStored(profile.data.country) : undefined,
              team: profile.data.favouriteClub ?? undefined,
            }}
            clubs={clubs.data?.clubs}
            notice={type === 'global' ? notice : undefined}
          />
        ) : (
          <LoadingScreen />
        )}
      </Container>
    </>
  );
}

function describeBoard(type: LeaderboardType, profile: Profile): string {
  if (type === 'country' && profile.country) {
    return `Players from ${countryNameFromStored(profile.country)}, ranked by how close they are to 21 goals.`;
  }
  if (type === 'team' && profile.favouriteClub) {
    return `${profile.favouriteClub} fans, ranked by how close they are to 21 goals.`;
  }
  return 'Every Hit21 player, ranked by how close they are to 21 goals without going over.';
}
