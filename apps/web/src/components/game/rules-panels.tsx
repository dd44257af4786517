import { GOAL_TARGET, type SquadStatus } from '@hit21/core';
import { Scale, ScrollText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { StatusBadge } from './status-badge.tsx';

const STATUS_RULES: readonly { status: SquadStatus; rule: string }[] = [
  { status: 'safe', rule: `All 4 players have scored and the total is at most ${GOAL_TARGET}.` },
  { status: 'going_bust', rule: 'One or more players have not scored.' },
  { status: 'bust', rule: `The total is above ${GOAL_TARGET}.` },
];

const TIE_BREAKS = [
  `Closest to ${GOAL_TARGET} without busting wins.`,
  'The user with the most recent goalscorer wins.',
  'If still tied, the next most recent scorer.',
  'If picks are identical, a virtual coin toss.',
];

/** Game Rules: what each status means. */
export function GameRulesPanel() {
  return (
    <RulesCard title="Game Rules" icon={<ScrollText />}>
      <dl className="flex flex-col gap-3">
        {STATUS_RULES.map(({ status, rule }) => (
          <div key={status} className="flex flex-col items-start gap-1">
            <dt>
              <StatusBadge status={status} />
            </dt>
            <dd className="text-sm">{rule}</dd>
          </div>
        ))}
      </dl>
      <p className="text-muted text-sm">Once the season is over, Going Bust becomes Bust.</p>
    </RulesCard>
  );
}

/** Tie-Breaking Rules, in the order they apply. */
export function TieBreakingRulesPanel() {
  return (
    <RulesCard title="Tie-Breaking Rules" icon={<Scale />}>
      <ol className="flex flex-col gap-2.5">
        {TIE_BREAKS.map((rule, index) => (
          <li key={rule} className="flex items-start gap-3 text-sm">
            <span
              aria-hidden="true"
              className="numeric grid size-6 shrink-0 place-items-center rounded-full bg-felt-900 text-white text-xs"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{rule}</span>
          </li>
        ))}
      </ol>
    </RulesCard>
  );
}

function RulesCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <span aria-hidden="true" className="text-pitch-700 [&_svg]:size-5">
            {icon}
          </span>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}
