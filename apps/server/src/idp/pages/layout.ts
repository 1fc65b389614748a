import { createHash } from 'node:crypto';

/**
 * The frame of the identity provider's own pages (sign-in, sign-out, errors): one inline style
 * sheet, no external asset, and no script but the one that finishes a sign-out, so that the pages
 * can carry a strict CSP that allows exactly those by their hashes.
 */
const STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1f2430;--muted:#5b6475;--line:#d5d9e0;
--accent:#4338ca;--accent-hover:#3730a3;--accent-text:#fff;--danger:#b42318;--danger-bg:#fef3f2;--ring:#6366f1}
@media (prefers-color-scheme:dark){:root{--bg:#111318;--card:#1b1e25;--text:#eceef2;--muted:#a3abbb;
--line:#343a46;--accent:#818cf8;--accent-hover:#a5b4fc;--accent-text:#111318;--danger:#fda29b;--danger-bg:#2d1716;--ring:#a5b4fc}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;background:var(--bg);color:var(--text);
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:100%;max-width:400px;background:var(--card);border:1px solid var(--line);border-radius:12px;
padding:32px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 8px 24px rgba(16,24,40,.08)}
.brand{display:flex;align-items:center;gap:10px;margin:0 0 24px;font-weight:700;font-size:18px;letter-spacing:-.01em}
.brand svg{flex:none}
h1{margin:0 0 4px;font-size:24px;line-height:1.25;letter-spacing:-.02em}
.lead{margin:0 0 24px;color:var(--muted)}
.alert{margin:0 0 20px;padding:12px 14px;border-radius:8px;border:1px solid var(--danger);background:var(--danger-bg);color:var(--danger)}
label{display:block;margin:0 0 6px;font-weight:600;font-size:14px}
input{display:block;width:100%;margin:0 0 18px;padding:10px 12px;font:inherit;color:inherit;background:transparent;
border:1px solid var(--line);border-radius:8px}
input[aria-invalid=true]{border-color:var(--danger)}
button,.button{display:block;width:100%;padding:11px 16px;font:inherit;font-weight:600;text-align:center;text-decoration:none;
color:var(--accent-text);background:var(--accent);border:1px solid var(--accent);border-radius:8px;cursor:pointer}
button:hover,.button:hover{background:var(--accent-hover);border-color:var(--accent-hover)}
button.secondary{margin-top:10px;color:var(--text);background:transparent;border-color:var(--line)}
button.secondary:hover{background:var(--bg)}
:focus-visible{outline:3px solid var(--ring);outline-offset:2px}
input:focus-visible{outline-offset:0}
.detail{margin:16px 0 0;font-size:13px;color:var(--muted);word-break:break-word}
`;

/** A CSP hash source: allows exactly this inline text, and nothing else. */
const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const POLICY = [
  "default-src 'none'",
  `style-src ${hashSource(STYLE)}`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
];

/** Only the inline style sheet above; no script; forms post back to this origin; never framed. */
export const PAGE_CSP = POLICY.join('; ');

/**
 * PAGE_CSP that also runs one fixed inline script, allowed by its hash (as oidc-provider allows
 * its own auto-submitting forms): no other script, inline or from anywhere, can run.
 */
export function pageCspWithScript(script: string): string {
  return [...POLICY, `script-src ${hashSource(script)}`].join('; ');
}

const LOGO = `<svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
<rect width="28" height="28" rx="7" fill="currentColor" opacity=".12"/>
<path d="M7 20V8h2.6l4.4 6.2L18.4 8H21v12h-2.6v-7.6L14 18.5l-4.4-6.1V20z" fill="currentColor"/></svg>`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A whole page. `title` is plain text; `body` is HTML the caller has escaped. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Masthead</title>
<style>${STYLE}</style>
</head>
<body>
<main aria-labelledby="page-title">
<p class="brand">${LOGO}<span>Masthead</span></p>
${body}
</main>
</body>
</html>
`;
}

/** The error region: read out as soon as the page loads (role="alert"). */
export function alert(message: string | undefined, id = 'form-error'): string {
  return message ? `<p id="${id}" class="alert" role="alert">${escapeHtml(message)}</p>` : '';
}
