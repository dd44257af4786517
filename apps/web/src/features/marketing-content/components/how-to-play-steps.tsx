import { Target, TriangleAlert, Trophy, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

interface HowToPlayStep {
  title: string;
  text: string;
  icon: ReactNode;
}

const STEPS: readonly HowToPlayStep[] = [
  {
    title: 'Pick 4 players',
    text: 'Choose any 4 Premier League outfield players before the deadline. Goalkeepers cannot be picked.',
    icon: <UsersRound />,
  },
  {
    title: 'Aim for 21',
    text: 'Every Premier League goal they score this season adds to your total. Finish on exactly 21, or as close as you dare.',
    icon: <Target />,
  },
  {
    title: "Don't go bust",
    text: 'Go over 21 and you are bust. A pick still on 0 goals when the season ends busts you too.',
    icon: <TriangleAlert />,
  },
  {
    title: 'Beat your mates',
    text: 'Create or join Mini Leagues, climb the global, country and team leaderboards, and set your own forfeits.',
    icon: <Trophy />,
  },
];

/** The game in four numbered steps; the titles are h3s under the section's h2. */
export function HowToPlaySteps({ className }: { className?: string }) {
  return (
    <ol className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-4', className)}>
      {STEPS.map((step, index) => (
        <li
          key={step.title}
          className="relative flex flex-col gap-3 overflow-hidden rounded-2xl border border-line bg-white p-5 shadow-sm shadow-stone-900/5 sm:p-6"
        >
          <span
            aria-hidden="true"
            className="numeric absolute -top-3 -right-1 font-bold text-8xl text-felt-50 leading-none"
          >
            {index + 1}
          </span>
          <span
            aria-hidden="true"
            className="relative grid size-11 place-items-center rounded-xl bg-felt-900 text-gold-400 [&_svg]:size-6"
          >
            {step.icon}
          </span>
          <h3 className="relative font-semibold text-felt-900 text-xl uppercase tracking-wide">
            {step.title}
          </h3>
          <p className="relative text-muted leading-relaxed">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
