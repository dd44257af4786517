import type { onboardingInputSchema, Profile, SeasonConfig } from '@hit21/core';
import type { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { officialCountryName } from '../accounts/countries.ts';
import { assertDateOfBirthAllowed, profileFieldRefusal } from '../accounts/profile-field-refusal.ts';
import { createProfile, findOrCreateProfile, updateProfile } from '../accounts/profile-repository.ts';
import { listSeasonClubs } from '../season/season-repository.ts';
import { markMemberChanged } from '../standings/public.ts';

export interface CompleteOnboardingOptions {
  db: Database;
  user: { id: string; email: string; name: string };
  /** The season whose clubs the favourite club must be one of. */
  season: SeasonConfig;
  /** The request body, already parsed by `onboardingInputSchema`. */
  input: z.output<typeof onboardingInputSchema>;
  now: Date;
}

/**
 * The three onboarding steps saved as one: every field is checked first, then the profile and
 * the boards' staleness mark are written in one transaction, so a failure anywhere writes
 * nothing and the user simply onboards again.
 */
export async function completeOnboarding(options: CompleteOnboardingOptions): Promise<Profile> {
  const { db, user, season, input, now } = options;
  assertDateOfBirthAllowed(input.dob, now);
  const country = officialCountryName(input.country);
  if (country === undefined) {
    throw profileFieldRefusal('body.country', 'Please choose a country from the list');
  }

  return db.transaction(async (tx) => {
    const clubNames = (await listSeasonClubs(tx, season.id)).map((club) => club.name);
    if (!clubNames.includes(input.favouriteClub)) {
      throw profileFieldRefusal('body.favouriteClub', 'Please select your favourite team');
    }
    await createProfile(tx, user);
    await updateProfile(tx, user.id, {
      fullName: input.fullName,
      dob: input.dob,
      country,
      favouriteClub: input.favouriteClub,
      // The specification stores the free text when Other was chosen.
      howDidYouHear:
        input.howDidYouHear === 'other' ? (input.howDidYouHearOther ?? 'other') : input.howDidYouHear,
      onboardingComplete: true,
    });
    // The user now belongs to a country and a club board.
    await markMemberChanged(tx, user.id);
    return findOrCreateProfile(tx, user);
  });
}
