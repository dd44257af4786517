import type { Profile, updateProfileInputSchema } from '@hit21/core';
import type { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { markMemberChanged } from '../standings/public.ts';
import { assertDateOfBirthAllowed } from './profile-field-refusal.ts';
import { createProfile, findOrCreateProfile, updateProfile } from './profile-repository.ts';

export interface UpdateProfileDetailsOptions {
  db: Database;
  user: { id: string; email: string; name: string };
  /** The request body, already parsed by `updateProfileInputSchema`. */
  input: z.output<typeof updateProfileInputSchema>;
  now: Date;
}

/** Settings: the name and date of birth change together with the boards' change mark, or not at all. */
export async function updateProfileDetails(options: UpdateProfileDetailsOptions): Promise<Profile> {
  const { db, user, input, now } = options;
  assertDateOfBirthAllowed(input.dob, now);
  return db.transaction(async (tx) => {
    await createProfile(tx, user);
    await updateProfile(tx, user.id, { fullName: input.fullName, dob: input.dob });
    // The name shows on the boards.
    await markMemberChanged(tx, user.id);
    return findOrCreateProfile(tx, user);
  });
}
