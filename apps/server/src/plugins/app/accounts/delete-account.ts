import type { Database } from '../../../db/database.ts';
import { forgetAnalyticsUser } from '../analytics/analytics-repository.ts';
import { handOverLeaguesOfDeletedAccount } from '../leagues/hand-over-leagues-of-deleted-account.ts';
import { deleteMailsTo } from '../mail/mail-outbox-repository.ts';
import { keyPart } from '../rate-limits/account-rate-limit.ts';
import { deleteCountersContaining } from '../rate-limits/rate-limit-repository.ts';
import { takeMemberOffBoards } from '../standings/public.ts';
import { deleteWaitlistEntries } from '../waitlist/waitlist-repository.ts';
import { deleteAccountRow } from './account-repository.ts';
import { lockProfileEmail } from './profile-repository.ts';
import { deleteVerificationsOf } from './verification-repository.ts';

/**
 * Deletes an account and everything that names the person, in one transaction:
 * - the user row, and through it (ON DELETE CASCADE) the profile, sessions, credentials and picks;
 * - every token: e-mail verifications (keyed by the address) and reset links (valued the user id);
 * - the board rows, at once, and the boards are marked stale so the next read recomputes ranks;
 * - the waitlist entry, the e-mails stored for the address and the rate-limit counters keyed on it;
 * - analytics events are kept for the counts but lose the user id;
 * - each league the person runs passes to its earliest-joined approved member (told why, dated
 *   `now`, the game clock), or is deleted when it has none (DECISIONS.md); their memberships go
 *   by cascade and the leagues they were in count them out.
 * Notifications join this as that feature arrives.
 */
export async function deleteAccount(
  db: Database,
  user: { id: string; email: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const profileEmail = await lockProfileEmail(tx, user.id);
    const addresses = [...new Set([user.email, profileEmail].filter(Boolean).map(lowerCase))];

    await deleteVerificationsOf(tx, { userId: user.id, addresses });
    await deleteMailsTo(tx, addresses);
    await deleteWaitlistEntries(tx, addresses);
    // Counters are keyed on the address's digest (and, from older versions, the address itself).
    for (const part of addresses.flatMap((address) => [address, keyPart(address)]))
      await deleteCountersContaining(tx, part);
    await forgetAnalyticsUser(tx, user.id);
    // The stored boards have no foreign keys: the person leaves every board at once.
    await takeMemberOffBoards(tx, user.id);
    // Before the user row: leagues.admin_id refuses to dangle.
    await handOverLeaguesOfDeletedAccount(tx, user.id, now);
    await deleteAccountRow(tx, user.id);
  });
}

function lowerCase(address: string | undefined): string {
  return (address ?? '').toLowerCase();
}
