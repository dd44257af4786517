import type { Profile } from '@hit21/core';
import { describe, expect, it } from 'vitest';
import {
  clubNameFromStored,
  fieldErrorsFromIssues,
  isBasicInfoFilled,
  type OnboardingFormValues,
  onboardingDefaults,
  stepProblem,
  toOnboardingInput,
} from './onboarding-form.ts';

const NOW = new Date('2025-09-01T12:00:00Z');
const CLUBS = [
  { code: 'ARS', name: 'Arsenal' },
  { code: 'BRI', name: 'Brighton' },
];

const FILLED: OnboardingFormValues = {
  fullName: 'Alex Morgan',
  dob: '1990-05-20',
  country: 'United Kingdom',
  favouriteClub: 'Arsenal',
  howDidYouHear: 'friend',
  howDidYouHearOther: '',
};

describe('step 1, Basic Info', () => {
  it('waits for all three fields', () => {
    expect(isBasicInfoFilled({ ...FILLED, country: '' })).toBe(false);
    expect(isBasicInfoFilled(FILLED)).toBe(true);
  });

  it('asks for every field, counting a name of spaces as empty', () => {
    expect(stepProblem(0, { ...FILLED, fullName: '   ' }, NOW)).toEqual({
      message: 'Please fill in all fields',
    });
    expect(stepProblem(0, { ...FILLED, dob: '' }, NOW)).toEqual({ message: 'Please fill in all fields' });
  });

  it('refuses the under-18s and dates in the future, under the date of birth', () => {
    expect(stepProblem(0, { ...FILLED, dob: '2009-09-02' }, NOW)).toEqual({
      field: 'dob',
      message: 'You must be 18 or over to play',
    });
    expect(stepProblem(0, { ...FILLED, dob: '2007-09-01' }, NOW)).toBeUndefined();
    expect(stepProblem(0, { ...FILLED, dob: '2030-01-01' }, NOW)?.message).toBe(
      'Date of birth cannot be in the future',
    );
  });

  it('is fine with a filled step whatever the later steps hold', () => {
    expect(stepProblem(0, { ...FILLED, favouriteClub: '', howDidYouHear: '' }, NOW)).toBeUndefined();
  });
});

describe('steps 2 and 3', () => {
  it('asks for a favourite team', () => {
    expect(stepProblem(1, { ...FILLED, favouriteClub: '' }, NOW)).toEqual({
      field: 'favouriteClub',
      message: 'Please select your favourite team',
    });
    expect(stepProblem(1, FILLED, NOW)).toBeUndefined();
  });

  it('asks how the user heard of the game, and for the text when Other is chosen', () => {
    expect(stepProblem(2, { ...FILLED, howDidYouHear: '' }, NOW)?.field).toBe('howDidYouHear');
    expect(stepProblem(2, { ...FILLED, howDidYouHear: 'other', howDidYouHearOther: ' ' }, NOW)).toEqual({
      field: 'howDidYouHearOther',
      message: 'Please specify how you heard about the product',
    });
    expect(
      stepProblem(2, { ...FILLED, howDidYouHear: 'other', howDidYouHearOther: 'A podcast' }, NOW),
    ).toBeUndefined();
  });

  it('sends the Other text only with Other', () => {
    expect(toOnboardingInput({ ...FILLED, howDidYouHearOther: 'left over' })).not.toHaveProperty(
      'howDidYouHearOther',
    );
    expect(
      toOnboardingInput({ ...FILLED, howDidYouHear: 'other', howDidYouHearOther: 'Radio' }),
    ).toMatchObject({
      howDidYouHear: 'other',
      howDidYouHearOther: 'Radio',
    });
  });
});

describe('pre-filling from a profile', () => {
  const profile: Profile = {
    id: 'user-1',
    email: 'alex@example.com',
    fullName: 'Alex Morgan',
    dob: '1990-05-20',
    country: 'GB',
    favouriteClub: 'BRI',
    howDidYouHear: 'A podcast',
    onboardingComplete: false,
    playerSelectionComplete: false,
    role: 'user',
    marketingOptIn: true,
    goalAlerts: 'all',
    emailConfirmedAt: null,
    createdAt: '2025-08-01T00:00:00Z',
    updatedAt: '2025-08-01T00:00:00Z',
  };

  it('turns stored codes into full names and free text into Other', () => {
    expect(onboardingDefaults(profile, CLUBS, (code) => (code === 'GB' ? 'United Kingdom' : code))).toEqual({
      fullName: 'Alex Morgan',
      dob: '1990-05-20',
      country: 'United Kingdom',
      favouriteClub: 'Brighton',
      howDidYouHear: 'other',
      howDidYouHearOther: 'A podcast',
    });
  });

  it('keeps a stored option and starts empty without a profile', () => {
    expect(onboardingDefaults({ ...profile, howDidYouHear: 'social_media' }, CLUBS, String)).toMatchObject({
      howDidYouHear: 'social_media',
      howDidYouHearOther: '',
    });
    expect(onboardingDefaults(null, CLUBS, String)).toEqual({
      fullName: '',
      dob: '',
      country: '',
      favouriteClub: '',
      howDidYouHear: '',
      howDidYouHearOther: '',
    });
  });

  it('reads a club by code or by name in any case, and leaves unknown clubs alone', () => {
    expect(clubNameFromStored('ars', CLUBS)).toBe('Arsenal');
    expect(clubNameFromStored('brighton', CLUBS)).toBe('Brighton');
    expect(clubNameFromStored('Leeds', CLUBS)).toBe('Leeds');
  });
});

describe('server refusals', () => {
  it('puts each issue under its field and goes back to the first step concerned', () => {
    expect(
      fieldErrorsFromIssues([
        { path: 'body.favouriteClub', message: 'Please select your favourite team' },
        { path: 'body.dob', message: 'You must be 18 or over to play' },
        { path: 'body', message: 'ignored' },
      ]),
    ).toEqual({
      errors: { favouriteClub: 'Please select your favourite team', dob: 'You must be 18 or over to play' },
      step: 0,
    });
    expect(fieldErrorsFromIssues(undefined)).toEqual({ errors: {}, step: undefined });
  });
});
