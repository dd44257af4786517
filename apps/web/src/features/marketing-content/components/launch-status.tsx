import type { SeasonState } from '@hit21/core';
import { PartyPopper, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import type { LaunchPhase } from '../lib/launch-phase.ts';
import { ReaderDateTime } from './reader-date-time.tsx';

type StatusSeason = Pick<SeasonState, 'name' | 'pickDeadline' | 'currentGameweek' | 'gameweeks'>;

/** The phases after the launch: the countdown shows zeros and the waitlist has closed. */
type LaunchedPhase = Exclude<LaunchPhase, 'before-launch'>;

/** What the game's state means for someone arriving now, phase by phase. */
function launchedCopy(phase: LaunchedPhase, season: StatusSeason) {
  const deadline = <ReaderDateTime iso={season.pickDeadline} />;
  switch (phase) {
    case 'launched':
      return {
        heading: 'The game has launched!',
        body: <>Sign up and pick your 4 players before the pick deadline, {deadline}.</>,
      };
    case 'in-season':
      return {
        heading: 'The game has launched!',
        body: (
          <>
            The season is under way: gameweek {season.currentGameweek} of {season.gameweeks.length}. It's not
            too late to sign up and pick 4 players who haven't scored yet this season.
          </>
        ),
      };
    case 'season-over':
      return {
        heading: `The ${season.name} season is over`,
        body: <>Thanks to everyone who played. Create an account now to be ready for next season.</>,
      };
  }
}

/** Under the zeros of the countdown: what the launch means now, with a way to sign up. */
export function LaunchedNotice({ phase, season }: { phase: LaunchedPhase; season: StatusSeason }) {
  const { heading, body } = launchedCopy(phase, season);
  const Icon = phase === 'season-over' ? Trophy : PartyPopper;
  return (
    <div
      data-testid="launch-status"
      className="flex flex-col items-start gap-4 rounded-xl bg-gold-400/10 p-4 ring-1 ring-gold-400/40 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-gold-400" />
        <span>
          <strong className="block font-display font-semibold text-gold-300 text-xl uppercase tracking-wide">
            {heading}
          </strong>
          <span className="text-felt-100">{body}</span>
        </span>
      </p>
      <Link to={paths.signup.getHref()} className={buttonVariants({ variant: 'gold' })}>
        Sign Up
      </Link>
    </div>
  );
}

/**
 * In place of the waitlist once the game has launched: there is nothing left to wait for, so
 * the card invites the visitor to play.
 */
export function PlayNowCard({ phase, className }: { phase: LaunchedPhase; className?: string }) {
  const description =
    phase === 'season-over'
      ? 'The season has finished. Your account will be ready when the next one opens.'
      : 'Free to play. Create an account, pick 4 Premier League players and aim for exactly 21 goals.';
  return (
    <Card role="region" aria-labelledby="play-now-title" className={cn('flex flex-col', className)}>
      <CardHeader>
        <CardTitle id="play-now-title" className="text-2xl text-felt-900">
          {phase === 'season-over' ? 'See you next season' : 'The game is live'}
        </CardTitle>
        <CardDescription className="text-base">{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Link to={paths.signup.getHref()} className={buttonVariants({ size: 'lg' })}>
          Play for Free
        </Link>
        <p className="text-center text-muted">
          Already playing?{' '}
          <Link
            to={paths.login.getHref()}
            className="font-medium text-pitch-800 underline underline-offset-2"
          >
            Login
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
