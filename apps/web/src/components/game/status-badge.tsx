import type { SquadStatus } from '@hit21/core';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '../ui/badge.tsx';

export const STATUS_LABELS: Readonly<Record<SquadStatus, string>> = {
  safe: 'Safe',
  going_bust: 'Going Bust',
  bust: 'Bust',
};

// Safe green, going bust yellow (amber), bust red: always with the word and an icon.
const STATUS_LOOK: Readonly<Record<SquadStatus, { variant: BadgeVariant; icon: ReactNode }>> = {
  safe: { variant: 'safe', icon: <CircleCheck aria-hidden="true" /> },
  going_bust: { variant: 'warning', icon: <TriangleAlert aria-hidden="true" /> },
  bust: { variant: 'bust', icon: <CircleX aria-hidden="true" /> },
};

export function StatusBadge({ status, className }: { status: SquadStatus; className?: string }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge variant={look.variant} data-status={status} className={className}>
      {look.icon}
      {STATUS_LABELS[status]}
    </Badge>
  );
}
