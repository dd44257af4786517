import type { ReactNode } from 'react';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';

export interface LegalSection {
  /** Anchor id, used by the table of contents. */
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  /** E.g. "August 2025"; shown as "Last updated August 2025". */
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

// Readable long-form text without a typography plugin: spacing, lists and links for the body.
const PROSE =
  'flex flex-col gap-4 text-base text-ink/90 leading-relaxed [&_a]:font-medium [&_a]:text-pitch-800 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-pitch-900 [&_h3]:mt-2 [&_h3]:font-semibold [&_h3]:text-felt-900 [&_h3]:text-lg [&_h3]:uppercase [&_h3]:tracking-wide [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-5 [&_ul]:marker:text-pitch-700';

/** A policy page: title band, numbered sections and (on wide screens) a sticky table of contents. */
export function LegalDocument({ title, lastUpdated, intro, sections }: LegalDocumentProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} description={<p>Last updated {lastUpdated}</p>} />
      <Container className="grid gap-10 py-10 sm:py-14 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-labelledby="contents-title" className="hidden lg:block">
          <div className="sticky top-24 flex flex-col gap-3">
            <h2
              id="contents-title"
              className="font-display font-semibold text-muted text-sm uppercase tracking-[0.2em]"
            >
              On this page
            </h2>
            <ol className="flex flex-col border-line border-l">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px flex min-h-11 items-center gap-2 border-transparent border-l-2 py-1.5 pl-4 text-muted text-sm hover:border-pitch-700 hover:text-ink"
                  >
                    <span className="numeric text-stone-500">{index + 1}.</span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="flex max-w-3xl flex-col gap-10">
          <div className={`${PROSE} text-lg`}>{intro}</div>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="flex flex-col gap-4"
            >
              <h2
                id={`${section.id}-title`}
                className="flex items-baseline gap-3 border-line border-b pb-2 font-bold text-2xl text-felt-900 uppercase tracking-wide sm:text-3xl"
              >
                <span className="numeric text-gold-700">{index + 1}.</span>
                {section.title}
              </h2>
              <div className={PROSE}>{section.content}</div>
            </section>
          ))}
        </article>
      </Container>
    </>
  );
}
