/** A content key's browser origins (issue 20), without TypeBox so that the web app can check them too. */

/** How many browser origins one content key may list. */
export const MAX_KEY_ORIGINS = 20;
/** A scheme, a host name of up to 253 characters and a port fit well inside this. */
export const MAX_ORIGIN_LENGTH = 300;

export const ORIGIN_MESSAGE = 'must be a browser origin such as https://blog.example.com (no path)';

/**
 * The origin a browser would send for `text` (lower-case host, no default port), or null when
 * `text` is not exactly an http(s) origin: a path, query, fragment or credentials would never
 * match a browser's Origin header, so they are refused rather than silently cut off.
 */
export function browserOrigin(text: string): string | null {
  // The URL parser drops tabs, newlines and outer blanks; an origin has none to drop.
  if (text.length > MAX_ORIGIN_LENGTH || /[\s\p{Cc}]/u.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.href === `${url.origin}/` ? url.origin : null;
}
