import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';

interface StatusExplanation {
  label: string;
  variant: BadgeVariant;
  icon: ReactNode;
  text: string;
}

// DECISIONS.md: bust is checked first, then going bust; once the season is over going bust is final.
const STATUSES: readonly StatusExplanation[] = [
  {
    label: 'Safe',
    variant: 'safe',
    icon: <CircleCheck />,
    text: 'You are on 21 goals or fewer and all 4 of your players have scored.',
  },
  {
    label: 'Going Bust',
    variant: 'warning',
    icon: <TriangleAlert />,
    text: 'You are on 21 or fewer, but at least one player is still on 0 goals. Finish the season like that and you are bust.',
  },
  {
    label: 'Bust',
    variant: 'bust',
    icon: <CircleX />,
    text: 'Your players have scored more than 21 between them, or one of them ended the season without a goal.',
  },
];

/** What Safe, Going Bust and Bust mean, each with its badge (word and icon, never colour alone). */
export function StatusGuide({ className }: { className?: string }) {
  return (
    <ul className={cn('grid gap-3 sm:grid-cols-3', className)}>
      {STATUSES.map((status) => (
        <li
          key={status.label}
          className="flex flex-col items-start gap-2 rounded-xl bg-white p-4 ring-1 ring-line"
        >
          <Badge variant={status.variant} className="text-sm">
            {status.icon}
            {status.label}
          </Badge>
          <p className="text-muted text-sm leading-relaxed">{status.text}</p>
        </li>
      ))}
    </ul>
  );
}
