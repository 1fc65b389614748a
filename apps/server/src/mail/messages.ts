import { escapeHtml } from '../idp/pages/layout.js';
import type { MailMessage } from './mailer.js';

/** Paragraphs as text and as HTML, the link on a line of its own in both. */
function message(
  to: string,
  subject: string,
  before: string[],
  link: { url: string; label: string },
  after: string[],
): MailMessage {
  const text = [...before, link.url, ...after, '— Masthead'].join('\n\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5">
${paragraphs(before)}
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p style="color:#5b6475;font-size:13px">${escapeHtml(link.url)}</p>
${paragraphs(after)}
<p>— Masthead</p>
</body></html>`;
  return { to, subject, text, html };
}

export function invitationMail(values: {
  to: string;
  domainName: string;
  role: string;
  invitedBy: string;
  link: string;
  days: number;
}): MailMessage {
  return message(
    values.to,
    `You are invited to ${values.domainName} on Masthead`,
    [
      `${values.invitedBy} invited you to work on ${values.domainName} as ${values.role}.`,
      'Open this link to accept; you choose your password there (or enter it, if you already have an account):',
    ],
    { url: values.link, label: `Join ${values.domainName}` },
    [
      `The link works once, for ${values.days} days. If you did not expect this invitation, you can ignore this mail.`,
    ],
  );
}

export function passwordResetMail(values: { to: string; link: string; minutes: number }): MailMessage {
  return message(
    values.to,
    'Reset your Masthead password',
    ['Someone (we hope you) asked to reset the password of your Masthead account.'],
    { url: values.link, label: 'Choose a new password' },
    [
      `The link works once, for ${values.minutes} minutes; using it signs you out everywhere else.`,
      'If you did not ask for it, ignore this mail: your password stays as it is.',
    ],
  );
}
