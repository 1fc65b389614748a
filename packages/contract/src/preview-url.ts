// No schemas here: the web app imports this file alone (@masthead/contract/preview-url) to stay small.

/** The longest preview address pattern the database keeps. */
export const MAX_PREVIEW_URL_LENGTH = 2000;

/** What a preview address pattern must hold, and what it may: each is filled when a link is made. */
export const TOKEN_PLACEHOLDER = '{token}';
const PLACEHOLDERS = new Set(['{token}', '{slug}', '{id}', '{locale}']);

/**
 * A host as the web app's CSP may name it: letters, digits, dots and dashes (punycode for the
 * rest), or a bracketed IPv6 address, and a port. URL accepts more in a host (";" for one), which
 * would break the frame-src directive the origin goes into (decision 061).
 */
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?::\d{1,5})?$/;
const IPV6_HOST = /^\[[0-9a-f:.]+\](?::\d{1,5})?$/;

/**
 * The pattern's origin when it is a preview address pattern, else null: an absolute http(s) URL
 * of at most 2,000 characters, without credentials, with `{token}`, no other braces than the
 * placeholders `{token}`, `{slug}`, `{id}` and `{locale}`, none of them in the host (the
 * origin is fixed: the web app's CSP names it), and no blank or control character.
 */
export function previewUrlOrigin(pattern: string): string | null {
  if (pattern.length > MAX_PREVIEW_URL_LENGTH || !pattern.includes(TOKEN_PLACEHOLDER)) return null;
  if (/[\s\p{Cc}]/u.test(pattern)) return null;
  const braces = pattern.match(/\{[^{}]*\}?|\}/g) ?? [];
  if (braces.some((found) => !PLACEHOLDERS.has(found))) return null;
  let url: URL;
  try {
    url = new URL(pattern.replace(/\{(token|slug|id|locale)\}/g, 'x'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  if (!PLAIN_HOST.test(url.host) && !IPV6_HOST.test(url.host)) return null;
  // The placeholders come after the host: after the first '/', '?' or '#' that follows 'scheme://'.
  const afterScheme = pattern.indexOf('//') + 2;
  const authorityEnd = pattern.slice(afterScheme).search(/[/?#]/);
  if (authorityEnd < 0 || pattern.indexOf('{') < afterScheme + authorityEnd) return null;
  return url.origin;
}

export const isPreviewUrlPattern = (pattern: string) => previewUrlOrigin(pattern) !== null;
