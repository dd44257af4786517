import { CLUB_IDENTITIES_BY_FPL_CODE, type ClubIdentity } from '@hit21/core';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';

interface ExamplePick {
  clubCode: string;
  position: 'Forward' | 'Midfielder' | 'Defender';
  goals: number;
}

// The specification's example winning squad: 9 + 4 + 5 + 3 = 21.
const EXAMPLE_HAND: readonly ExamplePick[] = [
  { clubCode: 'ARS', position: 'Forward', goals: 9 },
  { clubCode: 'NEW', position: 'Midfielder', goals: 4 },
  { clubCode: 'BRI', position: 'Forward', goals: 5 },
  { clubCode: 'AVL', position: 'Defender', goals: 3 },
];

const POSITION_SHORT: Record<ExamplePick['position'], string> = {
  Forward: 'FWD',
  Midfielder: 'MID',
  Defender: 'DEF',
};

// Fanned like a hand of cards on wider screens.
const FAN = [
  'sm:-rotate-[10deg] sm:translate-y-4',
  'sm:-rotate-[3deg]',
  'sm:rotate-[4deg]',
  'sm:rotate-[11deg] sm:translate-y-4',
];

const CLUBS_BY_CODE = new Map<string, ClubIdentity>(
  Object.values(CLUB_IDENTITIES_BY_FPL_CODE).map((club) => [club.code, club]),
);

const FACTS = [
  { value: '4', label: 'Players' },
  { value: '21', label: 'Goal target' },
  { value: '38', label: 'Gameweeks' },
] as const;

export default function LandingRoute() {
  return (
    <section aria-labelledby="hero-title" className="felt-surface on-dark relative flex-1 overflow-hidden">
      <Container className="grid items-center gap-12 py-12 sm:py-16 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div className="flex flex-col items-start gap-6">
          <p className="rounded-full bg-white/10 px-3 py-1 font-display font-medium text-gold-300 text-sm uppercase tracking-[0.2em] ring-1 ring-white/15">
            Free to play · Premier League
          </p>
          <h1
            id="hero-title"
            className="font-bold font-display text-6xl uppercase leading-[0.95] tracking-tight sm:text-7xl lg:text-8xl"
          >
            Football <span className="text-gold-400">blackjack</span>
          </h1>
          <p className="max-w-xl text-felt-100 text-lg sm:text-xl">
            Pick 4 Premier League players. Score 21 goals this season. Go over and you're bust.
          </p>
          <Button asChild variant="gold" size="lg">
            <Link to={paths.signup.getHref()}>
              Play for Free
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <dl className="mt-2 grid w-full max-w-md grid-cols-3 divide-x divide-white/15 rounded-xl bg-felt-950/40 py-3 ring-1 ring-white/10">
            {FACTS.map((fact) => (
              <div key={fact.label} className="flex flex-col-reverse items-center gap-0.5 px-2">
                <dt className="text-felt-100 text-xs uppercase tracking-wider">{fact.label}</dt>
                <dd className={cn('numeric font-bold text-3xl', fact.value === '21' && 'text-gold-400')}>
                  {fact.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>

        <figure className="flex flex-col items-center gap-8">
          <ul className="grid w-full max-w-md grid-cols-4 gap-2 sm:flex sm:max-w-none sm:justify-center sm:gap-0 sm:[&>li+li]:-ml-8">
            {EXAMPLE_HAND.map((pick, index) => {
              const club = CLUBS_BY_CODE.get(pick.clubCode);
              if (!club) return null;
              return (
                <li
                  key={pick.clubCode}
                  className={cn(
                    'flex flex-col gap-1 rounded-lg bg-white p-2 text-ink shadow-2xl shadow-felt-950/60 ring-1 ring-black/5 sm:h-56 sm:w-40 sm:rounded-xl sm:p-3',
                    FAN[index],
                  )}
                >
                  <span className="flex flex-col items-start">
                    <span className="numeric font-bold text-2xl text-felt-900 leading-none sm:text-4xl">
                      {pick.goals}
                    </span>
                    <span className="font-display font-medium text-[0.625rem] text-muted uppercase tracking-wider sm:text-xs">
                      Goals
                    </span>
                  </span>
                  <span className="mx-auto size-14 py-1 sm:my-auto sm:size-24 sm:py-2">
                    <Jersey club={club} size="fluid" />
                  </span>
                  <span className="flex flex-col items-start font-display text-xs uppercase leading-tight tracking-wide sm:text-sm">
                    <span className="font-semibold">{club.code}</span>
                    <abbr title={pick.position} className="text-muted no-underline">
                      {POSITION_SHORT[pick.position]}
                    </abbr>
                  </span>
                </li>
              );
            })}
          </ul>
          <figcaption className="flex flex-col items-center gap-1 text-center">
            <span className="numeric rounded-full bg-gold-400 px-5 py-1.5 font-bold text-2xl text-felt-950 shadow-lg">
              21 / 21
            </span>
            <span className="text-felt-100 text-sm">Example winning squad: 9 + 4 + 5 + 3 = 21 goals</span>
          </figcaption>
        </figure>
      </Container>
    </section>
  );
}
