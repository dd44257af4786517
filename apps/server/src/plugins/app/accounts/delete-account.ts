import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import {
  analyticsEvents,
  mailOutbox,
  profiles,
  rateLimits,
  standings,
  users,
  verifications,
  waitlistEntries,
} from '../../../db/schema/index.ts';
import { keyPart } from '../rate-limits/account-rate-limit.ts';
import { markStandingsStale } from '../standings/standings-inputs.ts';

/**
 * Deletes an account and everything that names the person, in one transaction:
 * - the user row, and through it (ON DELETE CASCADE) the profile, sessions, credentials and picks;
 * - every token: e-mail verifications (keyed by the address) and reset links (valued the user id);
 * - the board rows, at once, and the boards are marked stale so the next read recomputes ranks;
 * - the waitlist entry, the e-mails stored for the address and the rate-limit counters keyed on it;
 * - analytics events are kept for the counts but lose the user id.
 * League memberships and notifications join this as those features arrive, and leagues pass to
 * another member here (DECISIONS.md).
 */
export async function deleteAccount(db: Database, user: { id: string; email: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, user.id))
      .for('update');
    const addresses = [...new Set([user.email, profile?.email].filter(Boolean).map(lowerCase))];

    await tx
      .delete(verifications)
      .where(or(inArray(verifications.identifier, addresses), eq(verifications.value, user.id)));
    await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, addresses));
    await tx.delete(waitlistEntries).where(inArray(waitlistEntries.email, addresses));
    // Counters are keyed on the address's digest (and, from older versions, the address itself).
    for (const part of addresses.flatMap((address) => [address, keyPart(address)]))
      await tx.delete(rateLimits).where(sql`strpos(${rateLimits.key}, ${part}) > 0`);
    await tx.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, user.id));
    // The stored boards have no foreign keys (they are rebuilt and swapped whole): remove the
    // rows now so the person leaves every board at once; the recompute closes the rank gap.
    await tx.delete(standings).where(eq(standings.userId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    await markStandingsStale(tx);
  });
}

function lowerCase(address: string | undefined): string {
  return (address ?? '').toLowerCase();
}
