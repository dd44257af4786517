/**
 * The Settings switch that turns the deadline reminders on and off (the specification's
 * "marketing e-mails toggle"): pages that send a reader there name it with these words.
 */
export const MARKETING_EMAILS_SWITCH = {
  label: 'Marketing Emails',
  hint: 'News, deadline reminders, tips and offers from Hit21. You can turn them off at any time.',
} as const;

/** The words of the unsubscribe page and its refusals, shared by the server and the page. */
export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: `This unsubscribe link isn't valid. Copy the whole link from the e-mail, or switch off ${MARKETING_EMAILS_SWITCH.label} in Settings.`,
  unsubscribed: `You can turn them back on with the ${MARKETING_EMAILS_SWITCH.label} switch in Settings at any time.`,
  accountGone: 'This unsubscribe link belongs to an account that no longer exists.',
} as const;

/** "j•••@example.com": enough to recognise one's own address, not enough to read it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
