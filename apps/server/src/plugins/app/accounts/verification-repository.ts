import { and, eq, inArray, like, or } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { verifications } from '../../../db/schema/index.ts';

/** better-auth stores a reset link as identifier `reset-password:<token>`, value the user id. */
const RESET_PASSWORD_IDENTIFIER_PREFIX = 'reset-password:';

/** Every unused password-reset link of a user: after a reset, the other links must not work. */
export async function deletePasswordResetTokens(db: Executor, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(
      and(
        like(verifications.identifier, `${RESET_PASSWORD_IDENTIFIER_PREFIX}%`),
        eq(verifications.value, userId),
      ),
    );
}

/** Every token of a person: e-mail verifications (keyed by the address) and reset links (valued the user id). */
export async function deleteVerificationsOf(
  db: Executor,
  { userId, addresses }: { userId: string; addresses: string[] },
): Promise<void> {
  await db
    .delete(verifications)
    .where(or(inArray(verifications.identifier, addresses), eq(verifications.value, userId)));
}
