import { AppError, type CreatedLeague } from '@hit21/core';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { paths } from '../../../config/paths.ts';
import { getUserMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateLeague } from '../api/create-league.ts';
import {
  type CreateLeagueErrors,
  type CreateLeagueValues,
  describeDeadline,
  INITIAL_CREATE_LEAGUE_VALUES,
  JOIN_MODE_CHOICES,
  MAX_MEMBER_SELECT_OPTIONS,
  parseMaxMembers,
  toCreateLeagueInput,
  toDateTimeLocalValue,
} from '../utils/create-league-values.ts';
import type { LeagueCreatedState } from '../utils/league-created-state.ts';

/** The specification's pause between "League created successfully!" and the created page. */
export const CREATED_REDIRECT_DELAY_MS = 1500;
const CREATION_FAILED = 'Failed to create league. Please try again.';

export interface CreateLeagueFormProps {
  /**
   * `page`: /leagues, where a missing name also raises a "Validation Error" toast.
   * `inline`: the dashboard, where every error stays beside the form.
   */
  variant: 'page' | 'inline';
  onCancel?: () => void;
  /**
   * The server's clock minus this device's (the demo moves the server's): the deadline must be
   * after the game's now, as the server and the settings form check it, not the device's.
   */
  clockOffsetMs?: number;
  className?: string;
}

/**
 * Name, maximum members, join mode and an optional deadline. On success: the toast, then the
 * created page 1.5 s later with the league passed along.
 */
export function CreateLeagueForm({ variant, onCancel, clockOffsetMs = 0, className }: CreateLeagueFormProps) {
  const serverNow = () => new Date(Date.now() + clockOffsetMs);
  const [values, setValues] = useState<CreateLeagueValues>(INITIAL_CREATE_LEAGUE_VALUES);
  const [errors, setErrors] = useState<CreateLeagueErrors>({});
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState<CreatedLeague>();
  const createLeague = useCreateLeague();
  const navigate = useNavigate();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const nameRef = useRef<HTMLInputElement>(null);
  const deadlineRef = useRef<HTMLInputElement>(null);
  const ids = {
    name: useId(),
    maxMembers: useId(),
    joinMode: useId(),
    deadline: useId(),
  };

  useEffect(() => () => clearTimeout(redirect.current), []);

  const update = <Key extends keyof CreateLeagueValues>(key: Key, value: CreateLeagueValues[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'name' || key === 'joinDeadline') setErrors((current) => ({ ...current, [key]: undefined }));
    setFormError(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createLeague.isPending || created) return;
    const checked = toCreateLeagueInput(values, serverNow());
    if (checked.errors) {
      setErrors(checked.errors);
      if (checked.errors.name) nameRef.current?.focus();
      else deadlineRef.current?.focus();
      if (variant === 'page' && checked.errors.name)
        toast.error({ title: 'Validation Error', message: checked.errors.name });
      return;
    }
    setErrors({});
    setFormError(undefined);
    createLeague.mutate(checked.input, {
      onSuccess: (league) => {
        setCreated(league);
        toast.success({
          title: 'League created successfully!',
          message: `${league.name} is ready for your friends.`,
        });
        const state: LeagueCreatedState = { league };
        redirect.current = setTimeout(
          () => navigate(paths.leagues.created.getHref(), { state }),
          CREATED_REDIRECT_DELAY_MS,
        );
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors) {
          setErrors(fieldErrors);
          return;
        }
        const reason = creationRefusal(error);
        if (variant === 'inline') {
          setFormError(reason ? `Failed to create league: ${reason}` : 'Failed to create league');
          return;
        }
        setFormError(reason ?? CREATION_FAILED);
        toast.error({ title: 'League Creation Failed', message: reason ?? CREATION_FAILED });
      },
    });
  };

  const deadlinePreview = describeDeadline(values.joinDeadline);
  const nameDescribedBy = errors.name ? `${ids.name}-error` : undefined;
  const deadlineDescribedBy =
    [deadlinePreview ? `${ids.deadline}-preview` : '', errors.joinDeadline ? `${ids.deadline}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={cn('@container flex flex-col gap-5', className)}
      aria-label="Create League"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.name}>League Name</Label>
        <Input
          ref={nameRef}
          id={ids.name}
          name="name"
          value={values.name}
          onChange={(event) => update('name', event.target.value)}
          placeholder="e.g. The Sunday League Legends"
          autoComplete="off"
          maxLength={80}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={nameDescribedBy}
        />
        <FieldError id={nameDescribedBy}>{errors.name}</FieldError>
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.maxMembers}>Maximum Members</Label>
        <Select
          id={ids.maxMembers}
          size="field"
          value={String(values.maxMembers)}
          options={MAX_MEMBER_SELECT_OPTIONS}
          onChange={(value) => update('maxMembers', parseMaxMembers(value))}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 font-medium text-ink text-sm">Join Mode</legend>
        <div className="grid gap-2 @lg:grid-cols-3">
          {JOIN_MODE_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ring-stone-300 transition-colors hover:bg-stone-50 has-checked:bg-felt-50 has-checked:ring-2 has-checked:ring-felt-900 has-focus-visible:outline-2 has-focus-visible:outline-(--focus-ring) has-focus-visible:outline-offset-2"
            >
              <input
                type="radio"
                name={ids.joinMode}
                value={choice.value}
                checked={values.joinMode === choice.value}
                onChange={() => update('joinMode', choice.value)}
                className="mt-1 size-4 shrink-0 accent-felt-900 focus-visible:outline-none"
              />
              <span className="flex flex-col gap-0.5">
                <span className="font-display font-semibold text-felt-900 uppercase tracking-wide">
                  {choice.label}
                </span>
                <span className="text-muted text-sm">{choice.explanation}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.deadline}>
          Join Deadline <span className="font-normal text-muted">(optional)</span>
        </Label>
        <Input
          ref={deadlineRef}
          id={ids.deadline}
          name="joinDeadline"
          type="datetime-local"
          value={values.joinDeadline}
          min={toDateTimeLocalValue(serverNow())}
          onChange={(event) => update('joinDeadline', event.target.value)}
          aria-invalid={errors.joinDeadline ? true : undefined}
          aria-describedby={deadlineDescribedBy}
        />
        <p id={`${ids.deadline}-preview`} className="text-muted text-sm">
          {deadlinePreview ?? 'Leave empty to let people join at any time.'}
        </p>
        <FieldError id={errors.joinDeadline ? `${ids.deadline}-error` : undefined}>
          {errors.joinDeadline}
        </FieldError>
      </div>

      {formError ? (
        <p role="alert" className="rounded-lg bg-bust-100 px-3 py-2 font-medium text-bust-700 text-sm">
          {formError}
        </p>
      ) : null}
      {created ? (
        <p role="status" className="flex items-center gap-2 font-medium text-pitch-700 text-sm">
          <CircleCheck aria-hidden="true" className="size-4" />
          League created successfully! Taking you to its invite details…
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-3 @sm:flex-row @sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={Boolean(created)}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" isLoading={createLeague.isPending} disabled={Boolean(created)}>
          Create League
        </Button>
      </div>
    </form>
  );
}

/** The server's field refusals (a name too long, a deadline already past) shown under their fields. */
function serverFieldErrors(error: unknown): CreateLeagueErrors | null {
  if (!(error instanceof AppError)) return null;
  if (error.reason === 'JOIN_DEADLINE_IN_PAST') return { joinDeadline: error.userMessage };
  const fields: CreateLeagueErrors = {};
  for (const issue of error.issues ?? []) {
    const field = issue.path.replace(/^body\./, '');
    if (field === 'name' && !fields.name) fields.name = issue.message;
    if (field === 'joinDeadline' && !fields.joinDeadline) fields.joinDeadline = issue.message;
  }
  return fields.name || fields.joinDeadline ? fields : null;
}

/** The server's reason (e.g. too many leagues), or null when it gave none worth reading. */
function creationRefusal(error: unknown): string | null {
  return error instanceof AppError && error.code !== 'INTERNAL' ? getUserMessage(error) : null;
}
