import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollToSection } from '../lib/landing-sections.ts';

/**
 * Scrolls to the section named by the URL hash on arrival and on every in-page hash link
 * click (the router changes the location key even when the hash is unchanged).
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` re-runs the effect for a repeated click on the same hash link.
  useEffect(() => {
    if (hash.length > 1) scrollToSection(decodeURIComponent(hash.slice(1)));
  }, [hash, key]);
}
