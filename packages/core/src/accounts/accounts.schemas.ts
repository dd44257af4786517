import { z } from 'zod';
import { isCommonPassword, meetsPasswordRules, PASSWORD_MESSAGES } from './password-policy.ts';

/** Text, @, text, dot, text: the specification's e-mail shape. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is invalid')
  .regex(EMAIL_SHAPE, 'Email is invalid')
  .transform((email) => email.toLowerCase());

/** A new password under the one policy (sign-up, reset and change alike). */
export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, PASSWORD_MESSAGES.required)
  .max(128, 'Password must be at most 128 characters')
  .refine(meetsPasswordRules, PASSWORD_MESSAGES.rules)
  .refine((password) => !isCommonPassword(password), PASSWORD_MESSAGES.common);

export const signUpInputSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, PASSWORD_MESSAGES.confirmRequired),
    marketingOptIn: z.boolean().default(true),
  })
  .refine((input) => input.password === input.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_MESSAGES.mismatch,
  });
export type SignUpInput = z.input<typeof signUpInputSchema>;

export const signInInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, PASSWORD_MESSAGES.required),
});

export const resetPasswordInputSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((input) => input.password === input.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_MESSAGES.mismatch,
  });

export const changePasswordInputSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    path: ['confirmPassword'],
    message: 'New passwords do not match',
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    path: ['newPassword'],
    message: PASSWORD_MESSAGES.sameAsCurrent,
  });

export const forgotPasswordInputSchema = z.object({ email: emailSchema });

export const ACCOUNT_MESSAGES = {
  accountMissing: "Account doesn't exist. Create a new account.",
  invalidResetLink: 'Invalid or expired reset link. Please request a new one.',
  invalidVerificationLink: 'The verification link is invalid or has expired',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes before trying again.',
  deleteConfirmation: 'Please type DELETE to confirm account deletion',
} as const;

export const DELETE_CONFIRMATION_WORD = 'DELETE';
