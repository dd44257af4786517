import { AppError, WAITLIST_MESSAGES, waitlistInputSchema } from '@hit21/core';
import { CircleCheck, UsersRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
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
import { useFormFocusEvents } from '../../../lib/use-form-focus-events.ts';
import { useWaitlistCount } from '../api/get-waitlist-count.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';
import { celebrate } from '../lib/celebrate.ts';
import { waitlistCountSentence } from '../lib/waitlist-count-text.ts';

type FieldName = 'fullName' | 'email';
type FieldErrors = Partial<Record<FieldName, string>>;

const COUNT_FORMAT = new Intl.NumberFormat('en-GB');

/**
 * The waitlist card: the count of fans on the list, then the Full Name and Email form; after
 * joining, a welcome (with confetti) in place of the form, and the count with the new fan in it.
 */
export function WaitlistSignup({ className }: { className?: string }) {
  const titleId = useId();
  const [hasJoined, setHasJoined] = useState(false);

  return (
    <Card aria-labelledby={titleId} role="region" className={cn('flex flex-col', className)}>
      <CardHeader>
        <CardTitle id={titleId} className="text-2xl text-felt-900">
          Join the waitlist
        </CardTitle>
        <CardDescription className="text-base">
          Be the first to know when the game launches, with game news and deadline reminders.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <WaitlistCount hasJoined={hasJoined} />
        {hasJoined ? <WaitlistWelcome /> : <WaitlistForm onJoined={() => setHasJoined(true)} />}
      </CardContent>
    </Card>
  );
}

/** The server's count of fans on the waitlist, the same figure before and after joining. */
function WaitlistCount({ hasJoined }: { hasJoined: boolean }) {
  const { data: count, isPending, isError } = useWaitlistCount();
  const isLoading = isPending && !isError;
  const sentence = waitlistCountSentence(isError ? null : (count ?? null), hasJoined);

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
        <span>
          {sentence.before}
          {sentence.count === null ? null : (
            <strong className="numeric text-felt-900 text-lg">{COUNT_FORMAT.format(sentence.count)}</strong>
          )}
          {sentence.after}
        </span>
      )}
    </p>
  );
}

function WaitlistForm({ onJoined }: { onJoined: () => void }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const joinWaitlist = useJoinWaitlist();
  const formErrorId = useId();
  const onFormFocus = useFormFocusEvents('waitlist');
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
      onSuccess: () => {
        toast.success({ title: WAITLIST_MESSAGES.joined });
        sendAnalyticsEvent({
          name: 'waitlist_signup',
          path: window.location.pathname,
          properties: { source: 'coming_soon_page' },
        });
        void celebrate();
        onJoined();
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
    <form
      // Sent by the browser itself only before the app runs: never as a GET, with the e-mail in the address.
      method="post"
      noValidate
      onSubmit={handleSubmit}
      onFocus={onFormFocus}
      className="flex flex-col gap-4"
      aria-describedby={formErrorId}
    >
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
