import type { ContentAccordionItem } from '../components/content-accordion.tsx';
import { ReaderDateTime } from '../components/reader-date-time.tsx';

export interface FaqContentOptions {
  /** The season's pick deadline (ISO); the answers stay true without it while it loads. */
  pickDeadline?: string;
}

/** The questions fans ask before and during the season, shared by every FAQ on the site. */
export function faqItems({ pickDeadline }: FaqContentOptions = {}): ContentAccordionItem[] {
  return [
    {
      id: 'what-is-hit21',
      title: 'What is Hit21?',
      content: (
        <p>
          Hit21 is football blackjack for Premier League fans. You pick 4 players and add up the Premier
          League goals they score this season. The aim is to finish on exactly 21 goals, or as close as you
          can get without going over.
        </p>
      ),
    },
    {
      id: 'cost',
      title: 'How much does it cost?',
      content: (
        <p>
          Nothing. Hit21 is free to play, with no subscriptions and no in-game purchases. Winners get the
          bragging rights, and every Mini League sets its own forfeits for the rest.
        </p>
      ),
    },
    {
      id: 'who-can-play',
      title: 'Who can play?',
      content: (
        <p>
          Anyone aged 18 or over. Sign up with your e-mail address, complete your profile, then pick your 4
          players.
        </p>
      ),
    },
    {
      id: 'deadline',
      title: 'When do picks lock?',
      content: (
        <>
          <p>
            Picks lock at the deadline, 90 minutes before the first kick-off of the season
            {pickDeadline ? (
              <>
                :{' '}
                <strong>
                  <ReaderDateTime iso={pickDeadline} />
                </strong>
              </>
            ) : (
              // The prerendered landing page's script writes the deadline here (prerender/).
              <span data-pick-deadline="" />
            )}
            . Until then you can change your team as often as you like.
          </p>
          <p>After the deadline every team is locked for the whole season. There are no transfers.</p>
        </>
      ),
    },
    {
      id: 'late-joiners',
      title: 'Can I still join after the deadline?',
      content: (
        <p>
          Yes, right up to the end of the season. Late joiners can only pick players who have not scored yet
          this season (0 goals at the moment you save your team), so everybody starts from the same place.
        </p>
      ),
    },
    {
      id: 'which-goals-count',
      title: 'Which goals count?',
      content: (
        <p>
          Only goals scored in the Premier League this season. Cup, European and international goals do not
          count, and own goals are not credited to any player.
        </p>
      ),
    },
    {
      id: 'going-bust',
      title: 'What does going bust mean?',
      content: (
        <p>
          You are bust if your 4 players score more than 21 goals between them, or if any of them ends the
          season without a goal. Bust players drop to the bottom of every leaderboard and cannot win, so
          goalkeepers are out and every pick needs to find the net at least once.
        </p>
      ),
    },
    {
      id: 'ties',
      title: 'What happens if two players tie?',
      content: (
        <p>
          The tie goes to whoever has the most recent goalscorer. If those goals came at the same moment, we
          compare the next most recent goal, and so on. If the picks are identical, a virtual coin toss
          decides.
        </p>
      ),
    },
    {
      id: 'mini-leagues',
      title: 'Can I play against my friends?',
      content: (
        <p>
          Yes. Create a Mini League and share its code, or join one with a code from a friend. You also appear
          on the global, country and favourite-team leaderboards.
        </p>
      ),
    },
  ];
}
