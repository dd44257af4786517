/**
 * The product's e-mails, each as responsive HTML and plain text, in the Hit21 look.
 *
 * The HTML is written in MJML (mjml v5) and compiled to the table markup mail clients need.
 * Chosen over React Email: it is plain JavaScript with no React, JSX or react-dom on a server
 * that has none, it runs as is under Node and tsx, none of its packages has an install script,
 * and its one job is responsive e-mail markup (React Email also pulls in prettier to format).
 */
import { formatTimeLeft } from '@hit21/core';
import mjml2html from 'mjml';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailAction {
  label: string;
  url: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const FELT_GREEN = '#0B3D2E';
const PITCH_GREEN = '#15803D';
const GOLD = '#F5B700';
const INK = '#1c1917';
const MUTED = '#57534e';

/** One block of the body: a paragraph, or a list of lines shown as a small table. */
type Block = { paragraph: string } | { rows: { title: string; detail: string }[] };

interface MailParts {
  subject: string;
  title: string;
  blocks: Block[];
  action?: MailAction;
  /** Why the reader gets this mail; reminders add how to stop them. */
  footer?: { reason: string; unsubscribeUrl?: string };
}

const DEFAULT_REASON = 'You received this because of an action on your Hit21 account.';

function blockMjml(block: Block): string {
  if ('paragraph' in block) return `<mj-text>${escapeHtml(block.paragraph)}</mj-text>`;
  const rows = block.rows
    .map(
      (row) =>
        `<tr><td style="padding:10px 0;border-bottom:1px solid #e7e5e4;font-weight:700">${escapeHtml(row.title)}</td><td style="padding:10px 0;border-bottom:1px solid #e7e5e4;text-align:right;color:${MUTED}">${escapeHtml(row.detail)}</td></tr>`,
    )
    .join('');
  return `<mj-table font-size="15px" color="${INK}" padding="0 0 16px">${rows}</mj-table>`;
}

function mailMjml({ title, blocks, action, footer }: MailParts): string {
  const button = action
    ? `<mj-button href="${escapeHtml(action.url)}" background-color="${GOLD}" color="${FELT_GREEN}" font-weight="700" border-radius="8px" inner-padding="12px 24px" align="left" padding="8px 0 16px">${escapeHtml(action.label)}</mj-button>
<mj-text font-size="13px" color="${MUTED}">Or paste this link into your browser:<br /><a href="${escapeHtml(action.url)}" style="color:${PITCH_GREEN};word-break:break-all">${escapeHtml(action.url)}</a></mj-text>`
    : '';
  const unsubscribe = footer?.unsubscribeUrl
    ? ` <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:${MUTED};text-decoration:underline">Unsubscribe from deadline reminders</a>.`
    : '';
  return `<mjml lang="en-GB">
<mj-head>
  <mj-title>${escapeHtml(title)}</mj-title>
  <mj-attributes>
    <mj-all font-family="Inter, Arial, sans-serif" />
    <mj-text font-size="15px" line-height="1.5" color="${INK}" padding="0 0 16px" />
  </mj-attributes>
</mj-head>
<mj-body background-color="#f5f5f4" width="560px">
  <mj-section padding="24px 0 0" />
  <mj-section background-color="${FELT_GREEN}" border-radius="12px 12px 0 0" padding="16px 28px">
    <mj-column><mj-text font-size="22px" font-weight="700" letter-spacing="1px" color="#ffffff" padding="0">HIT<span style="color:${GOLD}">21</span></mj-text></mj-column>
  </mj-section>
  <mj-section background-color="#ffffff" padding="28px 28px 12px">
    <mj-column>
      <mj-text font-size="22px" font-weight="700" line-height="1.3"><h1 style="margin:0;font-size:22px">${escapeHtml(title)}</h1></mj-text>
      ${blocks.map(blockMjml).join('\n')}
      ${button}
    </mj-column>
  </mj-section>
  <mj-section background-color="#fafaf9" border-radius="0 0 12px 12px" padding="16px 28px">
    <mj-column><mj-text font-size="12px" color="#78716c" padding="0">Hit21: football blackjack for Premier League fans. ${escapeHtml(footer?.reason ?? DEFAULT_REASON)}${unsubscribe}</mj-text></mj-column>
  </mj-section>
  <mj-section padding="0 0 24px" />
</mj-body>
</mjml>`;
}

function plain({ title, blocks, action, footer }: MailParts): string {
  const lines = blocks.flatMap((block) =>
    'paragraph' in block
      ? [block.paragraph, '']
      : [...block.rows.map((row) => `- ${row.title} (${row.detail})`), ''],
  );
  return [
    title,
    '',
    ...lines,
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '-- Hit21',
    ...(footer ? [footer.reason] : []),
    ...(footer?.unsubscribeUrl ? [`Unsubscribe from deadline reminders: ${footer.unsubscribeUrl}`] : []),
  ].join('\n');
}

async function mail(parts: MailParts): Promise<MailContent> {
  // Strict: a template mistake fails loudly (in the tests) instead of mailing broken markup.
  const { html } = await mjml2html(mailMjml(parts), { validationLevel: 'strict' });
  return { subject: parts.subject, text: plain(parts), html };
}

export function verificationMail(url: string): Promise<MailContent> {
  return mail({
    subject: 'Verify your e-mail for Hit21',
    title: 'Verify your e-mail',
    blocks: [
      {
        paragraph:
          'Welcome to Hit21! Confirm this is your e-mail address so we can reach you about your account and your leagues.',
      },
    ],
    action: { label: 'Verify e-mail', url },
  });
}

export function passwordResetMail(url: string): Promise<MailContent> {
  return mail({
    subject: 'Reset your Hit21 password',
    title: 'Reset your password',
    blocks: [
      {
        paragraph:
          'Someone asked to reset the password of your Hit21 account. If it was you, choose a new password with the link below. It works once and expires in 1 hour.',
      },
      { paragraph: 'If you did not ask for this, ignore this e-mail: your password stays as it is.' },
    ],
    action: { label: 'Choose a new password', url },
  });
}

export function passwordChangedMail(): Promise<MailContent> {
  return mail({
    subject: 'Your Hit21 password was changed',
    title: 'Your password was changed',
    blocks: [
      {
        paragraph:
          'The password of your Hit21 account was just changed, and you were signed out everywhere else.',
      },
      {
        paragraph:
          'If this was not you, reset your password straight away with "Forgot password?" on the login page.',
      },
    ],
  });
}

const DEADLINE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Friday 15 August 2025 at 17:30 UTC": the deadline, unambiguous whatever the reader's zone. */
export function formatDeadlineUtc(deadline: Date): string {
  const parts = Object.fromEntries(
    DEADLINE_FORMAT.formatToParts(deadline).map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} UTC`;
}

const REMINDER_REASON = 'You get deadline reminders because you agreed to them when you signed up.';

interface ReminderOptions {
  /** The 2-hour reminder is the last call. */
  isLastCall: boolean;
  /** Time left when the mail is written: a player who opts in late is told the real time left. */
  msLeft: number;
  deadline: Date;
  /** Players still to pick, 1 to 4. */
  picksLeft: number;
  pickUrl: string;
  unsubscribeUrl: string;
}

/** The 48-hour or 2-hour reminder to a player whose team is not complete. */
export async function deadlineReminderMail(options: ReminderOptions): Promise<MailContent> {
  const timeLeft = formatTimeLeft(options.msLeft);
  const key = [
    options.isLastCall,
    timeLeft,
    options.deadline.toISOString(),
    options.picksLeft,
    options.pickUrl,
  ].join('|');
  let compiled = compiledReminders.get(key);
  if (!compiled) {
    // Few distinct reminders are sent (the link aside): remember a handful, forget them all past that.
    if (compiledReminders.size >= 16) compiledReminders.clear();
    compiled = reminderWithSlot({ ...options, timeLeft });
    compiledReminders.set(key, compiled);
    compiled.catch(() => compiledReminders.delete(key));
  }
  const { subject, text, html } = await compiled;
  return {
    subject,
    text: text.replaceAll(UNSUBSCRIBE_SLOT, options.unsubscribeUrl),
    html: html.replaceAll(UNSUBSCRIBE_SLOT, escapeHtml(options.unsubscribeUrl)),
  };
}

/**
 * A reminder differs between players only by its unsubscribe link: compiled once with a slot
 * for the link, then filled per player (compiling MJML costs milliseconds per mail).
 */
const UNSUBSCRIBE_SLOT = 'https://unsubscribe.slot.invalid/';
const compiledReminders = new Map<string, Promise<MailContent>>();

function reminderWithSlot(
  options: Omit<ReminderOptions, 'unsubscribeUrl' | 'msLeft'> & { timeLeft: string },
): Promise<MailContent> {
  const { isLastCall, timeLeft, deadline, picksLeft } = options;
  const players = picksLeft === 1 ? '1 player' : `${picksLeft} players`;
  const when = formatDeadlineUtc(deadline);
  return mail({
    subject: `Hit21: ${timeLeft} left to pick your team`,
    title: isLastCall ? `Last call: ${timeLeft} to pick your team` : `${timeLeft} to pick your team`,
    blocks: [
      { paragraph: `The pick deadline is ${when}.` },
      {
        paragraph: `You still have ${players} to pick. Choose 4 Premier League players whose goals get you as close to 21 as you can without going over. Once the deadline passes, teams are locked for the season.`,
      },
    ],
    action: { label: 'Pick your team', url: options.pickUrl },
    footer: { reason: REMINDER_REASON, unsubscribeUrl: UNSUBSCRIBE_SLOT },
  });
}

/** The receipt at the deadline: the player's 4 picks, locked for the season. */
export function picksLockedMail(options: {
  deadline: Date;
  players: { name: string; clubName: string }[];
  dashboardUrl: string;
}): Promise<MailContent> {
  return mail({
    subject: 'Your picks are locked in',
    title: 'Your picks are locked in',
    blocks: [
      {
        paragraph: `The pick deadline passed on ${formatDeadlineUtc(options.deadline)}. Your team for the season is:`,
      },
      { rows: options.players.map((player) => ({ title: player.name, detail: player.clubName })) },
      { paragraph: 'Every goal they score counts towards your 21. Good luck!' },
    ],
    action: { label: 'Go to your dashboard', url: options.dashboardUrl },
    footer: { reason: 'You received this because you picked a team before the deadline.' },
  });
}
