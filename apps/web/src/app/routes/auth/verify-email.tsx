import { ACCOUNT_MESSAGES, emailSchema } from '@hit21/core';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, LogIn, MailCheck, MailWarning, Send } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useResendVerificationEmail, useVerifyEmail } from '../../../features/auth/api/verify-email.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { FormAlert } from '../../../features/auth/components/form-alert.tsx';
import { TextLink } from '../../../features/auth/components/text-link.tsx';
import { AuthClientError } from '../../../features/auth/utils/auth-client-error.ts';
import {
  clearPendingVerificationEmail,
  getPendingVerificationEmail,
} from '../../../features/auth/utils/stored-session-data.ts';
import { emailOfVerificationToken } from '../../../features/auth/utils/verification-token.ts';
import { getProfileQueryOptions, useProfile } from '../../../lib/queries/get-profile.ts';

const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
/** Section 9: the redirect to /onboarding after verification. */
const REDIRECT_DELAY_MS = 2000;

export default function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const shouldVerify = token !== null && token !== '' && searchParams.get('type') === 'signup';
  const [resentTo, setResentTo] = useState<string | null>(null);

  if (resentTo !== null) return <VerificationSent email={resentTo} />;
  if (shouldVerify) return <VerifyToken token={token} onResent={setResentTo} />;
  return <CheckYourInbox onResent={setResentTo} />;
}

/** Runs the verification as soon as the page opens. */
function VerifyToken({ token, onResent }: { token: string; onResent: (email: string) => void }) {
  const verification = useVerifyEmail(token);

  if (verification.isSuccess) return <EmailVerified email={emailOfVerificationToken(token)} />;
  if (verification.isError) {
    const serverMessage =
      verification.error instanceof AuthClientError ? verification.error.message : UNEXPECTED_ERROR;
    return (
      <AuthCard
        icon={MailWarning}
        tone="error"
        title="Verification Failed"
        description={ACCOUNT_MESSAGES.invalidVerificationLink}
        footer={<SignInPrompt />}
      >
        <FormAlert>{serverMessage}</FormAlert>
        <ResendVerification label="Resend Verification" onResent={onResent} />
      </AuthCard>
    );
  }
  return (
    <AuthCard icon={MailCheck} title="Verifying Your Email" description="This will only take a moment.">
      <div role="status" className="flex items-center justify-center gap-3 py-2 text-felt-900">
        <Spinner size="md" className="text-pitch-700" />
        <span className="font-display text-lg uppercase tracking-wider">Verifying...</span>
      </div>
    </AuthCard>
  );
}

/**
 * The address is verified. Opening the link signs nobody in: the browser that already holds
 * this user's session goes on to onboarding after 2 seconds; any other is asked to sign in,
 * with the address filled in.
 */
function EmailVerified({ email }: { email: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [next, setNext] = useState<'checking' | 'continue' | 'sign-in'>('checking');

  useEffect(() => {
    clearPendingVerificationEmail();
    let isCurrent = true;
    // Whose session this browser holds, now that the profile has emailConfirmedAt.
    void queryClient
      .fetchQuery({ ...getProfileQueryOptions(), staleTime: 0 })
      .catch(() => null)
      .then((profile) => {
        if (!isCurrent) return;
        const isSameUser = profile !== null && email !== null && profile.email.toLowerCase() === email;
        setNext(isSameUser ? 'continue' : 'sign-in');
      });
    return () => {
      isCurrent = false;
    };
  }, [email, queryClient]);

  useEffect(() => {
    if (next !== 'continue') return;
    const timer = window.setTimeout(() => {
      void navigate(paths.onboarding.getHref(), { replace: true });
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [next, navigate]);

  if (next === 'sign-in') {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title="Email Verified!"
        description="Thanks for confirming your email address. Sign in to continue."
      >
        <Button asChild size="lg">
          <Link to={paths.login.getHref()} state={email ? { email } : undefined} replace>
            <LogIn aria-hidden="true" />
            Sign In
          </Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={CircleCheck}
      tone="success"
      title="Email Verified!"
      description={
        next === 'continue'
          ? 'Thanks for confirming your email address. Taking you to your profile...'
          : 'Thanks for confirming your email address.'
      }
    />
  );
}

function CheckYourInbox({ onResent }: { onResent: (email: string) => void }) {
  const email = useKnownEmail();
  return (
    <AuthCard
      icon={MailCheck}
      title="Verify Your Email"
      description={
        email ? (
          <p>
            We've sent a verification link to <strong className="break-all text-ink">{email}</strong>. Check
            your inbox and spam folder, then open the link to verify your account.
          </p>
        ) : (
          <p>
            We've sent you a verification link. Check your inbox and spam folder, then open the link to verify
            your account.
          </p>
        )
      }
      footer={<SignInPrompt />}
    >
      <ResendVerification label="Resend Verification Email" onResent={onResent} />
    </AuthCard>
  );
}

function VerificationSent({ email }: { email: string }) {
  return (
    <AuthCard
      icon={Send}
      tone="success"
      title="Verification Sent!"
      description={
        <p>
          We've sent a new verification email to <strong className="break-all text-ink">{email}</strong>.
          Check your inbox and spam folder.
        </p>
      }
      footer={<SignInPrompt />}
    />
  );
}

/** The e-mail to verify: the one stored at sign-up, else the signed-in user's. */
function useKnownEmail(): string | null {
  const { data: profile } = useProfile();
  return getPendingVerificationEmail() ?? profile?.email ?? null;
}

/** Sends the verification e-mail again, asking for the address when it is not known. */
function ResendVerification({ label, onResent }: { label: string; onResent: (email: string) => void }) {
  const knownEmail = useKnownEmail();
  const resend = useResendVerificationEmail();
  const [typedEmail, setTypedEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [submitError, setSubmitError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitError(null);
    const parsed = emailSchema.safeParse(knownEmail ?? typedEmail);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    try {
      await resend.mutateAsync({ email: parsed.data });
      onResent(parsed.data);
    } catch (error) {
      setSubmitError(error instanceof AuthClientError ? error.message : UNEXPECTED_ERROR);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      {knownEmail ? null : (
        <TextField
          label="Email"
          hint="The email address you signed up with."
          type="email"
          autoComplete="email"
          inputMode="email"
          value={typedEmail}
          error={emailError}
          onChange={(event) => setTypedEmail(event.target.value)}
        />
      )}
      {submitError ? <FormAlert>{submitError}</FormAlert> : null}
      <Button
        type="submit"
        size="lg"
        isLoading={resend.isPending}
        disabled={resend.isPending || (!knownEmail && !typedEmail.trim())}
      >
        {resend.isPending ? 'Sending...' : label}
      </Button>
    </form>
  );
}

function SignInPrompt() {
  return (
    <p>
      Already verified? <TextLink to={paths.login.getHref()}>Sign In</TextLink>
    </p>
  );
}
