import { AppError, type Club, dateOfBirthProblem } from '@hit21/core';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { type ComponentType, type FormEvent, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocalToday } from '../../../lib/use-hydrated.ts';
import { useCompleteOnboarding } from '../api/complete-onboarding.ts';
import {
  fieldErrorsFromIssues,
  isBasicInfoFilled,
  LAST_STEP,
  ONBOARDING_STEPS,
  type OnboardingField,
  type OnboardingFormValues,
  type OnboardingStep,
  stepProblem,
  toOnboardingInput,
  UNEXPECTED_ERROR_MESSAGE,
} from '../onboarding-form.ts';
import { ClubCard } from './club-card.tsx';
import { HowDidYouHearOptions } from './how-did-you-hear-options.tsx';
import { OnboardingProgress } from './onboarding-progress.tsx';

/** What the wizard needs from a country picker (the route passes the countries feature's). */
export interface CountryPickerProps {
  id: string;
  name: string;
  value: string;
  onChange: (countryName: string) => void;
  onBlur: () => void;
  isInvalid?: boolean;
  describedBy?: string;
}

export interface OnboardingWizardProps {
  defaultValues: OnboardingFormValues;
  clubs: readonly Club[];
  CountryPicker: ComponentType<CountryPickerProps>;
}

/** Where each field's input is, to move focus to a refused one. */
const FIELD_IDS: Record<OnboardingField, string> = {
  fullName: 'onboarding-full-name',
  dob: 'onboarding-dob',
  country: 'onboarding-country',
  favouriteClub: 'onboarding-club',
  howDidYouHear: 'onboarding-heard-friend',
  howDidYouHearOther: 'onboarding-heard-other-text',
};

/** The three onboarding steps; completing them saves the profile and opens player selection. */
export function OnboardingWizard({ defaultValues, clubs, CountryPicker }: OnboardingWizardProps) {
  const navigate = useNavigate();
  const completeOnboarding = useCompleteOnboarding();
  const [step, setStep] = useState<OnboardingStep>(0);
  const [isDobTouched, setIsDobTouched] = useState(false);
  const form = useForm<OnboardingFormValues>({ defaultValues });
  const today = useLocalToday();
  const { register, control, watch, getValues, setError, clearErrors, setValue, formState } = form;
  const { errors } = formState;
  const ids = {
    heading: useId(),
    dobHint: useId(),
    dobError: useId(),
    countryError: useId(),
    clubError: useId(),
    heardLabel: useId(),
    heardError: useId(),
    stepError: useId(),
  };

  // The step heading stays the same element from step to step: focusing it on a move puts
  // keyboard and screen-reader users at the top of the new step.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const values = watch();
  const chosenClub = clubs.find((club) => club.name === values.favouriteClub);
  // The server's age rule, shown as soon as a whole date is in (not while the year is typed).
  const dobYear = Number(values.dob.slice(0, 4));
  const liveDobProblem =
    values.dob !== '' && (isDobTouched || dobYear >= 1000)
      ? dateOfBirthProblem(values.dob, new Date())
      : undefined;
  const dobMessage = errors.dob?.message ?? liveDobProblem;

  /** Editing a field clears its message and the step's message. */
  function clearStepErrors(...fields: OnboardingField[]) {
    clearErrors(fields);
    clearErrors('root');
  }

  function goTo(next: OnboardingStep) {
    clearErrors();
    setStep(next);
    headingRef.current?.focus();
  }

  /** Shows a step's problem under its field (or for the whole step) and focuses that field. */
  function showProblem(field: OnboardingField | undefined, message: string) {
    setError(field ?? 'root', { message });
    if (field) document.getElementById(FIELD_IDS[field])?.focus();
  }

  function handleFailure(error: unknown) {
    if (error instanceof AppError) {
      const { errors: fieldErrors, step: stepWithError } = fieldErrorsFromIssues(error.issues);
      if (stepWithError !== undefined) {
        setStep(stepWithError);
        headingRef.current?.focus();
        for (const [field, message] of Object.entries(fieldErrors)) {
          setError(field as OnboardingField, { message });
        }
        return;
      }
      if (error.code !== 'INTERNAL' && error.code !== 'UNAVAILABLE') {
        setError('root', { message: error.userMessage });
        return;
      }
    }
    setError('root', { message: UNEXPECTED_ERROR_MESSAGE });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (completeOnboarding.isPending) return;
    clearErrors();
    const current = getValues();
    const problem = stepProblem(step, current, new Date());
    if (problem) {
      showProblem(problem.field, problem.message);
      return;
    }
    if (step < LAST_STEP) {
      goTo((step + 1) as OnboardingStep);
      return;
    }
    completeOnboarding.mutate(toOnboardingInput(current), {
      onSuccess: () => {
        toast.success({
          title: 'Profile Setup Complete!',
          message: 'Your profile has been successfully created. You can now select your players.',
        });
        navigate(paths.playerSelection.getHref());
      },
      onError: handleFailure,
    });
  }

  const isNextDisabled = step === 0 && !isBasicInfoFilled(values);

  return (
    <form noValidate aria-labelledby={ids.heading} onSubmit={handleSubmit} className="flex flex-col">
      <div className="border-line border-b px-5 py-5 sm:px-8">
        <OnboardingProgress step={step} />
      </div>

      <div className="flex flex-col gap-6 px-5 py-6 sm:px-8 sm:py-8">
        <h2
          ref={headingRef}
          id={ids.heading}
          tabIndex={-1}
          className="font-bold font-display text-2xl text-felt-900 uppercase tracking-wide sm:text-3xl"
        >
          {ONBOARDING_STEPS[step].label}
        </h2>

        {step === 0 ? (
          <div className="flex flex-col gap-5">
            <TextField
              id={FIELD_IDS.fullName}
              label="Full Name"
              maxLength={100}
              autoComplete="name"
              autoCapitalize="words"
              placeholder="e.g. Alex Morgan"
              error={errors.fullName?.message}
              // Registered fields get their value once running; the server's drawing needs it too.
              defaultValue={defaultValues.fullName}
              {...register('fullName', { onChange: () => clearStepErrors('fullName') })}
            />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={FIELD_IDS.dob}>Date of Birth</Label>
              <p id={ids.dobHint} className="text-muted text-sm">
                You must be 18 or over to play.
              </p>
              <input
                id={FIELD_IDS.dob}
                type="date"
                autoComplete="bday"
                min="1900-01-01"
                max={today}
                aria-invalid={dobMessage ? true : undefined}
                aria-describedby={[ids.dobHint, dobMessage ? ids.dobError : ''].filter(Boolean).join(' ')}
                className="block min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3.5 py-2 text-base text-ink shadow-xs transition-colors hover:border-stone-400 focus-visible:border-felt-900 aria-invalid:border-bust-700"
                defaultValue={defaultValues.dob}
                {...register('dob', {
                  onChange: () => clearStepErrors('dob'),
                  onBlur: () => setIsDobTouched(true),
                })}
              />
              <FieldError id={ids.dobError}>{dobMessage}</FieldError>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={FIELD_IDS.country}>Country</Label>
              <Controller
                control={control}
                name="country"
                render={({ field }) => (
                  <CountryPicker
                    id={FIELD_IDS.country}
                    name={field.name}
                    value={field.value}
                    onChange={(countryName) => {
                      field.onChange(countryName);
                      clearStepErrors('country');
                    }}
                    onBlur={field.onBlur}
                    isInvalid={Boolean(errors.country)}
                    describedBy={errors.country ? ids.countryError : undefined}
                  />
                )}
              />
              <FieldError id={ids.countryError}>{errors.country?.message}</FieldError>
            </div>
          </div>
        ) : null}

        {step === 1 ? (
          <div className="flex flex-col gap-5">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={FIELD_IDS.favouriteClub}>Favourite Team</Label>
              <Controller
                control={control}
                name="favouriteClub"
                render={({ field }) => (
                  <Select
                    size="field"
                    id={FIELD_IDS.favouriteClub}
                    placeholder="Choose your team"
                    options={clubs.map((club) => ({
                      value: club.name,
                      label: club.name,
                      icon: <Jersey club={club} size="sm" />,
                      aside: <span className="numeric text-muted text-sm tracking-widest">{club.code}</span>,
                    }))}
                    value={field.value}
                    onChange={(clubName) => {
                      field.onChange(clubName);
                      clearStepErrors('favouriteClub');
                    }}
                    isInvalid={Boolean(errors.favouriteClub)}
                    describedBy={errors.favouriteClub ? ids.clubError : undefined}
                  />
                )}
              />
              <FieldError id={ids.clubError} role="alert">
                {errors.favouriteClub?.message}
              </FieldError>
            </div>
            {chosenClub ? (
              <ClubCard club={chosenClub} />
            ) : (
              <p className="rounded-2xl border-2 border-stone-300 border-dashed px-5 py-8 text-center text-muted">
                Your team decides which club leaderboard you play on.
              </p>
            )}
          </div>
        ) : null}

        {step === 2 ? (
          <div className="flex flex-col gap-5">
            <div className="flex flex-col gap-2.5">
              <p id={ids.heardLabel} className="font-medium text-ink text-sm">
                How did you hear about Hit21?
              </p>
              <Controller
                control={control}
                name="howDidYouHear"
                render={({ field }) => (
                  <HowDidYouHearOptions
                    idPrefix="onboarding-heard"
                    value={field.value}
                    labelledBy={ids.heardLabel}
                    isInvalid={Boolean(errors.howDidYouHear)}
                    describedBy={errors.howDidYouHear ? ids.heardError : undefined}
                    onChange={(option) => {
                      field.onChange(option);
                      // The Other text only belongs to Other.
                      if (option !== 'other') setValue('howDidYouHearOther', '');
                      clearStepErrors('howDidYouHear', 'howDidYouHearOther');
                    }}
                  />
                )}
              />
              <FieldError id={ids.heardError} role="alert">
                {errors.howDidYouHear?.message}
              </FieldError>
            </div>
            {values.howDidYouHear === 'other' ? (
              <TextField
                id={FIELD_IDS.howDidYouHearOther}
                label="Please specify"
                placeholder="e.g. a podcast"
                maxLength={200}
                error={errors.howDidYouHearOther?.message}
                defaultValue={defaultValues.howDidYouHearOther}
                {...register('howDidYouHearOther', {
                  onChange: () => clearStepErrors('howDidYouHearOther'),
                })}
              />
            ) : null}
          </div>
        ) : null}

        <FieldError id={ids.stepError} role="alert" className="rounded-lg bg-bust-100 px-3.5 py-3">
          {errors.root?.message}
        </FieldError>
      </div>

      <div className="flex flex-col-reverse gap-3 border-line border-t px-5 py-4 sm:flex-row sm:justify-between sm:px-8">
        {step > 0 ? (
          <Button
            variant="secondary"
            disabled={completeOnboarding.isPending}
            onClick={() => goTo((step - 1) as OnboardingStep)}
          >
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        ) : (
          <span className="hidden sm:block" />
        )}
        {step < LAST_STEP ? (
          <Button type="submit" disabled={isNextDisabled}>
            Next
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : (
          <Button type="submit" isLoading={completeOnboarding.isPending}>
            {completeOnboarding.isPending ? null : <Check aria-hidden="true" />}
            Complete Setup
          </Button>
        )}
      </div>
    </form>
  );
}
