import { type CreatedLeague, JOIN_MODE_LABELS, maxMembersLabel } from '@hit21/core';
import { ArrowLeft, Copy, Lightbulb, Settings, Share2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { paths } from '../../../config/paths.ts';
import { useLeagueShareActions } from '../hooks/leagues-share-actions.ts';
import { leagueCreatedTips } from '../utils/league-created-tips.ts';
import { leagueInviteLink } from '../utils/leagues-share.ts';

/** /leagues/created: the new league's code and link to pass on, and where to go next. */
export function LeagueCreatedScreen({ league }: { league: CreatedLeague }) {
  const { copyCode, copyLink, shareLink } = useLeagueShareActions();
  const linkId = useId();
  const inviteLink = leagueInviteLink(league.code);

  return (
    <div className="mx-auto grid max-w-4xl gap-6 lg:grid-cols-5">
      <Card className="lg:col-span-3">
        <CardHeader>
          <CardTitle className="break-words text-2xl text-felt-900">{league.name}</CardTitle>
          <p className="text-muted text-sm">
            {JOIN_MODE_LABELS[league.joinMode]} · {maxMembersLabel(league.maxMembers)}
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <section aria-labelledby={`${linkId}-code`} className="flex flex-col gap-2">
            <h3
              id={`${linkId}-code`}
              className="font-display font-semibold text-muted text-sm uppercase tracking-[0.15em]"
            >
              League Code
            </h3>
            <div className="felt-surface on-dark flex flex-wrap items-center justify-between gap-3 rounded-2xl px-5 py-4">
              <span
                data-testid="league-code"
                className="font-bold font-display text-3xl text-gold-300 tabular-nums tracking-[0.15em] sm:text-5xl sm:tracking-[0.25em]"
              >
                {league.code}
              </span>
              <Button
                variant="gold"
                onClick={() => copyCode(league.code)}
                aria-label={`Copy code ${league.code}`}
              >
                <Copy aria-hidden="true" />
                Copy
              </Button>
            </div>
          </section>

          <div className="flex flex-col gap-2">
            <Label htmlFor={linkId}>Invite Link</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={linkId}
                readOnly
                value={inviteLink}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-sm"
              />
              <Button variant="secondary" onClick={() => copyLink(league.code)}>
                <Copy aria-hidden="true" />
                Copy Link
              </Button>
            </div>
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            <Button onClick={() => shareLink(league)}>
              <Share2 aria-hidden="true" />
              Share League
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.leagues.admin.getHref(league.id)}>
                <Settings aria-hidden="true" />
                Manage League
              </Link>
            </Button>
          </div>
          <Button asChild variant="ghost" className="self-start text-felt-900">
            <Link to={paths.leagues.getHref()}>
              <ArrowLeft aria-hidden="true" />
              Back to My Leagues
            </Link>
          </Button>
        </CardContent>
      </Card>

      <Card className="lg:col-span-2 lg:self-start">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-felt-900">
            <Lightbulb aria-hidden="true" className="size-5 text-gold-700" />
            Tips
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex list-disc flex-col gap-3 pl-5 text-sm marker:text-gold-500">
            {leagueCreatedTips(league).map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
