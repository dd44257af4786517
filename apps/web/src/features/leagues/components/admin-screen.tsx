import { badgeText, type LeagueDetail, NOTIFICATION_LIMITS } from '@hit21/core';
import { ListChecks, Settings2, SlidersHorizontal, Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnreadJoinRequests } from '../../../lib/queries/get-notification-summary.ts';
import { AdminAdvancedTab } from './admin-advanced-tab.tsx';
import { AdminBackLink } from './admin-back-link.tsx';
import { AdminDetailsTab } from './admin-details-tab.tsx';
import { AdminLeagueGate } from './admin-league-gate.tsx';
import { AdminMembersTab } from './admin-members-tab.tsx';

const TABS = ['details', 'members', 'advanced'] as const;
// On a phone the three tabs fit side by side without their icons.
const TRIGGER_CLASS = 'flex-1 px-2 sm:flex-none sm:px-4 [&_svg]:size-4 max-sm:[&>svg]:hidden';
type AdminTab = (typeof TABS)[number];

function tabOf(value: string | null): AdminTab {
  return TABS.find((tab) => tab === value) ?? 'details';
}

/** /leagues/:leagueId/admin: the league's admin manages it; anybody else reads "League Not Found". */
export function LeagueAdminScreen({
  leagueId,
  clockOffsetMs = 0,
}: {
  leagueId: string;
  clockOffsetMs?: number;
}) {
  return (
    <div className="flex flex-col gap-4">
      <AdminBackLink to={paths.leagues.getHref()}>Back to Leagues</AdminBackLink>
      <AdminLeagueGate
        leagueId={leagueId}
        loadFailedMessage="Failed to load league details."
        onFailure="retry"
      >
        {(league) => <AdminTabs league={league} clockOffsetMs={clockOffsetMs} />}
      </AdminLeagueGate>
    </div>
  );
}

function AdminTabs({ league, clockOffsetMs }: { league: LeagueDetail; clockOffsetMs: number }) {
  // The tab is in the address, so a reload or Back keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  // Unread join-request notifications of this league (the specification's Members badge, 9+).
  const pending = useUnreadJoinRequests(league.id);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="break-words font-display font-semibold text-2xl uppercase tracking-wide">
          {league.name}
        </h2>
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.leagues.joinRequests.getHref(league.id)}>
            <ListChecks aria-hidden="true" />
            Requests and Members
          </Link>
        </Button>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value === 'details') next.delete('tab');
              else next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabsList aria-label="League administration" className="w-full sm:w-auto">
          <TabsTrigger value="details" className={TRIGGER_CLASS}>
            <Settings2 aria-hidden="true" />
            Details
          </TabsTrigger>
          <TabsTrigger value="members" className={TRIGGER_CLASS}>
            <Users aria-hidden="true" />
            Members
            {pending > 0 ? (
              <span
                data-testid="pending-badge"
                className="numeric inline-flex min-w-5 items-center justify-center rounded-full bg-gold-400 px-1.5 text-felt-950 text-xs"
              >
                {badgeText(pending, NOTIFICATION_LIMITS.membersTabBadgeCap)}
                <span className="sr-only"> new join {pending === 1 ? 'request' : 'requests'}</span>
              </span>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="advanced" className={TRIGGER_CLASS}>
            <SlidersHorizontal aria-hidden="true" />
            Advanced
          </TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <AdminDetailsTab league={league} clockOffsetMs={clockOffsetMs} />
        </TabsContent>
        <TabsContent value="members">
          <AdminMembersTab leagueId={league.id} />
        </TabsContent>
        <TabsContent value="advanced">
          <AdminAdvancedTab league={league} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
