/**
 * Whether the server saw no session cookie on the request for this page
 * (<meta name="hit21-session" content="absent">, apps/server/src/plugins/app/web-app.ts).
 * Only the first profile load may rely on it, and only if no sign-in could have happened before
 * it: after that the player may have signed in, here or in another tab, and the API is asked.
 */
let cameWithoutSession =
  typeof document !== 'undefined' &&
  document.querySelector<HTMLMetaElement>('meta[name="hit21-session"]')?.content === 'absent';

/** True once, for a page a visitor opened without a session: nobody is signed in yet. */
export function takeVisitorHint(): boolean {
  const isVisitor = cameWithoutSession;
  cameWithoutSession = false;
  return isVisitor;
}

/** Called by the auth client before any call that may start a session. */
export function forgetVisitorHint(): void {
  cameWithoutSession = false;
}
