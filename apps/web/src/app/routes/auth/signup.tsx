import { signUpInputSchema } from '@hit21/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { refreshProfile } from '../../../features/auth/api/load-profile.ts';
import { useSignUp } from '../../../features/auth/api/sign-up.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { FormAlert } from '../../../features/auth/components/form-alert.tsx';
import { PasswordStrength } from '../../../features/auth/components/password-strength.tsx';
import { TextLink } from '../../../features/auth/components/text-link.tsx';
import { getSignUpErrorMessage } from '../../../features/auth/utils/sign-up-error-message.ts';
import { staleErrorFormProps } from '../../../features/auth/utils/stale-error-form-props.ts';
import { setPendingVerificationEmail } from '../../../features/auth/utils/stored-session-data.ts';
import { sendAnalyticsEvent } from '../../../lib/analytics.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormFocusEvents } from '../../../lib/use-form-focus-events.ts';

const SIGN_UP_DEFAULTS = { email: '', password: '', confirmPassword: '', marketingOptIn: true };

export default function SignupRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signUp = useSignUp();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const checklistId = useId();
  const onFormFocus = useFormFocusEvents('sign_up');

  const {
    register,
    control,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(signUpInputSchema),
    mode: 'onTouched',
    defaultValues: SIGN_UP_DEFAULTS,
  });
  const password = useWatch({ control, name: 'password' });

  const passwordField = register('password', {
    // Changing the password re-checks a confirmation that was already typed.
    onChange: () => {
      if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
    },
  });

  const onSubmit = handleSubmit(async ({ email, password, marketingOptIn }) => {
    setSubmitError(null);
    try {
      await signUp.mutateAsync({ email, password, marketingOptIn });
    } catch (error) {
      const message = getSignUpErrorMessage(error);
      setSubmitError(message);
      toast.error({ title: 'Signup Failed', message });
      return;
    }
    setPendingVerificationEmail(email);
    sendAnalyticsEvent({
      name: 'sign_up',
      path: paths.signup.getHref(),
      properties: { category: 'User Registration', method: 'email', marketing_opt_in: marketingOptIn },
    });
    // The new user is signed in now: load the profile before the onboarding guard reads it.
    await refreshProfile(queryClient).catch(() => undefined);
    toast.success({
      title: 'Account Created!',
      message: 'Welcome to Hit21! Please complete your profile to start playing.',
    });
    await navigate(paths.onboarding.getHref(), { replace: true });
  });

  // Busy from the click until the next page: sign-up, then loading the new profile.
  const isBusy = signUp.isPending || isSubmitting;

  return (
    <AuthCard
      icon={UserPlus}
      title="Sign Up"
      description="Create your free account, pick 4 Premier League players and go for 21."
      footer={
        <p>
          Already have an account? <TextLink to={paths.login.getHref()}>Log in</TextLink>
        </p>
      }
    >
      <form
        // Sent by the browser itself only before the app runs: never as a GET, with what was typed in the address.
        method="post"
        noValidate
        {...staleErrorFormProps(() => setSubmitError(null), onSubmit)}
        onFocus={onFormFocus}
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
          autoComplete="new-password"
          error={errors.password?.message}
          describedBy={checklistId}
          {...passwordField}
        />
        <PasswordStrength password={password} checklistId={checklistId} />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-pitch-700"
            // Drawn ticked on the server too, not only once the form takes the box over.
            defaultChecked={SIGN_UP_DEFAULTS.marketingOptIn}
            {...register('marketingOptIn')}
          />
          <span>
            Email me Hit21 news, reminders before the deadline and occasional offers. You can unsubscribe at
            any time.
          </span>
        </label>
        {submitError ? <FormAlert>{submitError}</FormAlert> : null}
        <Button type="submit" size="lg" isLoading={isBusy} disabled={!isValid || isBusy}>
          {isBusy ? 'Creating Account...' : 'Create Account'}
        </Button>
        <p className="text-center text-muted text-xs">
          Hit21 is free to play for fans aged 18 or over. By signing up you agree to our{' '}
          <Link to={paths.termsOfUse.getHref()} className="font-medium text-ink underline underline-offset-2">
            Terms of Use
          </Link>{' '}
          and{' '}
          <Link
            to={paths.privacyPolicy.getHref()}
            className="font-medium text-ink underline underline-offset-2"
          >
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
