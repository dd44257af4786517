import { AppError, WAITLIST_MESSAGES, waitlistDisplayCount, waitlistInputSchema } from '@hit21/core';
import { CircleCheck, UsersRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { getUserMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useWaitlistCount } from '../api/get-waitlist-count.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';
import { celebrate } from '../lib/celebrate.ts';

type FieldName = 'fullName' | 'email';
type FieldErrors = Partial<Record<FieldName, string>>;

const COUNT_FORMAT = new Intl.NumberFormat('en-GB');

/**
 * The waitlist card: the social count, then the Full Name and Email form; after joining,
 * a welcome (with confetti) and the real count in place of the form.
 */
export function WaitlistSignup({ className }: { className?: string }) {
  const titleId = useId();
  const [joinedCount, setJoinedCount] = useState<number | null>(null);
  const hasJoined = joinedCount !== null;

  return (
    <Card aria-labelledby={titleId} role="region" className={cn('flex flex-col', className)}>
      <CardHeader>
        <CardTitle id={titleId} className="text-2xl text-felt-900">
          Join the waitlist
        </CardTitle>
        <CardDescription className="text-base">
          Get game news, deadline reminders and first word on what's coming next.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <WaitlistCount joinedCount={joinedCount} />
        {hasJoined ? <WaitlistWelcome /> : <WaitlistForm onJoined={setJoinedCount} />}
      </CardContent>
    </Card>
  );
}

/** Before joining: the fetched count as the specification shows it; after: the raw count. */
function WaitlistCount({ joinedCount }: { joinedCount: number | null }) {
  const { data: count, isPending, isError } = useWaitlistCount();
  const isLoading = joinedCount === null && isPending;

  let text: ReactNode = null;
  if (joinedCount !== null) {
    text = (
      <>
        <strong className="numeric text-felt-900 text-lg">{COUNT_FORMAT.format(joinedCount)}</strong>{' '}
        {joinedCount === 1 ? 'fan is' : 'fans are'} on the waitlist
      </>
    );
  } else if (!isLoading) {
    // A failed count still shows the specification's default figure.
    const shown = waitlistDisplayCount(isError ? 0 : (count ?? 0));
    text = (
      <>
        Join <strong className="numeric text-felt-900 text-lg">{COUNT_FORMAT.format(shown)}</strong> fans
        already on the waitlist
      </>
    );
  }

  return (
    <p
      data-testid="waitlist-count"
      className="flex min-h-11 items-center gap-3 rounded-xl bg-felt-50 px-3 py-2 text-ink"
    >
      <UsersRound aria-hidden="true" className="size-5 shrink-0 text-pitch-700" />
      {isLoading ? (
        <>
          <Skeleton className="h-5 w-56 max-w-full" />
          <span className="sr-only">Loading the waitlist count</span>
        </>
      ) : (
        <span>{text}</span>
      )}
    </p>
  );
}

function WaitlistForm({ onJoined }: { onJoined: (count: number) => void }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const joinWaitlist = useJoinWaitlist();
  const formErrorId = useId();
  const isComplete = fullName.trim() !== '' && email.trim() !== '';

  function clearErrors(field: FieldName) {
    setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
    setFormError(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (joinWaitlist.isPending) return;
    const parsed = waitlistInputSchema.safeParse({ fullName, email });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'fullName' || field === 'email') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    joinWaitlist.mutate(parsed.data, {
      onSuccess: (count) => {
        toast.success({ title: WAITLIST_MESSAGES.joined });
        sendAnalyticsEvent({
          name: 'waitlist_signup',
          path: window.location.pathname,
          properties: { source: 'coming_soon_page' },
        });
        void celebrate();
        onJoined(count);
      },
      onError: (error) => {
        if (error instanceof AppError && error.code === 'CONFLICT') {
          setFieldErrors({ email: WAITLIST_MESSAGES.duplicate });
          toast.error({ title: WAITLIST_MESSAGES.duplicate });
          return;
        }
        const message = getUserMessage(error) || WAITLIST_MESSAGES.failed;
        setFormError(message);
        toast.error({ title: message });
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-describedby={formErrorId}>
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        value={fullName}
        error={fieldErrors.fullName}
        onChange={(event) => {
          setFullName(event.target.value);
          clearErrors('fullName');
        }}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        value={email}
        error={fieldErrors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          clearErrors('email');
        }}
      />
      <div role="alert" id={formErrorId}>
        <FieldError>{formError}</FieldError>
      </div>
      <Button type="submit" size="lg" disabled={!isComplete} isLoading={joinWaitlist.isPending}>
        {joinWaitlist.isPending ? 'Joining...' : 'Notify Me'}
      </Button>
      <p className="text-muted text-sm">
        We only e-mail you about Hit21, and you can unsubscribe at any time. Read our{' '}
        <Link
          to={paths.privacyPolicy.getHref()}
          className="font-medium text-pitch-800 underline underline-offset-2"
        >
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}

function WaitlistWelcome() {
  const headingRef = useRef<HTMLParagraphElement>(null);
  // The form (and the focused button) just disappeared: continue from the welcome.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-xl bg-pitch-50 px-4 py-6 text-center ring-1 ring-pitch-300"
    >
      <CircleCheck aria-hidden="true" className="size-12 text-pitch-700" />
      <p
        ref={headingRef}
        tabIndex={-1}
        className="font-bold font-display text-2xl text-felt-900 uppercase tracking-wide"
      >
        Welcome to the waitlist!
      </p>
      <p className="text-muted">
        We'll keep you posted with game news and reminders. Until then, read how to play below.
      </p>
    </div>
  );
}
