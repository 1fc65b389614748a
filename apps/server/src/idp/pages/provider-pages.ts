import { alert, escapeHtml, page, pageCspWithScript } from './layout.js';

/**
 * The pages oidc-provider renders itself (through its configuration), in the same look as the
 * sign-in page instead of the library's defaults, which load a font from the network.
 */

/** RP-initiated logout asks before signing out; `form` is the provider's hidden form (with its xsrf). */
export function logoutPage(form: string): string {
  return page(
    'Sign out',
    `<h1 id="page-title">Sign out of Masthead?</h1>
<p class="lead">You will need your e-mail and password to sign in again.</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}

/** Presses the page's "Sign out" button, which submits the provider's form with logout=yes. */
export const SIGN_OUT_SCRIPT = "document.getElementById('sign-out').click();";
export const SIGNING_OUT_CSP = pageCspWithScript(SIGN_OUT_SCRIPT);

/**
 * RP-initiated logout that needs no question (the web app's own id_token_hint for this session):
 * the page submits the provider's form itself. Without JavaScript, its button does the same.
 * Serve it with SIGNING_OUT_CSP.
 */
export function signingOutPage(form: string): string {
  return page(
    'Signing out',
    `<h1 id="page-title">Signing out…</h1>
<p class="lead">You are being signed out of Masthead.</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="sign-out">Sign out</button>
<script>${SIGN_OUT_SCRIPT}</script>`,
  );
}

export function logoutSuccessPage(homeUrl: string): string {
  return page(
    'Signed out',
    `<h1 id="page-title">You are signed out</h1>
<p class="lead">Thanks for using Masthead.</p>
<a class="button" href="${escapeHtml(homeUrl)}">Back to Masthead</a>`,
  );
}

/** An error the provider cannot send back to the app: said plainly, with the protocol detail below. */
export function errorPage(options: { title: string; message: string; homeUrl: string; detail?: string }) {
  const detail = options.detail ? `<p class="detail">${escapeHtml(options.detail)}</p>` : '';
  return page(
    options.title,
    `<h1 id="page-title">${escapeHtml(options.title)}</h1>
${alert(options.message, 'page-error')}
<a class="button" href="${escapeHtml(options.homeUrl)}">Back to Masthead</a>
${detail}`,
  );
}
