import { PASSWORD_MIN_LENGTH } from '../accounts.js';
import { alert, escapeHtml, page } from './layout.js';
import { invalidAttributes, newPasswordFields } from './password-fields.js';
import { errorPage } from './provider-pages.js';

/** "Forgot password?": the e-mail to send a link to (decision 056). */
export function forgotPasswordPage(options: {
  action: string;
  csrfToken: string;
  email?: string;
  error?: string;
}): string {
  const { action, csrfToken, email = '', error } = options;
  const invalid = invalidAttributes(error);
  return page(
    'Forgot password',
    `<h1 id="page-title">Forgot your password?</h1>
<p class="lead">Enter the e-mail of your Masthead account. We send it a link to choose a new password.</p>
${alert(error)}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="320" value="${escapeHtml(email)}" autofocus${invalid}>
<button type="submit">Send the link</button>
</form>`,
  );
}

/** The same answer whether or not the address has an account: it tells nobody which addresses do. */
export function resetSentPage(options: { email: string; minutes: number; homeUrl: string }): string {
  return page(
    'Check your mail',
    `<h1 id="page-title">Check your mail</h1>
<p class="lead" role="status">If ${escapeHtml(options.email)} has a Masthead account, a link to choose a new password is on its way. It works once, for ${options.minutes} minutes.</p>
<a class="button" href="${escapeHtml(options.homeUrl)}">Back to Masthead</a>`,
  );
}

/** The reset link's page: the new password, twice. */
export function resetPasswordPage(options: {
  action: string;
  csrfToken: string;
  token: string;
  email: string;
  error?: string;
}): string {
  const { action, csrfToken, token, email, error } = options;
  return page(
    'Choose a new password',
    `<h1 id="page-title">Choose a new password</h1>
<p class="lead">At least ${PASSWORD_MIN_LENGTH} characters. Every other sign-in of this account ends; then you are signed in here.</p>
${alert(error)}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" readonly value="${escapeHtml(email)}">
${newPasswordFields({ error, autofocus: true })}
<button type="submit">Save the password and sign in</button>
</form>`,
  );
}

export type DeadReset = 'unknown' | 'expired' | 'used';

const DEAD: Record<DeadReset, { title: string; message: string }> = {
  unknown: {
    title: 'Link not found',
    message:
      'This password reset link is not valid. Check that you copied the whole link, or ask for a new one.',
  },
  expired: {
    title: 'Link expired',
    message: 'This password reset link has expired. Ask for a new one from the sign-in page.',
  },
  used: {
    title: 'Link already used',
    message:
      'This password reset link was already used. Sign in with your new password, or ask for a new link.',
  },
};

export function deadResetPage(state: DeadReset, homeUrl: string): string {
  return errorPage({ ...DEAD[state], homeUrl });
}
