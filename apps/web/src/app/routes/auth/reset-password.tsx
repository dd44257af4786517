import { ACCOUNT_MESSAGES, AppError, isAppErrorWithReason, resetPasswordInputSchema } from '@hit21/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useResetPassword } from '../../../features/auth/api/reset-password.ts';
import { signOut } from '../../../features/auth/api/sign-out.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { BackToLoginLink } from '../../../features/auth/components/back-to-login-link.tsx';
import { FormAlert } from '../../../features/auth/components/form-alert.tsx';
import { PasswordStrength } from '../../../features/auth/components/password-strength.tsx';
import { forgetSignedInUser } from '../../../features/auth/hooks/use-end-session.ts';
import { staleErrorFormProps } from '../../../features/auth/utils/stale-error-form-props.ts';

const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
/** Section 9: the redirect to /login after a password update. */
const REDIRECT_DELAY_MS = 1000;

type ResetState = { step: 'form' } | { step: 'done' } | { step: 'invalid'; message: string };

export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<ResetState>(() =>
    token === '' ? { step: 'invalid', message: ACCOUNT_MESSAGES.invalidResetLink } : { step: 'form' },
  );

  if (state.step === 'invalid') return <InvalidLink message={state.message} />;
  if (state.step === 'done') return <PasswordUpdated />;
  return (
    <ResetPasswordForm
      token={token}
      onDone={() => setState({ step: 'done' })}
      onInvalidLink={(message) => setState({ step: 'invalid', message })}
    />
  );
}

function ResetPasswordForm({
  token,
  onDone,
  onInvalidLink,
}: {
  token: string;
  onDone: () => void;
  onInvalidLink: (message: string) => void;
}) {
  const resetPassword = useResetPassword();
  const queryClient = useQueryClient();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const checklistId = useId();
  const {
    register,
    control,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordInputSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const passwordField = register('password', {
    onChange: () => {
      if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
    },
  });
  const isBusy = resetPassword.isPending;
  const hasErrors = Boolean(errors.password || errors.confirmPassword);

  const onSubmit = handleSubmit(async (input) => {
    setSubmitError(null);
    try {
      await resetPassword.mutateAsync({ token, ...input });
    } catch (error) {
      const message =
        error instanceof AppError && error.statusCode < 500 ? error.userMessage : UNEXPECTED_ERROR;
      // Section 8's "Invalid or expired reset link" refusal, told apart by its reason.
      if (isAppErrorWithReason(error, 'INVALID_RESET_LINK')) onInvalidLink(message);
      else setSubmitError(message);
      return;
    }
    // The server has revoked every session of the user: forget the user here too. The
    // sign-out only clears this browser's cookie, so it runs quietly.
    forgetSignedInUser(queryClient);
    signOut().catch(() => undefined);
    onDone();
  });

  return (
    <AuthCard
      icon={KeyRound}
      title="Reset Password"
      description="Choose a new password for your Hit21 account."
      footer={<BackToLoginLink />}
    >
      <form
        // Sent by the browser itself only before the app runs: never as a GET, with what was typed in the address.
        method="post"
        noValidate
        {...staleErrorFormProps(() => setSubmitError(null), onSubmit)}
        className="flex flex-col gap-5"
      >
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          error={errors.password?.message}
          describedBy={checklistId}
          {...passwordField}
        />
        <PasswordStrength password={password} checklistId={checklistId} />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {submitError ? <FormAlert>{submitError}</FormAlert> : null}
        <Button
          type="submit"
          size="lg"
          isLoading={isBusy}
          disabled={!password || !confirmPassword || hasErrors || isBusy}
        >
          {isBusy ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </AuthCard>
  );
}

/** Moves on to /login after a second, or at once with Sign In. */
function PasswordUpdated() {
  const navigate = useNavigate();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      void navigate(paths.login.getHref(), { replace: true });
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <AuthCard
      icon={CircleCheck}
      tone="success"
      title="Password Updated"
      description="Your password has been changed and you've been signed out on all your devices. Taking you to sign in..."
    >
      <Button asChild size="lg">
        <Link to={paths.login.getHref()} replace>
          Sign In
        </Link>
      </Button>
    </AuthCard>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthCard
      icon={LinkIcon}
      tone="error"
      title="Invalid Link"
      description="This password reset link can't be used."
    >
      <FormAlert>{message}</FormAlert>
      <Button asChild size="lg">
        <Link to={paths.forgotPassword.getHref()}>Request New Link</Link>
      </Button>
      <Button asChild size="lg" variant="secondary">
        <Link to={paths.login.getHref()}>
          <ArrowLeft aria-hidden="true" />
          Back to Login
        </Link>
      </Button>
    </AuthCard>
  );
}
