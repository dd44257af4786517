/**
 * The e-mail a new account must still verify. It lives in localStorage rather than
 * sessionStorage because the verification link is usually opened in a new tab.
 */
export const PENDING_VERIFICATION_EMAIL_KEY = 'pendingVerificationEmail';

/** Session-storage keys containing this are cached leaderboards (specification, section 7). */
const LEADERBOARD_CACHE_MARKER = 'leaderboard_cache';

export function getPendingVerificationEmail(): string | null {
  try {
    return window.localStorage.getItem(PENDING_VERIFICATION_EMAIL_KEY);
  } catch {
    return null; // Storage can be blocked (private modes, strict settings): carry on without it.
  }
}

export function setPendingVerificationEmail(email: string): void {
  try {
    window.localStorage.setItem(PENDING_VERIFICATION_EMAIL_KEY, email);
  } catch {
    // See getPendingVerificationEmail.
  }
}

export function clearPendingVerificationEmail(): void {
  try {
    window.localStorage.removeItem(PENDING_VERIFICATION_EMAIL_KEY);
  } catch {
    // See getPendingVerificationEmail.
  }
}

/**
 * Forgets what this browser kept about the signed-in user (sign-out, forced logout,
 * password reset). The session itself is an httpOnly cookie that only the server can end.
 */
export function clearStoredSessionData(): void {
  clearPendingVerificationEmail();
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, index) =>
      window.sessionStorage.key(index),
    );
    for (const key of keys) {
      if (key?.includes(LEADERBOARD_CACHE_MARKER)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // See getPendingVerificationEmail.
  }
}
