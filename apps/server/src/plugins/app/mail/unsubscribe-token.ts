import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of an unsubscribe link: `base64url(userId).base64url(HMAC-SHA256)`, keyed
 * with the auth secret. It names whose reminders stop without a session, and cannot be made
 * for another account without the secret. It does not expire: an old e-mail's link still
 * works, as mail clients' one-click unsubscribe expects (RFC 8058).
 */
const PURPOSE = 'hit21:unsubscribe:v1:';

const signature = (secret: string, encodedUserId: string) =>
  createHmac('sha256', secret)
    .update(PURPOSE + encodedUserId)
    .digest();

export function createUnsubscribeToken(secret: string, userId: string): string {
  const encodedUserId = Buffer.from(userId, 'utf8').toString('base64url');
  return `${encodedUserId}.${signature(secret, encodedUserId).toString('base64url')}`;
}

/** The user id a token was signed for, or undefined when it is malformed, forged or altered. */
export function verifyUnsubscribeToken(secret: string, token: string): string | undefined {
  const [encodedUserId, sent, ...rest] = token.split('.');
  if (!encodedUserId || !sent || rest.length > 0) return undefined;
  const expected = signature(secret, encodedUserId);
  const given = Buffer.from(sent, 'base64url');
  // Equal lengths first: timingSafeEqual throws otherwise; the comparison is constant-time.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  // Re-encoding must give back the same text, so one id has exactly one valid token.
  const userId = Buffer.from(encodedUserId, 'base64url').toString('utf8');
  if (Buffer.from(userId, 'utf8').toString('base64url') !== encodedUserId) return undefined;
  if (Buffer.from(sent, 'base64url').toString('base64url') !== sent) return undefined;
  return userId;
}
