/**
 * The contract's MAX_PREVIEW_URL_LENGTH, restated: the contract's root module brings TypeBox into
 * the page (see features/previews/preview-limits.ts); __tests__/preview-url.test.ts holds it equal.
 */
export const MAX_PREVIEW_URL_LENGTH = 2000;

const PLACEHOLDERS = new Set(['{token}', '{slug}', '{id}', '{locale}']);
// A host as the web app's CSP can name it in frame-src: letters, digits, dots and dashes, or a
// bracketed IPv6 address, and a port.
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?::\d{1,5})?$/;
const IPV6_HOST = /^\[[0-9a-f:.]+\](?::\d{1,5})?$/;

/**
 * Whether `pattern` is a preview address pattern, by the server's rules (PUT /cms/domain/settings
 * checks them again): an absolute http(s) address of at most 2,000 characters, without a user or
 * password, with `{token}`, no braces but the placeholders `{token}`, `{slug}`, `{id}` and
 * `{locale}`, none of them in the host, and no blank or control character.
 */
export function isPreviewUrlPattern(pattern: string): boolean {
  if (pattern.length > MAX_PREVIEW_URL_LENGTH || !pattern.includes('{token}')) return false;
  if (/[\s\p{Cc}]/u.test(pattern)) return false;
  const braces = pattern.match(/\{[^{}]*\}?|\}/g) ?? [];
  if (braces.some((found) => !PLACEHOLDERS.has(found))) return false;
  let url: URL;
  try {
    url = new URL(pattern.replace(/\{(token|slug|id|locale)\}/g, 'x'));
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  if (!PLAIN_HOST.test(url.host) && !IPV6_HOST.test(url.host)) return false;
  // The placeholders come after the host: after the first '/', '?' or '#' that follows 'scheme://'.
  const afterScheme = pattern.indexOf('//') + 2;
  const authorityEnd = pattern.slice(afterScheme).search(/[/?#]/);
  return authorityEnd >= 0 && pattern.indexOf('{') >= afterScheme + authorityEnd;
}
