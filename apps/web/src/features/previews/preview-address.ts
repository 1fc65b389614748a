/**
 * The preview's address as the server gave it, if it is one a browser may open: http or https only
 * (a domain's previewUrl is checked when it is set; this keeps a `javascript:` or `data:` address out
 * of a tab or a frame whatever happened in between). Relative addresses (Masthead's own
 * /preview/<token>) are taken against the page's address.
 */
export function safePreviewUrl(url: string, base: string = window.location.href): string | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The live preview frame's sandbox (decision 062). The site's page runs its scripts, forms and
 * links (new tabs leave the sandbox, so they work as pages of their own), and keeps its own origin
 * for its storage and requests; it can never navigate this window (no allow-top-navigation), open
 * dialogs over it or start downloads. A page of Masthead's own origin (its /preview/<token>) is
 * framed without allow-same-origin: with scripts, the same origin would let it lift its own sandbox
 * and reach the editor.
 */
export function previewSandbox(url: string, appOrigin: string = window.location.origin): string {
  const base = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';
  return new URL(url).origin === appOrigin ? base : `${base} allow-same-origin`;
}
