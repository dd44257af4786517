import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { type FaqContentOptions, faqItems } from '../content/faq-items.tsx';
import { ContentAccordion } from './content-accordion.tsx';

export interface FaqListProps extends FaqContentOptions {
  headingLevel?: 'h2' | 'h3';
  /** Every answer open on first render (the prerendered landing page draws them all). */
  allOpen?: boolean;
  className?: string;
}

/** The shared FAQ as an accordion; each open and close is recorded as `faq_toggle`. */
export function FaqList({ pickDeadline, headingLevel, allOpen = false, className }: FaqListProps) {
  const items = faqItems({ pickDeadline });
  return (
    <ContentAccordion
      items={items}
      headingLevel={headingLevel}
      defaultOpen={allOpen ? items.map((item) => item.id) : undefined}
      className={className}
      onToggle={(question, isOpen) =>
        sendAnalyticsEvent({
          name: 'faq_toggle',
          path: window.location.pathname,
          properties: { question, action: isOpen ? 'open' : 'close' },
        })
      }
    />
  );
}
