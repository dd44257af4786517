import {
  JOIN_MODE_DESCRIPTIONS,
  JOIN_MODE_LABELS,
  LEAGUE_JOIN_MODES,
  LEAGUE_LIMITS,
  type LeagueDetail,
  type LeagueJoinMode,
} from '@hit21/core';
import { CalendarClock, CalendarX, Copy, RefreshCw, Save, Share2, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { getUserMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useRegenerateLeagueCode, useUpdateLeague } from '../api/manage-league.ts';
import { useLeagueShareActions } from '../hooks/leagues-share-actions.ts';
import {
  joinDeadlineBanner,
  type LeagueSettingsErrors,
  type LeagueSettingsForm,
  leagueSettingsForm,
  leagueSettingsInput,
  toDateTimeLocalValue,
} from '../utils/admin-settings.ts';
import { leagueInviteLink } from '../utils/leagues-share.ts';

export interface AdminDetailsTabProps {
  league: LeagueDetail;
  /** The server's clock minus this device's (the demo moves the server's): deadlines are the server's. */
  clockOffsetMs?: number;
}

/** The Details tab: the code and its sharing, the join deadline, and the league's settings. */
export function AdminDetailsTab({ league, clockOffsetMs = 0 }: AdminDetailsTabProps) {
  const serverNow = () => new Date(Date.now() + clockOffsetMs);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <LeagueCodeCard league={league} />
        <DeadlineBanner joinDeadline={league.joinDeadline} now={serverNow()} />
      </div>
      {/* A saved change (here or elsewhere) starts the form afresh from what the server holds. */}
      <SettingsCard
        key={`${league.name}|${league.joinMode}|${league.joinDeadline}`}
        league={league}
        serverNow={serverNow}
      />
    </div>
  );
}

function LeagueCodeCard({ league }: { league: LeagueDetail }) {
  const { copyCode, shareLink } = useLeagueShareActions();
  const [isConfirming, setIsConfirming] = useState(false);
  const regenerate = useRegenerateLeagueCode(league.id);

  return (
    <Card>
      <CardHeader>
        <CardTitle>League Code</CardTitle>
        <CardDescription>Players join with this code or the invite link.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p
          data-testid="league-code"
          className="numeric rounded-xl bg-felt-900 px-4 py-3 text-center font-display font-semibold text-4xl text-gold-300 tracking-[0.25em]"
        >
          {league.code}
        </p>
        <p className="break-all text-muted text-sm">{leagueInviteLink(league.code)}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void copyCode(league.code)}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void shareLink(league)}>
            <Share2 aria-hidden="true" />
            Share Link
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setIsConfirming(true)}>
            <RefreshCw aria-hidden="true" />
            Regenerate Code
          </Button>
        </div>
      </CardContent>

      <Dialog
        open={isConfirming}
        onOpenChange={(open) => {
          if (!regenerate.isPending) setIsConfirming(open);
        }}
      >
        {/* A confirmation: an alert dialog, read out as one. */}
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Regenerate Code</DialogTitle>
            <DialogDescription>
              The league gets a new code and invite link. The old code {league.code} and its link stop working
              at once.
            </DialogDescription>
          </DialogHeader>
          <p className="text-sm">
            Members stay in the league. Anyone you invited who has not asked to join yet will need the new
            code.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={regenerate.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              isLoading={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(undefined, {
                  onSuccess: (updated) => {
                    toast.success({
                      title: 'Code Regenerated',
                      message: `The new code is ${updated.code}. The old code no longer works.`,
                    });
                    setIsConfirming(false);
                  },
                  onError: (error) => {
                    toast.error({ title: 'Code Regeneration Failed', message: getUserMessage(error) });
                  },
                })
              }
            >
              <RefreshCw aria-hidden="true" />
              Regenerate Code
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function DeadlineBanner({ joinDeadline, now }: { joinDeadline: string | null; now: Date }) {
  const banner = joinDeadlineBanner(joinDeadline, now);
  const isPassed = banner.kind === 'passed';
  return (
    <div
      data-deadline={banner.kind}
      className={cn(
        'flex items-start gap-3 rounded-xl border px-4 py-3',
        isPassed ? 'border-bust-500/40 bg-bust-100 text-bust-700' : 'border-line bg-white',
      )}
    >
      {isPassed ? (
        <CalendarX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      ) : (
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pitch-700" />
      )}
      <div className="flex flex-col gap-0.5">
        <p className="font-display font-semibold uppercase tracking-wide">Join Deadline</p>
        {banner.kind === 'none' ? (
          <p className="text-sm">No deadline: players can ask to join at any time.</p>
        ) : banner.kind === 'upcoming' ? (
          <p className="text-sm">
            Players can ask to join until {banner.date} at {banner.time}.
          </p>
        ) : (
          <p className="text-sm">
            The deadline passed on {banner.date} at {banner.time}. Nobody can join until you set a later
            deadline or clear it.
          </p>
        )}
      </div>
    </div>
  );
}

const JOIN_MODE_OPTIONS = LEAGUE_JOIN_MODES.map((mode) => ({
  value: mode,
  label: `${JOIN_MODE_LABELS[mode]} · ${JOIN_MODE_DESCRIPTIONS[mode]}`,
}));

function SettingsCard({ league, serverNow }: { league: LeagueDetail; serverNow: () => Date }) {
  const update = useUpdateLeague(league.id);
  const [form, setForm] = useState<LeagueSettingsForm>(() => leagueSettingsForm(league));
  const [errors, setErrors] = useState<LeagueSettingsErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const deadlineRef = useRef<HTMLInputElement>(null);
  const joinModeId = useId();
  const deadlineId = useId();
  const deadlineHintId = `${deadlineId}-hint`;
  const deadlineErrorId = `${deadlineId}-error`;

  function change(patch: Partial<LeagueSettingsForm>) {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => ({
      ...current,
      ...('name' in patch ? { name: undefined } : {}),
      ...('deadline' in patch ? { deadline: undefined } : {}),
    }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = leagueSettingsInput(form, league, serverNow());
    if ('errors' in result) {
      setErrors(result.errors);
      (result.errors.name ? nameRef : deadlineRef).current?.focus();
      return;
    }
    update.mutate(result.input, {
      onSuccess: () =>
        toast.success({ title: 'League Updated', message: 'Your league settings have been saved.' }),
      onError: (error) => toast.error({ title: 'Update Failed', message: getUserMessage(error) }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>League Settings</CardTitle>
        <CardDescription>Change the name, who may join and until when.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* The checks are ours (and the server's): the browser's own bubbles would not use the specification's words. */}
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          <TextField
            ref={nameRef}
            label="League Name"
            name="name"
            value={form.name}
            maxLength={LEAGUE_LIMITS.nameLength}
            autoComplete="off"
            error={errors.name}
            onChange={(event) => change({ name: event.target.value })}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={joinModeId}>Join Mode</Label>
            <Select
              id={joinModeId}
              size="field"
              value={form.joinMode}
              options={JOIN_MODE_OPTIONS}
              onChange={(value) => change({ joinMode: value as LeagueJoinMode })}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={deadlineId}>Join Deadline</Label>
            <p id={deadlineHintId} className="text-muted text-sm">
              Optional, in your local time. With none, players can join at any time.
            </p>
            <div className="flex gap-2">
              <Input
                ref={deadlineRef}
                id={deadlineId}
                type="datetime-local"
                name="deadline"
                value={form.deadline}
                min={toDateTimeLocalValue(serverNow())}
                aria-invalid={errors.deadline ? true : undefined}
                aria-describedby={[deadlineHintId, errors.deadline ? deadlineErrorId : ''].join(' ').trim()}
                onChange={(event) => change({ deadline: event.target.value })}
              />
              {form.deadline !== '' ? (
                <Button
                  variant="secondary"
                  aria-label="Clear deadline"
                  onClick={() => change({ deadline: '' })}
                >
                  <X aria-hidden="true" />
                  Clear
                </Button>
              ) : null}
            </div>
            <FieldError id={deadlineErrorId}>{errors.deadline}</FieldError>
          </div>
          <Button type="submit" isLoading={update.isPending} className="self-start">
            <Save aria-hidden="true" />
            Update League
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
