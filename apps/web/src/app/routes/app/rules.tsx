import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { FaqList } from '../../../features/marketing-content/components/faq-list.tsx';
import { RulesSections } from '../../../features/marketing-content/components/rules-sections.tsx';
import { formatDateTime } from '../../../features/marketing-content/lib/format-date-time.ts';
import { useSeason } from '../../../features/season/api/get-season.ts';
import { cn } from '../../../lib/cn.ts';

const TABS = [
  { value: 'rules', label: 'Rules' },
  { value: 'faqs', label: 'FAQs' },
  { value: 'terms', label: 'T&Cs' },
] as const;
type RulesTab = (typeof TABS)[number]['value'];

function isRulesTab(value: string | null): value is RulesTab {
  return TABS.some((tab) => tab.value === value);
}

const TERMS_SUMMARY = [
  'Hit21 is free to play and open to people aged 18 or over, with one account each.',
  'Goals come from official Premier League data; if the data is corrected, scores follow.',
  'Teams lock at the pick deadline and cannot be changed on your behalf.',
  'No cash prizes: winners get bragging rights, and forfeits must be legal, safe and voluntary.',
  'Play fair: no multiple accounts, bots or offensive names, and be decent to other players.',
];

export default function RulesRoute() {
  const { data: season } = useSeason();
  // ?tab=faqs or ?tab=terms opens that tab on arrival (e.g. a link from settings). Switching
  // tabs does not navigate: a navigation would re-run the route guards for nothing.
  const [searchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const initialTab: RulesTab = isRulesTab(requestedTab) ? requestedTab : 'rules';

  return (
    <>
      <PageHeader
        eyebrow="How Hit21 works"
        title="Rules"
        description="Picking your team, the deadline, leagues, going bust and winning."
      />
      <Container className="grid items-start gap-8 py-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-12">
        <div className="flex min-w-0 flex-col gap-6">
          <Link
            to={paths.dashboard.getHref()}
            className={buttonVariants({
              variant: 'ghost',
              size: 'sm',
              className: '-ml-3 self-start text-felt-900',
            })}
          >
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
          <Tabs defaultValue={initialTab}>
            <TabsList aria-label="Rules, FAQs and terms">
              {TABS.map((item) => (
                <TabsTrigger key={item.value} value={item.value}>
                  {item.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="rules" className="mt-6">
              <TabPanelBody title="Game rules" description="Open a section for the details.">
                <RulesSections pickDeadline={season?.pickDeadline} />
              </TabPanelBody>
            </TabsContent>
            <TabsContent value="faqs" className="mt-6">
              <TabPanelBody title="Frequently asked questions">
                <FaqList pickDeadline={season?.pickDeadline} />
              </TabPanelBody>
            </TabsContent>
            <TabsContent value="terms" className="mt-6">
              <TabPanelBody
                title="Terms and conditions"
                description="The main points of our terms. The full Terms of Use always apply."
              >
                <div className="flex flex-col gap-5 rounded-2xl border border-line bg-white p-5 shadow-sm shadow-stone-900/5 sm:p-6">
                  <ul className="flex list-disc flex-col gap-2 pl-5 text-ink/90 leading-relaxed marker:text-pitch-700">
                    {TERMS_SUMMARY.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                  <div className="flex flex-wrap gap-3">
                    <Link to={paths.termsOfUse.getHref()} className={buttonVariants({ variant: 'primary' })}>
                      Read the Terms of Use
                      <ArrowRight aria-hidden="true" />
                    </Link>
                    <Link
                      to={paths.privacyPolicy.getHref()}
                      className={buttonVariants({ variant: 'secondary' })}
                    >
                      Privacy Policy
                    </Link>
                  </div>
                </div>
              </TabPanelBody>
            </TabsContent>
          </Tabs>
        </div>
        <AtAGlance pickDeadline={season?.pickDeadline} gameweekCount={season?.gameweeks.length} />
      </Container>
    </>
  );
}

/** The key numbers beside the rules on wide screens (the rules themselves repeat them). */
function AtAGlance({ pickDeadline, gameweekCount }: { pickDeadline?: string; gameweekCount?: number }) {
  const facts = [
    { label: 'Players to pick', value: '4' },
    { label: 'Goal target', value: '21' },
    { label: 'Gameweeks', value: gameweekCount ? String(gameweekCount) : '38' },
  ];
  return (
    <aside
      aria-labelledby="at-a-glance-title"
      className="felt-surface on-dark sticky top-24 hidden flex-col gap-5 rounded-2xl p-6 shadow-lg lg:flex"
    >
      <h2 id="at-a-glance-title" className="font-semibold text-gold-300 text-sm uppercase tracking-[0.2em]">
        At a glance
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {facts.map((fact) => (
          <div key={fact.label} className="flex flex-col-reverse gap-1">
            <dt className="text-felt-100 text-xs uppercase leading-tight tracking-wider">{fact.label}</dt>
            <dd className={cn('numeric font-bold text-4xl', fact.value === '21' && 'text-gold-400')}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-1 border-white/15 border-t pt-4">
        <p className="font-display text-felt-100 text-xs uppercase tracking-wider">Pick deadline</p>
        <p className="font-semibold">{pickDeadline ? formatDateTime(pickDeadline) : 'Loading...'}</p>
      </div>
    </aside>
  );
}

function TabPanelBody({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 className="font-bold text-2xl text-felt-900 uppercase tracking-wide">{title}</h2>
        {description ? <p className="text-muted">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}
