/**
 * The address a verification link is for. The token is a signed JWT whose payload names the
 * e-mail; the screen only reads it to tell whether this browser's session is that user's (the
 * server checks the signature when it verifies). Null for anything that is not such a token.
 */
export function emailOfVerificationToken(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const email: unknown = JSON.parse(json).email;
    return typeof email === 'string' ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}
