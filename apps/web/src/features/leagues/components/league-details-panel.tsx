import { JOIN_MODE_LABELS, type LeagueDetail } from '@hit21/core';
import { Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { createdByText, leagueStatusText, maximumMembersText } from '../utils/standings-view.ts';
import { LeaveLeagueSection } from './leave-league-section.tsx';

/** The League Details tab: who made it, its size, whether it is active, how people join; then Manage or Leave. */
export function LeagueDetailsPanel({ league }: { league: LeagueDetail }) {
  const facts: readonly { term: string; value: string }[] = [
    { term: 'Created By', value: createdByText(league.isAdmin) },
    { term: 'Maximum Members', value: maximumMembersText(league.maxMembers) },
    { term: 'Status', value: leagueStatusText(league.isActive) },
    { term: 'Join Mode', value: JOIN_MODE_LABELS[league.joinMode] },
  ];
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {facts.map(({ term, value }) => (
          <div
            key={term}
            className="flex flex-col gap-1 rounded-xl bg-stone-50 px-4 py-3 ring-1 ring-line ring-inset"
          >
            <dt className="font-display font-medium text-muted text-xs uppercase tracking-wider">{term}</dt>
            <dd className="font-semibold text-ink text-lg">{value}</dd>
          </div>
        ))}
      </dl>
      {league.isAdmin ? (
        <div className="flex flex-col gap-3 border-line border-t pt-5">
          <p className="text-muted text-sm">You are this league's administrator.</p>
          <Button asChild className="self-start">
            <Link to={paths.leagues.admin.getHref(league.id)}>
              <Settings2 aria-hidden="true" />
              Manage
            </Link>
          </Button>
        </div>
      ) : (
        <LeaveLeagueSection leagueId={league.id} leagueName={league.name} />
      )}
    </div>
  );
}
