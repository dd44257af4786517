import { Clock, Crown, TriangleAlert, Trophy, UsersRound } from 'lucide-react';
import { formatDateTime } from '../lib/format-date-time.ts';
import { ContentAccordion, type ContentAccordionItem } from './content-accordion.tsx';
import { StatusGuide } from './status-guide.tsx';

export interface RulesSectionsProps {
  /** The season's pick deadline (ISO); the text stays true without it while it loads. */
  pickDeadline?: string;
  className?: string;
}

/** The game rules as collapsible sections: team, deadline, leagues, going bust, winning. */
export function RulesSections({ pickDeadline, className }: RulesSectionsProps) {
  return <ContentAccordion items={rulesItems(pickDeadline)} defaultOpen={['team']} className={className} />;
}

function rulesItems(pickDeadline: string | undefined): ContentAccordionItem[] {
  return [
    {
      id: 'team',
      title: 'Selecting your initial team',
      icon: <UsersRound />,
      content: (
        <>
          <p>
            Pick exactly <strong>4 different Premier League players</strong>. Every Premier League goal they
            score this season counts towards your total, and the aim is to finish on{' '}
            <strong>exactly 21 goals</strong>, or as close to it as you can without going over.
          </p>
          <ul className="flex list-disc flex-col gap-1.5 pl-5">
            <li>Only outfield players can be picked: defenders, midfielders and forwards.</li>
            <li>Goalkeepers cannot be picked.</li>
            <li>
              Balance your hand: one prolific striker can carry you, but every one of your 4 players has to
              score at least once.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'deadline',
      title: 'The deadline',
      icon: <Clock />,
      content: (
        <>
          <p>
            Picks lock at the deadline, 90 minutes before the first kick-off of the season
            {pickDeadline ? (
              <>
                : <strong>{formatDateTime(pickDeadline)}</strong> (your local time)
              </>
            ) : null}
            .
          </p>
          <ul className="flex list-disc flex-col gap-1.5 pl-5">
            <li>Before the deadline you can change your team as often as you like.</li>
            <li>
              After the deadline every team is locked for the rest of the season. There are no transfers.
            </li>
            <li>
              Joined after the deadline? You can still pick your first team until the season ends, but only
              from players who have <strong>0 goals</strong> this season at the moment you save it.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'leagues',
      title: 'Leagues',
      icon: <Trophy />,
      content: (
        <>
          <p>
            Everyone appears on the global leaderboard, and on the leaderboards for their country and their
            favourite team. For the real rivalries, play in <strong>Mini Leagues</strong> with your friends.
          </p>
          <ul className="flex list-disc flex-col gap-1.5 pl-5">
            <li>
              Anyone can create a Mini League and becomes its admin. Each league has a code to share, and
              anyone with the code can find it.
            </li>
            <li>
              The admin chooses how people join: <strong>Open</strong> (anyone with the code joins straight
              away), <strong>Invite only</strong> (the admin approves each request) or <strong>Locked</strong>{' '}
              (no new members).
            </li>
            <li>
              Admins approve or reject requests, remove members, edit the league, hand the admin role to
              another member or delete the league. A removed member can ask to rejoin after 24 hours.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'going-bust',
      title: 'Going bust',
      icon: <TriangleAlert />,
      content: (
        <>
          <p>You are bust if either of these happens:</p>
          <ul className="flex list-disc flex-col gap-1.5 pl-5">
            <li>
              your 4 players score <strong>more than 21 goals</strong> between them;
            </li>
            <li>
              any of your players is still on <strong>0 goals</strong> when the season ends.
            </li>
          </ul>
          <p>
            Bust players drop to the bottom of every leaderboard and cannot win. All season, your status shows
            where you stand:
          </p>
          <StatusGuide />
        </>
      ),
    },
    {
      id: 'winning',
      title: 'Winning',
      icon: <Crown />,
      content: (
        <>
          <p>
            The winner is the player <strong>closest to 21 without going bust</strong>. Land on exactly 21
            with all 4 players on the scoresheet and nobody can beat you.
          </p>
          <p>If two players finish on the same total, the tie is broken in this order:</p>
          <ol className="flex list-decimal flex-col gap-1.5 pl-5">
            <li>the player whose most recent goalscorer scored latest wins;</li>
            <li>if that is level, the next most recent goal decides, and so on;</li>
            <li>if the picks are identical, a virtual coin toss decides.</li>
          </ol>
          <p>Winners get the bragging rights, and each Mini League sets its own forfeits.</p>
        </>
      ),
    },
  ];
}
