import { alert, escapeHtml, page } from './layout.js';

export interface LoginPageOptions {
  /** Where the form posts: /oidc/interaction/<uid>/login. */
  action: string;
  csrfToken: string;
  /** Kept after a failed attempt (or taken from login_hint) so that only the password is typed again. */
  email?: string;
  error?: string;
  /** Where a forgotten password is reset; only with a mail server (decision 056). */
  forgotUrl?: string | undefined;
}

/** The sign-in form: labelled fields with the autocomplete hints password managers look for. */
export function loginPage({ action, csrfToken, email = '', error, forgotUrl }: LoginPageOptions): string {
  const invalid = error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  // Focus goes where typing continues: the e-mail on a fresh form, the password once it is known.
  const focusEmail = email ? '' : ' autofocus';
  const focusPassword = email ? ' autofocus' : '';
  return page(
    'Sign in',
    `<h1 id="page-title">Sign in</h1>
<p class="lead">Experience the future of blog management</p>
${alert(error)}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="320" value="${escapeHtml(email)}"${invalid}${focusEmail}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${invalid}${focusPassword}>
<button type="submit">Sign in</button>
</form>${forgotUrl ? `\n<p class="detail"><a href="${escapeHtml(forgotUrl)}">Forgot password?</a></p>` : ''}`,
  );
}
