/** The origins the web app talks to besides its own. */
export interface WebAppOrigins {
  /** The OpenID provider: its token endpoint (connect), its sign-in pages (forms, silent renew). */
  authority: string;
  /** Where the browser PUTs uploads (the storage driver's signed URLs). */
  uploads: string;
}

const unique = (values: string[]) => [...new Set(values)].join(' ');

/**
 * The web app's Content-Security-Policy: scripts from our origin only (no inline script), calls
 * to our origin, the provider and the storage only, and no framing by anyone. Images may come
 * from anywhere over http(s), because posts reference images by URL (spec §7). Styles allow
 * inline attributes: the rich-text editor writes table widths and text styles that way.
 *
 * Frames: our own origin (Masthead's preview page; the silent renew), the provider (its sign-in
 * pages in a hidden iframe) and `previewOrigins`, the origins of the domains' preview addresses,
 * which the editor's live preview shows (issue 30, decision 061); nothing else.
 *
 * `framedBySelf` is for the sign-in callback page only: a provider that gives no refresh token
 * makes oidc-client-ts renew in a hidden iframe of our own origin.
 */
export function webAppPolicy(
  origins: WebAppOrigins,
  options: { framedBySelf?: boolean; previewOrigins?: readonly string[] } = {},
): string {
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob: https: http:",
    'font-src': "'self' data:",
    'connect-src': unique(["'self'", origins.authority, origins.uploads]),
    'frame-src': unique(["'self'", origins.authority, ...(options.previewOrigins ?? [])]),
    'worker-src': "'self' blob:",
    'form-action': unique(["'self'", origins.authority]),
    'object-src': "'none'",
    'base-uri': "'self'",
    'frame-ancestors': options.framedBySelf ? "'self'" : "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}
