import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A browser that has signed in to an account carries a mark for it in an httpOnly cookie; while
 * strangers hammer the address, such a browser may still try its own password. The mark is an
 * HMAC of the address with the server secret: it names no address and cannot be forged.
 */
export const TRUSTED_DEVICE_COOKIE = 'hit21_known_device';

/** Marks kept per browser: a few accounts signed in from one computer. */
const MAX_MARKS = 5;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function markFor(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`trusted-device:${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 22);
}

function marksIn(cookieHeader: string | undefined): string[] {
  const pair = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TRUSTED_DEVICE_COOKIE}=`));
  const value = pair?.slice(TRUSTED_DEVICE_COOKIE.length + 1) ?? '';
  return value
    .split('.')
    .filter((mark) => /^[\w-]{22}$/.test(mark))
    .slice(0, MAX_MARKS);
}

export function isTrustedDevice(cookieHeader: string | undefined, secret: string, email: string): boolean {
  const expected = Buffer.from(markFor(secret, email));
  return marksIn(cookieHeader).some((mark) => timingSafeEqual(Buffer.from(mark), expected));
}

/** The Set-Cookie value that adds `email`'s mark to the browser's marks (newest first). */
export function trustedDeviceCookie(
  cookieHeader: string | undefined,
  secret: string,
  email: string,
  options: { secure: boolean },
): string {
  const mark = markFor(secret, email);
  const marks = [mark, ...marksIn(cookieHeader).filter((other) => other !== mark)].slice(0, MAX_MARKS);
  return [
    `${TRUSTED_DEVICE_COOKIE}=${marks.join('.')}`,
    'Path=/api/auth',
    `Max-Age=${ONE_YEAR_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
