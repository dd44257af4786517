import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { type FaqContentOptions, faqItems } from '../content/faq-items.tsx';
import { ContentAccordion } from './content-accordion.tsx';

export interface FaqListProps extends FaqContentOptions {
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** The shared FAQ as an accordion; each open and close is recorded as `faq_toggle`. */
export function FaqList({ pickDeadline, headingLevel, className }: FaqListProps) {
  return (
    <ContentAccordion
      items={faqItems({ pickDeadline })}
      headingLevel={headingLevel}
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
