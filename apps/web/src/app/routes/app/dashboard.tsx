import {
  buildSeasonStory,
  type Club,
  type Profile,
  projectedGoals,
  type SeasonState,
  type Squad,
  type SquadGoals,
} from '@hit21/core';
import { type ReactNode, useMemo } from 'react';
import { Navigate } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { Pitch } from '../../../components/pitch/pitch.tsx';
import { paths } from '../../../config/paths.ts';
import { useClubs } from '../../../features/clubs/api/list-clubs.ts';
import { useSquadGoals } from '../../../features/dashboard/api/get-squad-goals.ts';
import {
  DashboardError,
  DashboardSkeleton,
  NoSquadYet,
} from '../../../features/dashboard/components/dashboard-states.tsx';
import { SeasonStoryPanel } from '../../../features/dashboard/components/season-story-panel.tsx';
import { SquadPanel } from '../../../features/dashboard/components/squad-panel.tsx';
import { formatGoalDate } from '../../../features/dashboard/lib/format-goal-date.ts';
import { MyLeaguesPanel } from '../../../features/leagues/components/my-leagues-panel.tsx';
import { PendingInviteModal } from '../../../features/leagues/components/pending-invite-modal.tsx';
import { useSeason, useServerClockOffset } from '../../../features/season/api/get-season.ts';
import { countryNameFromStored, findCountryByName } from '../../../lib/countries.ts';
import { useProfile } from '../../../lib/queries/get-profile.ts';
import { useSquad } from '../../../lib/queries/get-squad.ts';

// The specification's defaults for a profile without a country or a favourite club.
const DEFAULT_COUNTRY = 'England';
const DEFAULT_CLUB = 'Brentford';

export default function DashboardRoute() {
  const squad = useSquad();
  const season = useSeason();
  const goals = useSquadGoals();
  const profile = useProfile();
  const clubs = useClubs();

  const required = [squad, season, goals, profile];
  let content: ReactNode;
  if (required.some((query) => query.isError)) {
    content = (
      <DashboardError
        onRetry={() => {
          for (const query of required) if (query.isError) query.refetch();
        }}
      />
    );
  } else if (profile.data === null) {
    return <Navigate to={paths.login.getHref()} replace />;
  } else if (!squad.data || !season.data || !goals.data || !profile.data) {
    content = <DashboardSkeleton />;
  } else if (squad.data.picks.length === 0) {
    content = <NoSquadYet />;
  } else {
    content = (
      <DashboardPanels
        squad={squad.data}
        season={season.data}
        goals={goals.data}
        profile={profile.data}
        clubs={clubs.data?.clubs}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Dashboard"
        eyebrow={season.data ? `Season ${season.data.name}` : undefined}
        description={season.data ? seasonMoment(season.data) : undefined}
      />
      <Container className="py-6 sm:py-10">{content}</Container>
      <PendingInviteModal />
    </>
  );
}

/** Where the season stands, in a line under the title. */
function seasonMoment(season: SeasonState): string {
  if (season.isSeasonOver) return 'Full time: the season is over. Here is how your 4 players did.';
  if (!season.isDeadlinePassed)
    return `Kick-off ${firstGameweekDate(season)}. Your picks lock at the deadline.`;
  return `Gameweek ${season.currentGameweek} of ${season.gameweeks.length}: here is how your 4 players are doing.`;
}

function firstGameweekDate(season: SeasonState): string {
  const first = season.gameweeks[0];
  // Midday UTC keeps the calendar day in every time zone.
  return first ? formatGoalDate(`${first.date}T12:00:00Z`) : '';
}

function DashboardPanels({
  squad,
  season,
  goals,
  profile,
  clubs,
}: {
  squad: Squad;
  season: SeasonState;
  goals: SquadGoals;
  profile: Profile;
  clubs?: readonly Club[];
}) {
  const story = useMemo(
    () => buildSeasonStory({ picks: squad.picks, goals: goals.goals, season }),
    [squad.picks, goals.goals, season],
  );
  const squadGoals = squad.picks.reduce((sum, pick) => sum + pick.goals, 0);
  const countryName = profile.country ? countryNameFromStored(profile.country) : DEFAULT_COUNTRY;
  const clubName = profile.favouriteClub ?? DEFAULT_CLUB;
  const clockOffsetMs = useServerClockOffset();

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
      <SquadPanel
        className="lg:col-span-2"
        squadGoals={squadGoals}
        projectedGoals={projectedGoals(squadGoals, season.currentGameweek, season.gameweeks.length)}
        isEditable={squad.isEditable}
        isSeasonOver={season.isSeasonOver}
      >
        <Pitch picks={squad.picks} label="Your team" clubs={clubs} />
      </SquadPanel>
      <MyLeaguesPanel
        country={{ name: countryName, code: findCountryByName(countryName)?.code }}
        club={{ name: clubName, identity: clubs?.find((club) => club.name === clubName) }}
        clockOffsetMs={clockOffsetMs}
        isSeasonOver={season.isSeasonOver}
      />
      <SeasonStoryPanel
        className="lg:col-span-3"
        story={story}
        firstGameweekDate={firstGameweekDate(season)}
      />
    </div>
  );
}
