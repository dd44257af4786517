import { paths } from '../../../config/paths.ts';

/** Anchor ids of the landing page sections the top bar and the hero scroll to. */
export const LANDING_SECTIONS = {
  howToPlay: 'how-to-play',
  faq: 'faq',
} as const;

export type LandingSection = (typeof LANDING_SECTIONS)[keyof typeof LANDING_SECTIONS];

export function landingSectionHref(section: LandingSection): string {
  return `${paths.home.getHref()}#${section}`;
}

/**
 * Scrolls a section into view (smoothly unless the reader prefers reduced motion) and
 * moves focus to it, so keyboard and screen-reader users continue from there. The 80 px
 * offset under the sticky top bar comes from `scroll-padding-top` on <html>.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const prefersReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: prefersReducedMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}
