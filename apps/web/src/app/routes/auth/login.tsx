import { nextStepFor, type Profile, signInInputSchema } from '@hit21/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, LogIn, LogOut, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { refreshProfile } from '../../../features/auth/api/load-profile.ts';
import { useSignIn } from '../../../features/auth/api/sign-in.ts';
import { useSignOut } from '../../../features/auth/api/sign-out.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { FormAlert } from '../../../features/auth/components/form-alert.tsx';
import { TextLink } from '../../../features/auth/components/text-link.tsx';
import { GUARD_ROUTE_IDS, type GuestGuardData } from '../../../features/auth/guards/guard-loaders.ts';
import { AuthClientError } from '../../../features/auth/utils/auth-client-error.ts';
import { staleErrorFormProps } from '../../../features/auth/utils/stale-error-form-props.ts';
import { toast } from '../../../lib/toast.ts';

const INVALID_CREDENTIALS = 'Invalid email or password.';
const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

export default function LoginRoute() {
  const guard = useRouteLoaderData<GuestGuardData>(GUARD_ROUTE_IDS.guest);
  const [hasProfileError, setHasProfileError] = useState(guard?.hasProfileError ?? false);
  if (hasProfileError) return <ProfileLoadingError onSignedOut={() => setHasProfileError(false)} />;
  return <LoginForm onProfileError={() => setHasProfileError(true)} />;
}

function LoginForm({ onProfileError }: { onProfileError: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [submitError, setSubmitError] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signInInputSchema),
    mode: 'onSubmit',
    // The verify-email page passes the address it has just verified.
    defaultValues: { email: emailFromState(location.state), password: '' },
  });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  // Busy from the click until the next page: sign-in, then loading the profile.
  const isBusy = signIn.isPending || isSubmitting;

  const onSubmit = handleSubmit(async (input) => {
    setSubmitError(null);
    try {
      await signIn.mutateAsync(input);
    } catch (error) {
      const message =
        error instanceof AuthClientError ? error.message || INVALID_CREDENTIALS : UNEXPECTED_ERROR;
      setSubmitError(message);
      toast.error({ title: 'Login Failed', message });
      return;
    }

    let profile: Profile | null;
    try {
      profile = await refreshProfile(queryClient);
    } catch {
      onProfileError();
      return;
    }
    if (!profile) {
      onProfileError();
      return;
    }
    toast.success({ title: 'Welcome Back!', message: 'Successfully signed in to your account.' });
    await navigate(nextStepFor(profile), { replace: true });
  });

  return (
    <AuthCard
      icon={LogIn}
      title="Login"
      description="Welcome back. Sign in to check how close your four are to 21."
      footer={
        <p>
          Don't have an account? <TextLink to={paths.signup.getHref()}>Sign up</TextLink>
        </p>
      }
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
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          labelAside={
            <TextLink to={paths.forgotPassword.getHref()} className="-my-3 text-sm">
              Forgot password?
            </TextLink>
          }
          {...register('password')}
        />
        {submitError ? <FormAlert>{submitError}</FormAlert> : null}
        <Button type="submit" size="lg" isLoading={isBusy} disabled={!email || !password || isBusy}>
          {isBusy ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}

/** Signed in, but the profile would not load: reload, or sign out and start again. */
function ProfileLoadingError({ onSignedOut }: { onSignedOut: () => void }) {
  const signOut = useSignOut();
  return (
    <AuthCard
      icon={CircleAlert}
      tone="error"
      title="Profile Loading Error"
      description="We couldn't load your profile. This might be a temporary issue."
    >
      <div className="flex flex-col gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" />
          Retry Loading
        </Button>
        <Button
          size="lg"
          variant="secondary"
          isLoading={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSuccess: onSignedOut })}
        >
          {signOut.isPending ? null : <LogOut aria-hidden="true" />}
          Sign Out
        </Button>
      </div>
    </AuthCard>
  );
}

function emailFromState(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}
