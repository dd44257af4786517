import type { Club, LeagueSummary } from '@hit21/core';
import { ChevronRight, Clock, Crown, Globe, LogIn, Plus, Shield, Users } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { CountryFlag } from '../../../components/ui/country-flag.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { plural } from '../../../lib/plural.ts';
import { useMyLeagues } from '../api/list-my-leagues.ts';
import { groupMyLeagues } from '../utils/my-leagues-panel-groups.ts';
import { CreateLeagueForm } from './create-league-form.tsx';
import { JoinLeagueForm } from './join-league-form.tsx';
import { SEASON_OVER_PENDING_NOTE, SeasonOverNotice } from './season-over-notice.tsx';

export interface MyLeaguesPanelProps {
  country: { name: string; code?: string };
  /** The favourite club: its jersey when the club is known, its name always. */
  club: { name: string; identity?: Pick<Club, 'code' | 'name' | 'primaryColour'> };
  /** The server's clock minus this device's: the join deadline is checked against the game's. */
  clockOffsetMs?: number;
  className?: string;
  /** Once the season is over, leagues are neither created nor joined: the panel says so instead. */
  isSeasonOver?: boolean;
}

type InlineForm = 'create' | 'join' | null;

/**
 * The dashboard's LEAGUES: create or join a mini-league right here, the player's private
 * leagues ("Created by you", "Joined") and the three public leaderboards.
 */
export function MyLeaguesPanel({
  country,
  club,
  clockOffsetMs,
  className,
  isSeasonOver = false,
}: MyLeaguesPanelProps) {
  const [form, setForm] = useState<InlineForm>(null);
  const privateHeadingId = useId();
  const publicHeadingId = useId();
  const formId = useId();
  const titleId = useId();
  const toggle = (next: Exclude<InlineForm, null>) => setForm((current) => (current === next ? null : next));

  return (
    <Card className={className} role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Leagues</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <div className="grid grid-cols-2 gap-3">
            <Button
              size="sm"
              variant={form === 'create' ? 'secondary' : 'primary'}
              aria-expanded={form === 'create'}
              aria-controls={form === 'create' ? formId : undefined}
              onClick={() => toggle('create')}
            >
              <Plus aria-hidden="true" />
              Create League
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-expanded={form === 'join'}
              aria-controls={form === 'join' ? formId : undefined}
              onClick={() => toggle('join')}
            >
              <LogIn aria-hidden="true" />
              Join League
            </Button>
          </div>
          {form ? (
            <div id={formId} className="rounded-xl bg-stone-50 p-4 ring-1 ring-line">
              {isSeasonOver ? (
                <SeasonOverNotice />
              ) : form === 'create' ? (
                <CreateLeagueForm
                  variant="inline"
                  onCancel={() => setForm(null)}
                  clockOffsetMs={clockOffsetMs}
                />
              ) : (
                <JoinLeagueForm onCancel={() => setForm(null)} onJoined={() => setForm(null)} />
              )}
            </div>
          ) : null}
        </div>

        <section aria-labelledby={privateHeadingId} className="flex flex-col gap-3">
          <LeagueGroupHeading id={privateHeadingId}>My Leagues</LeagueGroupHeading>
          <PrivateLeagues isSeasonOver={isSeasonOver} />
        </section>

        <section aria-labelledby={publicHeadingId} className="flex flex-col gap-2">
          <LeagueGroupHeading id={publicHeadingId}>Public Leagues</LeagueGroupHeading>
          <ul className="flex flex-col gap-2">
            <LeagueLink
              to={paths.leaderboard.global.getHref()}
              name="Global"
              detail="Every Hit21 player"
              badge={<Globe className="size-6 text-felt-900" />}
            />
            <LeagueLink
              to={paths.leaderboard.country.getHref()}
              name={country.name}
              detail="Your country"
              badge={country.code ? <CountryFlag code={country.code} className="h-5" /> : <Globe />}
            />
            <LeagueLink
              to={paths.leaderboard.team.getHref()}
              name={club.name}
              detail="Your club's fans"
              badge={
                club.identity ? (
                  <Jersey club={club.identity} size="fluid" />
                ) : (
                  <Shield className="size-6 text-felt-900" />
                )
              }
            />
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}

function PrivateLeagues({ isSeasonOver }: { isSeasonOver: boolean }) {
  const leagues = useMyLeagues();
  const createdId = useId();
  const joinedId = useId();

  if (leagues.isError && !leagues.data) {
    return (
      <QueryError
        tone="panel"
        className="py-2"
        message="Unable to load your leagues. Please try again."
        retryLabel="Retry"
        onRetry={() => leagues.refetch()}
      />
    );
  }
  if (!leagues.data) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          Loading your leagues...
        </span>
        <Skeleton className="h-14 rounded-xl" />
        <Skeleton className="h-14 rounded-xl" />
      </div>
    );
  }

  const { created, joined } = groupMyLeagues(leagues.data.leagues);
  if (created.length === 0 && joined.length === 0) {
    return (
      <p className="rounded-xl border border-stone-300 border-dashed px-4 py-3 text-muted text-sm">
        No leagues yet. Create or join a league to get started!
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {created.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 id={createdId} className="font-semibold text-felt-900 text-sm">
            Created by you
          </h4>
          <ul aria-labelledby={createdId} className="flex flex-col gap-2">
            {created.map((league) => (
              <PrivateLeagueItem key={league.id} league={league} isSeasonOver={isSeasonOver} />
            ))}
          </ul>
        </div>
      ) : null}
      {joined.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 id={joinedId} className="font-semibold text-felt-900 text-sm">
            Joined
          </h4>
          <ul aria-labelledby={joinedId} className="flex flex-col gap-2">
            {joined.map((league) => (
              <PrivateLeagueItem key={league.id} league={league} isSeasonOver={isSeasonOver} />
            ))}
          </ul>
        </div>
      ) : null}
      <Link
        to={paths.leagues.getHref()}
        className="self-start font-medium text-felt-900 text-sm underline-offset-4 hover:underline"
      >
        See all your leagues
      </Link>
    </div>
  );
}

function PrivateLeagueItem({ league, isSeasonOver }: { league: LeagueSummary; isSeasonOver: boolean }) {
  const detail = `${league.memberCount} ${plural(league.memberCount, 'member')}`;
  const badge = league.isAdmin ? (
    <Crown className="size-5 text-gold-700" />
  ) : (
    <Users className="size-5 text-felt-900" />
  );
  if (league.myStatus === 'pending') {
    return (
      <li className="flex min-h-14 items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-line ring-dashed">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-lg bg-stone-100">
          {badge}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-display font-semibold text-felt-900 uppercase tracking-wide">
            {league.name}
          </span>
          <span className="text-muted text-xs">
            {isSeasonOver ? SEASON_OVER_PENDING_NOTE : 'Waiting for approval'}
          </span>
        </span>
        <Badge variant="warning">
          <Clock aria-hidden="true" />
          Pending
        </Badge>
      </li>
    );
  }
  return (
    <LeagueLink
      to={paths.leagues.standings.getHref(league.id)}
      name={league.name}
      detail={detail}
      badge={badge}
    />
  );
}

function LeagueGroupHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="font-display font-semibold text-muted text-sm uppercase tracking-[0.15em]">
      {children}
    </h3>
  );
}

function LeagueLink({
  to,
  name,
  detail,
  badge,
}: {
  to: string;
  name: string;
  detail: string;
  badge: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        className="group flex min-h-14 items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-line transition-colors hover:bg-felt-50 hover:ring-felt-200"
      >
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-lg bg-felt-50">
          {badge}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-display font-semibold text-felt-900 uppercase tracking-wide">
            {name}
          </span>
          <span className="text-muted text-xs">{detail}</span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted group-hover:text-felt-900" />
      </Link>
    </li>
  );
}
