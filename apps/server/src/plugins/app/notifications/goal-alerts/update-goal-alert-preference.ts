import type { GoalAlertsInput, Profile } from '@hit21/core';
import type { Database } from '../../../../db/database.ts';
import { createProfile, findOrCreateProfile, updateProfile } from '../../accounts/profile-repository.ts';

/** Settings: which goal alerts the player wants, from the next goal on. */
export async function updateGoalAlertPreference(options: {
  db: Database;
  user: { id: string; email: string; name: string };
  input: GoalAlertsInput;
}): Promise<Profile> {
  const { db, user, input } = options;
  return db.transaction(async (tx) => {
    await createProfile(tx, user);
    await updateProfile(tx, user.id, { goalAlerts: input.goalAlerts });
    return findOrCreateProfile(tx, user);
  });
}
