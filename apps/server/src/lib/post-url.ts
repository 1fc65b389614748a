/** What a domain's post address pattern must hold: where the post's slug goes. */
export const SLUG_PLACEHOLDER = '{slug}';
const MAX_LENGTH = 2000;

/**
 * Whether `pattern` is a post address pattern: an absolute http(s) URL, at most 2,000 characters,
 * with `{slug}` in it (in the path, query or fragment; not in the host).
 */
export function isPostUrlPattern(pattern: string): boolean {
  if (pattern.length > MAX_LENGTH || !pattern.includes(SLUG_PLACEHOLDER)) return false;
  let url: URL;
  try {
    url = new URL(pattern.replaceAll(SLUG_PLACEHOLDER, 'slug'));
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  // The slug comes after the host: after the first '/' that follows 'scheme://'.
  const pathStart = pattern.indexOf('/', pattern.indexOf('//') + 2);
  return pathStart >= 0 && pattern.indexOf(SLUG_PLACEHOLDER) > pathStart;
}

/** The post's address on the website, or null when the domain has no pattern. */
export function postUrl(pattern: string | null, slug: string): string | null {
  return pattern === null ? null : pattern.replaceAll(SLUG_PLACEHOLDER, encodeURIComponent(slug));
}
