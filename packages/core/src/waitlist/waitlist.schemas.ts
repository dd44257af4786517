import { z } from 'zod';
import { emailSchema } from '../accounts/accounts.schemas.ts';

export const waitlistInputSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required').max(100),
  email: emailSchema,
});
export type WaitlistInput = z.input<typeof waitlistInputSchema>;

export const waitlistCountSchema = z.object({ count: z.int().min(0) });

export const WAITLIST_MESSAGES = {
  joined: 'Successfully joined the waitlist!',
  duplicate: 'This email is already on our waitlist!',
  failed: 'Something went wrong. Please try again.',
} as const;

/** The social count shown before joining: the real count plus 1000 when positive, else 12504. */
export function waitlistDisplayCount(count: number): number {
  return count > 0 ? count + 1000 : 12_504;
}
