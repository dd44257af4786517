import { z } from 'zod';
import { emailSchema } from '../accounts/accounts.schemas.ts';
import { personNameSchema } from '../accounts/person-name.ts';

export const waitlistInputSchema = z.object({
  fullName: personNameSchema({ required: 'Full name is required' }),
  email: emailSchema,
});
export type WaitlistInput = z.input<typeof waitlistInputSchema>;

export const waitlistCountSchema = z.object({ count: z.int().min(0) });

export const WAITLIST_MESSAGES = {
  joined: 'Successfully joined the waitlist!',
  duplicate: 'This email is already on our waitlist!',
  failed: 'Something went wrong. Please try again.',
} as const;
