import { ArrowRight, ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { ExampleSquad } from '../../../features/marketing-content/components/example-squad.tsx';
import { FaqList } from '../../../features/marketing-content/components/faq-list.tsx';
import { HowToPlaySteps } from '../../../features/marketing-content/components/how-to-play-steps.tsx';
import { SectionHeading } from '../../../features/marketing-content/components/section-heading.tsx';
import { SectionLink } from '../../../features/marketing-content/components/section-link.tsx';
import { StatusGuide } from '../../../features/marketing-content/components/status-guide.tsx';
import { useScrollToHash } from '../../../features/marketing-content/hooks/use-scroll-to-hash.ts';
import {
  type CallToAction,
  callToActionFor,
  SIGN_UP_CALL_TO_ACTION,
} from '../../../features/marketing-content/lib/call-to-action.ts';
import { LANDING_SECTIONS } from '../../../features/marketing-content/lib/landing-sections.ts';
import { useSeason } from '../../../features/season/api/get-season.ts';
import { cn } from '../../../lib/cn.ts';
import { useProfile } from '../../../lib/queries/get-profile.ts';

const FACTS = [
  { value: '4', label: 'Players' },
  { value: '21', label: 'Goal target' },
  { value: '38', label: 'Gameweeks' },
] as const;

export interface LandingRouteProps {
  /** Every FAQ answer drawn open: for the prerendered page (prerender/landing-page.tsx). */
  faqOpen?: boolean;
}

export default function LandingRoute({ faqOpen = false }: LandingRouteProps) {
  useScrollToHash();
  // While the profile loads (and for visitors) the signed-out actions show.
  const { data: profile } = useProfile();
  const signedInAction = callToActionFor(profile);
  const { data: season } = useSeason();

  return (
    <>
      <section aria-labelledby="hero-title" className="felt-surface on-dark relative overflow-hidden">
        <Container className="grid items-center gap-12 py-12 sm:py-16 lg:grid-cols-[1.1fr_1fr] lg:py-24">
          <div className="flex flex-col items-start gap-6">
            <p className="rounded-full bg-white/10 px-3 py-1 font-display font-medium text-gold-300 text-sm uppercase tracking-[0.2em] ring-1 ring-white/15">
              Free to play · Premier League
            </p>
            <h1
              id="hero-title"
              className="font-bold font-display text-6xl uppercase leading-[0.95] tracking-tight sm:text-7xl lg:text-8xl"
            >
              Football <span className="text-gold-400">blackjack</span>
            </h1>
            <p className="max-w-xl text-felt-100 text-lg sm:text-xl">
              Pick 4 Premier League players. Score 21 goals this season. Go over and you're bust.
            </p>
            <div className="grid w-full gap-3 sm:flex sm:w-auto sm:flex-wrap">
              <CallToActionLink action={signedInAction ?? SIGN_UP_CALL_TO_ACTION} />
              {signedInAction ? null : (
                <SectionLink
                  section={LANDING_SECTIONS.howToPlay}
                  source="hero"
                  className={buttonVariants({
                    variant: 'ghost',
                    size: 'lg',
                    className: 'text-white ring-1 ring-white/40 ring-inset',
                  })}
                >
                  How Does it Work
                  <ChevronDown aria-hidden="true" />
                </SectionLink>
              )}
            </div>
            <dl className="mt-2 grid w-full max-w-md grid-cols-3 divide-x divide-white/15 rounded-xl bg-felt-950/40 py-3 ring-1 ring-white/10">
              {FACTS.map((fact) => (
                <div key={fact.label} className="flex flex-col-reverse items-center gap-0.5 px-2">
                  <dt className="text-felt-100 text-xs uppercase tracking-wider">{fact.label}</dt>
                  <dd className={cn('numeric font-bold text-3xl', fact.value === '21' && 'text-gold-400')}>
                    {fact.value}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <ExampleSquad />
        </Container>
      </section>

      {/* tabIndex: a scroll link moves focus here, so the keyboard continues from the section. */}
      <section
        id={LANDING_SECTIONS.howToPlay}
        tabIndex={-1}
        aria-labelledby="how-to-play-title"
        className="py-14 sm:py-20"
      >
        <Container className="flex flex-col gap-10">
          <SectionHeading
            id="how-to-play-title"
            eyebrow="The rules in 30 seconds"
            title="How to play"
            description="Four players, one number. Their Premier League goals add up over the season, and the closest to 21 without going over wins."
          />
          <HowToPlaySteps />
          <div className="flex flex-col gap-4 rounded-2xl bg-felt-50 p-5 ring-1 ring-felt-100 sm:p-6">
            <h3 className="font-semibold text-felt-900 text-xl uppercase tracking-wide">
              Where you stand, all season
            </h3>
            <StatusGuide />
          </div>
        </Container>
      </section>

      <section
        id={LANDING_SECTIONS.faq}
        tabIndex={-1}
        aria-labelledby="faq-title"
        className="border-line border-t bg-white py-14 sm:py-20"
      >
        <Container className="grid gap-8 lg:grid-cols-[1fr_2fr] lg:gap-12">
          <SectionHeading
            id="faq-title"
            eyebrow="Questions"
            title="FAQ"
            description="Everything you need to know before the first whistle."
          />
          <FaqList pickDeadline={season?.pickDeadline} allOpen={faqOpen} />
        </Container>
      </section>

      <section aria-labelledby="closing-title" className="felt-surface on-dark border-gold-400 border-t-4">
        <Container className="flex flex-col items-start gap-6 py-12 sm:flex-row sm:items-center sm:justify-between sm:py-14">
          <div className="flex flex-col gap-2">
            <h2 id="closing-title" className="font-bold text-4xl uppercase leading-none tracking-wide">
              Ready to hit <span className="text-gold-400">21</span>?
            </h2>
            <p className="text-felt-100 text-lg">Free to play, 18+. It takes two minutes to pick your 4.</p>
          </div>
          <CallToActionLink action={signedInAction ?? SIGN_UP_CALL_TO_ACTION} />
        </Container>
      </section>
    </>
  );
}

function CallToActionLink({ action }: { action: CallToAction }) {
  return (
    <Link to={action.to} className={buttonVariants({ variant: 'gold', size: 'lg' })}>
      {action.label}
      <ArrowRight aria-hidden="true" />
    </Link>
  );
}
