import type { Club } from '@hit21/core';
import { ChevronRight, Globe, LogIn, Plus, Shield } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { CountryFlag } from '../../../components/ui/country-flag.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { paths } from '../../../config/paths.ts';

export interface LeaguesPanelProps {
  country: { name: string; code?: string };
  /** The favourite club: its jersey when the club is known, its name always. */
  club: { name: string; identity?: Pick<Club, 'code' | 'name' | 'primaryColour'> };
  className?: string;
}

/** LEAGUES: create or join a mini-league, the user's private leagues and the three public leaderboards. */
export function LeaguesPanel({ country, club, className }: LeaguesPanelProps) {
  const privateHeadingId = useId();
  const publicHeadingId = useId();
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Leagues</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {/* Both open the leagues page, where creating and joining live. */}
        <div className="grid grid-cols-2 gap-3">
          <Button asChild size="sm">
            <Link to={paths.leagues.getHref()}>
              <Plus aria-hidden="true" />
              Create League
            </Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.leagues.getHref()}>
              <LogIn aria-hidden="true" />
              Join League
            </Link>
          </Button>
        </div>

        <section aria-labelledby={privateHeadingId} className="flex flex-col gap-2">
          <LeagueGroupHeading id={privateHeadingId}>My Leagues</LeagueGroupHeading>
          {/* Private leagues ("Created by you", "Joined") arrive with the leagues capability; until then nobody has one. */}
          <p className="rounded-xl border border-stone-300 border-dashed px-4 py-3 text-muted text-sm">
            No leagues yet. Create or join a league to get started!
          </p>
        </section>

        <section aria-labelledby={publicHeadingId} className="flex flex-col gap-2">
          <LeagueGroupHeading id={publicHeadingId}>Public Leagues</LeagueGroupHeading>
          <ul className="flex flex-col gap-2">
            <PublicLeagueLink
              to={paths.leaderboard.global.getHref()}
              name="Global"
              detail="Every Hit21 player"
              badge={<Globe className="size-6 text-felt-900" />}
            />
            <PublicLeagueLink
              to={paths.leaderboard.country.getHref()}
              name={country.name}
              detail="Your country"
              badge={country.code ? <CountryFlag code={country.code} className="h-5" /> : <Globe />}
            />
            <PublicLeagueLink
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

function LeagueGroupHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="font-display font-semibold text-muted text-sm uppercase tracking-[0.15em]">
      {children}
    </h3>
  );
}

function PublicLeagueLink({
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
