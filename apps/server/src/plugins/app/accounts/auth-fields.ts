import { emailSchema, newPasswordSchema, PASSWORD_MESSAGES, personNameSchema } from '@hit21/core';
import { z } from 'zod';

/*
 * What better-auth's routes may store or use as a key, checked with the product's core schemas
 * before better-auth sees the request: better-auth alone takes a name of any length and shape
 * (even an object), anything as an image, and an e-mail of any length as a rate-limit key.
 */

const IMAGE_REFUSED = 'Profile pictures are not supported';
const TOKEN_MAX_LENGTH = 512;
/** Long enough for any passphrase the policy accepts; a longer one cannot be right. */
const PASSWORD_MAX_LENGTH = 128;

/** better-auth's `image`: the product has no pictures, so only absent or null. */
const noImage = z.null({ error: IMAGE_REFUSED }).optional();
const currentPassword = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, PASSWORD_MESSAGES.required)
  .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters');
const token = z.string({ error: 'The link is invalid' }).max(TOKEN_MAX_LENGTH, 'The link is invalid');

/** Per better-auth path: the fields it stores or keys on. Other fields pass through untouched. */
const AUTH_FIELD_SCHEMAS: Record<string, z.ZodObject> = {
  '/sign-up/email': z.object({
    // The product asks for the name at onboarding; sign-up sends an empty one.
    name: personNameSchema({ required: 'Name is required', allowEmpty: true }),
    email: emailSchema,
    password: newPasswordSchema,
    image: noImage,
  }),
  '/update-user': z.object({
    name: personNameSchema({ required: 'Name is required' }).optional(),
    image: noImage,
  }),
  '/sign-in/email': z.object({ email: emailSchema, password: currentPassword }),
  '/send-verification-email': z.object({ email: emailSchema }),
  '/request-password-reset': z.object({ email: emailSchema }),
  '/reset-password': z.object({ newPassword: newPasswordSchema, token: token.optional() }),
  '/change-password': z.object({ newPassword: newPasswordSchema, currentPassword }),
  '/verify-password': z.object({ password: currentPassword }),
};

export type AuthFieldsCheck =
  | { ok: true; body?: Record<string, unknown> }
  | { ok: false; message: string; field: string };

/**
 * Checks the body of a better-auth request: a refusal with a message a person can read, or the
 * body with its checked fields normalised (names in NFC, e-mails lower-cased), which is what
 * better-auth then stores. Paths without stored fields answer `{ ok: true }`.
 */
export function checkAuthFields(path: string, body: unknown): AuthFieldsCheck {
  const schema = AUTH_FIELD_SCHEMAS[path];
  if (!schema) return { ok: true };
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, message: 'The request is invalid', field: '' };
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    return {
      ok: false,
      message: issue?.message ?? 'The request is invalid',
      field: issue?.path.join('.') ?? '',
    };
  }
  const checked = Object.fromEntries(Object.entries(result.data).filter(([field]) => field in body));
  return { ok: true, body: { ...(body as Record<string, unknown>), ...checked } };
}

/** The longest User-Agent kept with a session (real ones are a few hundred characters). */
export const USER_AGENT_MAX_LENGTH = 512;

export function boundUserAgent(userAgent: string | null | undefined): string | null {
  return userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null;
}
