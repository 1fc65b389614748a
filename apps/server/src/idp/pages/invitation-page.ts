import { PASSWORD_MIN_LENGTH } from '../accounts.js';
import { alert, escapeHtml, page } from './layout.js';
import { invalidAttributes, newPasswordFields } from './password-fields.js';
import { errorPage } from './provider-pages.js';

export interface InvitationPageOptions {
  /** Where the form posts: /oidc/invitation. */
  action: string;
  csrfToken: string;
  token: string;
  email: string;
  domainName: string;
  role: string;
  /** Kept after a refused attempt, so that only the passwords are typed again. */
  name?: string;
  error?: string;
}

/**
 * The invitee's page (decision 046): their e-mail, shown but not editable, a name and a new
 * password twice, with the autocomplete hints password managers look for.
 */
export function invitationPage(options: InvitationPageOptions): string {
  const { action, csrfToken, token, email, domainName, role, name = '', error } = options;
  return page(
    'Accept invitation',
    `<h1 id="page-title">Join ${escapeHtml(domainName)}</h1>
<p class="lead">You are invited as ${escapeHtml(role)}. Choose your name and a password of at least ${PASSWORD_MIN_LENGTH} characters; then you are signed in.</p>
${alert(error)}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" readonly value="${escapeHtml(email)}">
<label for="name">Your name</label>
<input id="name" name="name" type="text" autocomplete="name" required maxlength="200" value="${escapeHtml(name)}"${name ? '' : ' autofocus'}>
${newPasswordFields({ error, autofocus: name !== '' })}
<button type="submit">Create account and sign in</button>
</form>`,
  );
}

export interface JoinWithAccountPageOptions {
  action: string;
  csrfToken: string;
  token: string;
  email: string;
  domainName: string;
  role: string;
  error?: string;
  /** Where a forgotten password can be reset (only with a mail server). */
  forgotUrl?: string;
}

/**
 * The invitee who has an account already (decision 055): the invitation's role is given to the
 * account that enters its password here, and to no other.
 */
export function joinWithAccountPage(options: JoinWithAccountPageOptions): string {
  const { action, csrfToken, token, email, domainName, role, error, forgotUrl } = options;
  const invalid = invalidAttributes(error);
  const forgot = forgotUrl
    ? `\n<p class="detail"><a href="${escapeHtml(forgotUrl)}">Forgot password?</a></p>`
    : '';
  return page(
    'Accept invitation',
    `<h1 id="page-title">Join ${escapeHtml(domainName)}</h1>
<p class="lead">You are invited as ${escapeHtml(role)}. You already have a Masthead account for this address: enter its password to join; then you are signed in.</p>
${alert(error)}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" readonly value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024" autofocus${invalid}>
<button type="submit">Join and sign in</button>
</form>${forgot}`,
  );
}

/** Why a link leads nowhere; each case says what to do instead. */
export type DeadInvitation = 'unknown' | 'expired' | 'used' | 'revoked';

const DEAD: Record<DeadInvitation, { title: string; message: string }> = {
  unknown: {
    title: 'Invitation not found',
    message:
      'This invitation link is not valid. Check that you copied the whole link, or ask an admin of the domain for a new one.',
  },
  expired: {
    title: 'Invitation expired',
    message: 'This invitation has expired. Ask an admin of the domain for a new link.',
  },
  used: {
    title: 'Invitation already used',
    message: 'This invitation was already used. Sign in with the e-mail and password chosen then.',
  },
  revoked: {
    title: 'Invitation revoked',
    message:
      'This invitation was revoked by an admin of the domain. Ask them for a new one if you need access.',
  },
};

export function deadInvitationPage(state: DeadInvitation, homeUrl: string): string {
  return errorPage({ ...DEAD[state], homeUrl });
}
