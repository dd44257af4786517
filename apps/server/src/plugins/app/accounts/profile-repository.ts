import type { Profile } from '@hit21/core';
import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../../db/database.ts';
import { profiles, users } from '../../../db/schema/index.ts';

type ProfileChanges = Partial<Omit<typeof profiles.$inferInsert, 'id' | 'email' | 'createdAt'>>;

function toProfile(
  row: typeof profiles.$inferSelect,
  emailVerified: boolean,
  verifiedAt: Date | null,
): Profile {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    dob: row.dob,
    country: row.country,
    favouriteClub: row.favouriteClub,
    howDidYouHear: row.howDidYouHear,
    onboardingComplete: row.onboardingComplete,
    playerSelectionComplete: row.playerSelectionComplete,
    role: row.role,
    marketingOptIn: row.marketingOptIn,
    goalAlerts: row.goalAlerts,
    emailConfirmedAt: emailVerified ? (verifiedAt ?? row.createdAt).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Gives an account its profile, with the same id; does nothing when it already has one. Only a
 * missing profile is inserted: an insert that meets the existing row still draws a member number
 * from the identity sequence, and the profile is read on every signed-in page.
 */
export async function createProfile(db: Executor, user: { id: string; email: string; name: string }) {
  await db.execute(sql`insert into ${profiles} (id, email, full_name)
    select ${user.id}::text, ${user.email}::text, ${user.name || null}::text
    where not exists (select from ${profiles} where ${profiles.id} = ${user.id})
    on conflict do nothing`);
}

/** The user's profile, created from the account when it is missing (as the specification asks). */
export async function findOrCreateProfile(
  db: Executor,
  user: { id: string; email: string; name: string },
): Promise<Profile> {
  const found = await findProfile(db, user.id);
  if (found) return found;
  await createProfile(db, user);
  const created = await findProfile(db, user.id);
  if (!created) throw new Error(`Profile of ${user.id} vanished`);
  return created;
}

async function findProfile(db: Executor, userId: string): Promise<Profile | undefined> {
  const [row] = await db
    .select({ profile: profiles, emailVerified: users.emailVerified, userUpdatedAt: users.updatedAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId));
  return row && toProfile(row.profile, row.emailVerified, row.emailVerified ? row.userUpdatedAt : null);
}

/** The profile's address, its row locked until the transaction ends (undefined without a profile). */
export async function lockProfileEmail(tx: Transaction, userId: string): Promise<string | undefined> {
  const [profile] = await tx
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  return profile?.email;
}

export async function updateProfile(db: Executor, userId: string, changes: ProfileChanges): Promise<void> {
  await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
}
