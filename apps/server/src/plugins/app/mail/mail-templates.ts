/** The product's e-mails, each as HTML and plain text, in the Hit21 look. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`)
    .join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#F5B700;color:#0B3D2E;padding:12px 24px;border-radius:8px;font-weight:700;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#57534e">Or paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#15803D;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html lang="en-GB"><body style="margin:0;background:#f5f5f4;font-family:Inter,Arial,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0B3D2E;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:1px">HIT<span style="color:#F5B700">21</span></td></tr>
<tr><td style="padding:28px"><h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>${body}${button}</td></tr>
<tr><td style="padding:16px 28px;background:#fafaf9;font-size:12px;color:#78716c">Hit21: football blackjack for Premier League fans. You received this because of an action on your Hit21 account.</td></tr>
</table></td></tr></table></body></html>`;
}

function plain(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  return [
    title,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '-- Hit21',
  ].join('\n');
}

function mail(
  subject: string,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailContent {
  return { subject, text: plain(title, paragraphs, action), html: layout(title, paragraphs, action) };
}

export function verificationMail(url: string): MailContent {
  return mail(
    'Verify your e-mail for Hit21',
    'Verify your e-mail',
    [
      'Welcome to Hit21! Confirm this is your e-mail address so we can reach you about your account and your leagues.',
    ],
    { label: 'Verify e-mail', url },
  );
}

export function passwordResetMail(url: string): MailContent {
  return mail(
    'Reset your Hit21 password',
    'Reset your password',
    [
      'Someone asked to reset the password of your Hit21 account. If it was you, choose a new password with the link below. It works once and expires in 1 hour.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}

export function passwordChangedMail(): MailContent {
  return mail('Your Hit21 password was changed', 'Your password was changed', [
    'The password of your Hit21 account was just changed, and you were signed out everywhere else.',
    'If this was not you, reset your password straight away with "Forgot password?" on the login page.',
  ]);
}
