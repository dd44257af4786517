import { ACCOUNT_MESSAGES, AppError, forgotPasswordInputSchema } from '@hit21/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useRequestPasswordReset } from '../../../features/auth/api/forgot-password.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { BackToLoginLink } from '../../../features/auth/components/back-to-login-link.tsx';
import { FormAlert } from '../../../features/auth/components/form-alert.tsx';
import { staleErrorFormProps } from '../../../features/auth/utils/stale-error-form-props.ts';

const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/** The server's message for a refused request; the generic one when the request itself broke. */
function getResetRequestErrorMessage(error: unknown): string {
  if (error instanceof AppError && error.statusCode < 500) return error.userMessage;
  return UNEXPECTED_ERROR;
}

export default function ForgotPasswordRoute() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo !== null) return <ResetLinkSent email={sentTo} onTryAgain={() => setSentTo(null)} />;
  return <ForgotPasswordForm onSent={setSentTo} />;
}

function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const requestReset = useRequestPasswordReset();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  });
  const email = useWatch({ control, name: 'email' });
  const isBusy = requestReset.isPending;

  const onSubmit = handleSubmit(async (input) => {
    setSubmitError(null);
    try {
      await requestReset.mutateAsync(input);
      onSent(input.email);
    } catch (error) {
      setSubmitError(getResetRequestErrorMessage(error));
    }
  });

  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot Password"
      description="Enter the email you signed up with and we'll send you a link to reset your password."
      footer={<BackToLoginLink />}
    >
      <form
        // Sent by the browser itself only before the app runs: never as a GET, with what was typed in the address.
        method="post"
        noValidate
        {...staleErrorFormProps(() => setSubmitError(null), onSubmit)}
        className="flex flex-col gap-5"
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        {submitError ? (
          <FormAlert>
            <p>{submitError}</p>
            {submitError === ACCOUNT_MESSAGES.accountMissing ? (
              <p>
                <Link
                  to={paths.signup.getHref()}
                  className="font-semibold text-bust-700 underline underline-offset-4"
                >
                  Sign up now
                </Link>
              </p>
            ) : null}
          </FormAlert>
        ) : null}
        <Button type="submit" size="lg" isLoading={isBusy} disabled={!email.trim() || isBusy}>
          {isBusy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  );
}

function ResetLinkSent({ email, onTryAgain }: { email: string; onTryAgain: () => void }) {
  return (
    <AuthCard
      icon={MailCheck}
      tone="success"
      title="Check Your Email"
      description={
        <p>
          We've sent a password reset link to <EmailAddress address={email} />.
        </p>
      }
    >
      <ul className="flex list-disc flex-col gap-1.5 rounded-xl bg-stone-50 py-3.5 pr-4 pl-9 text-sm ring-1 ring-line ring-inset">
        <li>Can't find it? Check your spam or junk folder.</li>
        <li>The link expires in 1 hour.</li>
      </ul>
      <Button asChild size="lg">
        <Link to={paths.login.getHref()}>
          <ArrowLeft aria-hidden="true" />
          Back to Login
        </Link>
      </Button>
      <p className="text-center text-muted text-sm">
        Didn't get the email?{' '}
        <button
          type="button"
          onClick={onTryAgain}
          className="inline-flex min-h-11 items-center rounded font-semibold text-pitch-800 underline decoration-pitch-700/40 underline-offset-4 hover:decoration-pitch-700"
        >
          Try again
        </button>
      </p>
    </AuthCard>
  );
}
