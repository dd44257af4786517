import { z } from 'zod';
import { GOAL_ALERT_PREFERENCES } from '../notifications/notification-rules.ts';
import { normalisePersonName, personNameSchema, shortTextProblem } from './person-name.ts';

export const HOW_DID_YOU_HEAR_OPTIONS = [
  { value: 'friend', label: 'Friend' },
  { value: 'online', label: 'Search engine (Google, etc.)' },
  { value: 'social_media', label: 'Social Media' },
  { value: 'email', label: 'Email' },
  { value: 'other', label: 'Other' },
] as const;
export type HowDidYouHear = (typeof HOW_DID_YOU_HEAR_OPTIONS)[number]['value'];

export const MINIMUM_AGE = 18;

/** Whole years between a YYYY-MM-DD birth date and a moment (UTC calendar). */
export function ageOn(dob: string, now: Date): number {
  const [year = 0, month = 1, day = 1] = dob.split('-').map(Number);
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The reason a date of birth is refused at `now`, or undefined when it is fine. */
export function dateOfBirthProblem(dob: string, now: Date): string | undefined {
  if (Date.parse(`${dob}T00:00:00Z`) > now.getTime()) return 'Date of birth cannot be in the future';
  if (ageOn(dob, now) < MINIMUM_AGE) return `You must be ${MINIMUM_AGE} or over to play`;
  if (ageOn(dob, now) > 120) return 'Please enter a real date of birth';
  return undefined;
}

const fullNameSchema = personNameSchema({ required: 'Please fill in all fields' });
const dobSchema = z.iso.date('Please enter a valid date of birth');

/** Onboarding: the three steps, validated again by the server (country and club are full names). */
export const onboardingInputSchema = z
  .object({
    fullName: fullNameSchema,
    dob: dobSchema,
    country: z.string().trim().min(1, 'Please fill in all fields').max(100),
    favouriteClub: z.string().trim().min(1, 'Please select your favourite team').max(100),
    howDidYouHear: z.enum(
      HOW_DID_YOU_HEAR_OPTIONS.map((option) => option.value) as [HowDidYouHear, ...HowDidYouHear[]],
      'Please tell us how you heard about Hit21',
    ),
    howDidYouHearOther: z
      .string()
      .max(200, 'Please keep this to 200 characters')
      .superRefine((text, context) => {
        const problem = shortTextProblem(text);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .transform(normalisePersonName)
      .optional(),
  })
  .refine((input) => input.howDidYouHear !== 'other' || (input.howDidYouHearOther ?? '').length > 0, {
    path: ['howDidYouHearOther'],
    message: 'Please specify how you heard about the product',
  });
export type OnboardingInput = z.input<typeof onboardingInputSchema>;

/** Settings: only the name and date of birth can change. */
export const updateProfileInputSchema = z.object({ fullName: fullNameSchema, dob: dobSchema });
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  dob: z.string().nullable(),
  country: z.string().nullable(),
  favouriteClub: z.string().nullable(),
  howDidYouHear: z.string().nullable(),
  onboardingComplete: z.boolean(),
  playerSelectionComplete: z.boolean(),
  role: z.string(),
  marketingOptIn: z.boolean(),
  /** Which goal alerts the player wants (Settings). */
  goalAlerts: z.enum(GOAL_ALERT_PREFERENCES),
  emailConfirmedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Where a signed-in user belongs: the specification's progress order. */
export function nextStepFor(profile: Pick<Profile, 'onboardingComplete' | 'playerSelectionComplete'> | null) {
  if (!profile?.onboardingComplete) return '/onboarding' as const;
  if (!profile.playerSelectionComplete) return '/player-selection' as const;
  return '/dashboard' as const;
}
