import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { type LandingSection, landingSectionHref } from '../lib/landing-sections.ts';

export interface SectionLinkProps {
  section: LandingSection;
  /** Where the link sits, for analytics ("header", "hero", ...). */
  source: string;
  className?: string;
  children: ReactNode;
}

/** A link to a landing page section (from any page); records `scroll_to_section`. */
export function SectionLink({ section, source, className, children }: SectionLinkProps) {
  return (
    <Link
      to={landingSectionHref(section)}
      className={className}
      // Read by the prerendered landing page's script, which has no React (prerender/).
      data-section-source={source}
      onClick={() =>
        sendAnalyticsEvent({
          name: 'scroll_to_section',
          path: window.location.pathname,
          properties: { section, source },
        })
      }
    >
      {children}
    </Link>
  );
}
