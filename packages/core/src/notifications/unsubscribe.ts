/** The words of the unsubscribe page and its refusals, shared by the server and the page. */
export const UNSUBSCRIBE_MESSAGES = {
  invalidLink:
    "This unsubscribe link isn't valid. Copy the whole link from the e-mail, or turn reminders off in Settings.",
  accountGone: 'This unsubscribe link belongs to an account that no longer exists.',
} as const;

/** "j•••@example.com": enough to recognise one's own address, not enough to read it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
