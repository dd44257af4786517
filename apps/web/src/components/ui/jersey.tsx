import { type Club, jerseyPath } from '@hit21/core';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import {
  JERSEY_FALLBACK_CLASSES,
  JERSEY_FALLBACK_TEXT,
  JERSEY_IMAGE_CLASSES,
  jerseyFallbackColours,
} from './jersey-fallback.ts';

const SIZES = {
  sm: 'size-10 text-[0.5rem]',
  md: 'size-14 text-[0.625rem]',
  lg: 'size-20 text-xs',
  xl: 'size-28 text-sm',
  /** Fills its parent: size the wrapper. */
  fluid: 'size-full text-[0.6rem] sm:text-xs',
} as const;

export interface JerseyProps {
  club: Pick<Club, 'code' | 'name' | 'primaryColour'>;
  size?: keyof typeof SIZES;
  className?: string;
}

/**
 * A club's shirt from /jersey/{code}.png. If the image fails, a box of the same size in the
 * club's primary colour reads "JERSEY" instead, with the same accessible name.
 */
export function Jersey({ club, size = 'md', className }: JerseyProps) {
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const source = jerseyPath(club.code);
  const label = `${club.name} jersey`;

  if (failedSource === source) {
    return (
      <span
        role="img"
        aria-label={label}
        data-testid="jersey-fallback"
        className={cn(JERSEY_FALLBACK_CLASSES, SIZES[size], className)}
        style={jerseyFallbackColours(club.primaryColour)}
      >
        <span aria-hidden="true">{JERSEY_FALLBACK_TEXT}</span>
      </span>
    );
  }

  return (
    <img
      src={source}
      alt={label}
      data-testid="jersey"
      loading="lazy"
      decoding="async"
      onError={() => setFailedSource(source)}
      // For the prerendered landing page's script, which puts the fallback in place without React.
      data-fallback-colour={club.primaryColour}
      className={cn(JERSEY_IMAGE_CLASSES, SIZES[size], className)}
    />
  );
}
