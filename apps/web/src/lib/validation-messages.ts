import { type core, z } from 'zod';

/** How the forms' field names read in a sentence. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  fullName: 'Full name',
  name: 'Name',
  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  currentPassword: 'Current password',
  confirmPassword: 'Password confirmation',
  dob: 'Date of birth',
  country: 'Country',
  favouriteClub: 'Favourite team',
  howDidYouHear: 'How you heard about us',
  howDidYouHearOther: 'Your answer',
  search: 'Search',
};

function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((segment) => typeof segment === 'string');
  return (typeof key === 'string' && FIELD_LABELS[key]) || 'This field';
}

/**
 * A message written for people for a validation issue whose schema gave none (zod's own
 * text reads "Too big: expected string to have <=100 characters"). Schemas that name their
 * message keep it: this only fills the gaps.
 */
export function humanIssueMessage(issue: core.$ZodRawIssue): string {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return `${label} must be ${issue.maximum} characters or fewer`;
      return `${label} is too long`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${label} is required`
          : `${label} must be at least ${issue.minimum} characters`;
      }
      return `${label} is required`;
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? `${label} is required`
        : `Please check ${label.toLowerCase()}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Email is invalid' : `Please enter a valid ${label.toLowerCase()}`;
    default:
      return `Please check ${label.toLowerCase()}`;
  }
}

/** Once, at start-up: every schema checked in the browser falls back to these messages. */
export function configureValidationMessages(): void {
  z.config({ customError: humanIssueMessage });
}
