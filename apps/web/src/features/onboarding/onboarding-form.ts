import {
  type Club,
  dateOfBirthProblem,
  HOW_DID_YOU_HEAR_OPTIONS,
  type HowDidYouHear,
  type OnboardingInput,
  onboardingInputSchema,
  type Profile,
} from '@hit21/core';

/** The onboarding form while it is being filled in: nothing chosen yet is ''. */
export interface OnboardingFormValues {
  fullName: string;
  dob: string;
  country: string;
  favouriteClub: string;
  howDidYouHear: HowDidYouHear | '';
  howDidYouHearOther: string;
}

export type OnboardingField = keyof OnboardingFormValues;

export const ONBOARDING_STEPS = [
  { label: 'Basic Info', fields: ['fullName', 'dob', 'country'] },
  { label: 'Favourite Team', fields: ['favouriteClub'] },
  { label: 'How Did You Hear', fields: ['howDidYouHear', 'howDidYouHearOther'] },
] as const satisfies readonly { label: string; fields: readonly OnboardingField[] }[];

export type OnboardingStep = 0 | 1 | 2;
export const LAST_STEP: OnboardingStep = 2;

export const FILL_IN_ALL_FIELDS = 'Please fill in all fields';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

export interface StepProblem {
  /** The field the message belongs under; undefined for a message about the whole step. */
  field?: OnboardingField;
  message: string;
}

/** Whether every field of step 1 has something in it (the Next button waits for that). */
export function isBasicInfoFilled(
  values: Pick<OnboardingFormValues, 'fullName' | 'dob' | 'country'>,
): boolean {
  return values.fullName !== '' && values.dob !== '' && values.country !== '';
}

/**
 * Why the given step cannot be left yet, or undefined when it can. The messages are those
 * of the shared onboarding schema (the server checks the same), plus the age rule.
 */
export function stepProblem(
  step: OnboardingStep,
  values: OnboardingFormValues,
  now: Date,
): StepProblem | undefined {
  if (step === 0) {
    if (values.fullName.trim() === '' || values.dob === '' || values.country.trim() === '') {
      return { message: FILL_IN_ALL_FIELDS };
    }
  }
  const fields: readonly OnboardingField[] = ONBOARDING_STEPS[step].fields;
  const result = onboardingInputSchema.safeParse(toOnboardingInput(values));
  if (!result.success) {
    const issue = result.error.issues.find((candidate) =>
      fields.includes(candidate.path[0] as OnboardingField),
    );
    if (issue) return { field: issue.path[0] as OnboardingField, message: issue.message };
  }
  if (step === 0) {
    const problem = dateOfBirthProblem(values.dob, now);
    if (problem) return { field: 'dob', message: problem };
  }
  return undefined;
}

/** The request body: the Other text only goes with Other. */
export function toOnboardingInput(values: OnboardingFormValues): OnboardingInput {
  return {
    fullName: values.fullName,
    dob: values.dob,
    country: values.country,
    favouriteClub: values.favouriteClub,
    // '' is refused by the schema with its own message.
    howDidYouHear: values.howDidYouHear as HowDidYouHear,
    ...(values.howDidYouHear === 'other' ? { howDidYouHearOther: values.howDidYouHearOther } : {}),
  };
}

/** A stored club: a full name, or (in older profiles) a three-letter code such as "ARS". */
export function clubNameFromStored(stored: string, clubs: readonly Pick<Club, 'code' | 'name'>[]): string {
  const value = stored.trim();
  const byCode = value.length === 3 ? clubs.find((club) => club.code === value.toUpperCase()) : undefined;
  if (byCode) return byCode.name;
  return clubs.find((club) => club.name.toLowerCase() === value.toLowerCase())?.name ?? value;
}

/**
 * The form pre-filled from an existing profile. The profile stores an option's value, or
 * the free text when Other was chosen.
 */
export function onboardingDefaults(
  profile: Profile | null | undefined,
  clubs: readonly Pick<Club, 'code' | 'name'>[],
  toCountryName: (stored: string) => string,
): OnboardingFormValues {
  const heard = profile?.howDidYouHear?.trim() ?? '';
  const option = HOW_DID_YOU_HEAR_OPTIONS.find((candidate) => candidate.value === heard);
  return {
    fullName: profile?.fullName ?? '',
    dob: profile?.dob ?? '',
    country: profile?.country ? toCountryName(profile.country) : '',
    favouriteClub: profile?.favouriteClub ? clubNameFromStored(profile.favouriteClub, clubs) : '',
    howDidYouHear: option ? option.value : heard === '' ? '' : 'other',
    howDidYouHearOther: option || heard === 'other' ? '' : heard,
  };
}

/**
 * Where each server-side refusal belongs: issues carry paths such as "body.dob". Returns
 * the field messages and the first step holding one of them.
 */
export function fieldErrorsFromIssues(issues: readonly { path: string; message: string }[] | undefined): {
  errors: Partial<Record<OnboardingField, string>>;
  step: OnboardingStep | undefined;
} {
  const errors: Partial<Record<OnboardingField, string>> = {};
  for (const issue of issues ?? []) {
    const field = issue.path.replace(/^body\./, '').split('.')[0] as OnboardingField;
    const isKnownField = ONBOARDING_STEPS.some((step) =>
      (step.fields as readonly OnboardingField[]).includes(field),
    );
    if (isKnownField && errors[field] === undefined) errors[field] = issue.message;
  }
  const stepIndex = ONBOARDING_STEPS.findIndex((step) =>
    (step.fields as readonly OnboardingField[]).some((field) => errors[field] !== undefined),
  );
  return { errors, step: stepIndex === -1 ? undefined : (stepIndex as OnboardingStep) };
}
