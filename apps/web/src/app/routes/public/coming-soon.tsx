import { Container } from '../../../components/layouts/container.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ExampleSquad } from '../../../features/marketing-content/components/example-squad.tsx';
import { FaqList } from '../../../features/marketing-content/components/faq-list.tsx';
import { HowToPlaySteps } from '../../../features/marketing-content/components/how-to-play-steps.tsx';
import { LaunchCountdown } from '../../../features/marketing-content/components/launch-countdown.tsx';
import {
  LaunchedNotice,
  PlayNowCard,
} from '../../../features/marketing-content/components/launch-status.tsx';
import { SectionHeading } from '../../../features/marketing-content/components/section-heading.tsx';
import { ShareLinks } from '../../../features/marketing-content/components/share-links.tsx';
import { useLaunchPhase } from '../../../features/marketing-content/hooks/use-launch-phase.ts';
import { useSeason } from '../../../features/season/api/get-season.ts';
import { WaitlistSignup } from '../../../features/waitlist/components/waitlist-signup.tsx';

/**
 * The waitlist page, coherent in every phase of the season: before the launch the countdown
 * runs and the waitlist is open; after it the countdown shows zeros, the notice says where the
 * game stands (picks open until the deadline, the season under way, or over) and the card
 * invites the visitor to play instead of to wait.
 */
export default function ComingSoonRoute() {
  const { data: season, dataUpdatedAt } = useSeason();
  // The countdown and the phase follow the server's (injectable) clock, not the device's.
  const clockOffsetMs = season ? Date.parse(season.now) - dataUpdatedAt : 0;
  const phase = useLaunchPhase(season, clockOffsetMs);

  return (
    <>
      <section aria-labelledby="coming-soon-title" className="felt-surface on-dark overflow-hidden">
        <Container className="grid items-start gap-10 py-10 sm:py-14 lg:grid-cols-[1.15fr_1fr] lg:gap-14 lg:py-20">
          <div className="flex flex-col gap-6">
            <p className="self-start rounded-full bg-white/10 px-3 py-1 font-display font-medium text-gold-300 text-sm uppercase tracking-[0.2em] ring-1 ring-white/15">
              {season ? `${season.competition} ${season.name}` : 'Premier League'}
            </p>
            <h1
              id="coming-soon-title"
              className="font-bold font-display text-5xl uppercase leading-[0.95] tracking-tight sm:text-7xl"
            >
              {phase === null || phase === 'before-launch' ? 'Get ready to hit' : 'Can you hit'}{' '}
              <span className="text-gold-400">21</span>
              {phase === null || phase === 'before-launch' ? null : '?'}
            </h1>
            <p className="max-w-xl text-felt-100 text-lg sm:text-xl">
              Football blackjack for Premier League fans. Pick 4 players, land on 21 goals, and don't go bust.
            </p>
            <LaunchCountdown
              launchAt={season?.launchAt}
              clockOffsetMs={clockOffsetMs}
              launchedNotice={
                season && phase !== null ? (
                  <LaunchedNotice phase={phase === 'before-launch' ? 'launched' : phase} season={season} />
                ) : null
              }
            />
            <ShareLinks source="coming_soon_page" />
          </div>
          {phase === null ? (
            <Skeleton className="h-96 rounded-2xl bg-white/10" />
          ) : phase === 'before-launch' ? (
            <WaitlistSignup className="shadow-2xl shadow-felt-950/50" />
          ) : (
            <PlayNowCard phase={phase} className="shadow-2xl shadow-felt-950/50" />
          )}
        </Container>
      </section>

      <section aria-labelledby="steps-title" className="py-14 sm:py-20">
        <Container className="flex flex-col gap-10">
          <SectionHeading
            id="steps-title"
            eyebrow="How it works"
            title="How to play"
            description="Four players, one number: their Premier League goals this season."
          />
          <HowToPlaySteps />
        </Container>
      </section>

      <section
        aria-labelledby="example-title"
        className="felt-surface on-dark overflow-hidden py-14 sm:py-20"
      >
        <Container className="grid items-center gap-12 lg:grid-cols-[1fr_1.2fr]">
          <SectionHeading
            id="example-title"
            tone="dark"
            eyebrow="A winning hand"
            title="Exactly 21"
            description={
              <p>
                Nine from a striker, four from a midfielder, five from a forward and three from a defender who
                loves a set piece. Every pick scored and the total lands on 21: nobody can beat that.
              </p>
            }
          />
          <ExampleSquad />
        </Container>
      </section>

      <section
        aria-labelledby="coming-soon-faq-title"
        className="border-line border-b bg-white py-14 sm:py-20"
      >
        <Container className="grid gap-8 lg:grid-cols-[1fr_2fr] lg:gap-12">
          <SectionHeading
            id="coming-soon-faq-title"
            eyebrow="Questions"
            title="FAQ"
            description="Everything you need to know before the first whistle."
          />
          <FaqList pickDeadline={season?.pickDeadline} />
        </Container>
      </section>
    </>
  );
}
