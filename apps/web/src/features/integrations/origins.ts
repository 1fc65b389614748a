import { browserOrigin, MAX_KEY_ORIGINS } from '@masthead/contract/origin';

export interface ParsedOrigins {
  /** As a browser sends them (lower-case host, no default port), each once, in the order typed. */
  origins: string[];
  /** The entries that are not an http(s) origin, as typed. */
  invalid: string[];
  /** More than a key may list. */
  tooMany: boolean;
}

/**
 * A content key's origins as typed in its form: one per line (commas and blanks separate too),
 * empty entries ignored. The server checks them again and names the entry it refuses.
 */
export function parseOrigins(text: string): ParsedOrigins {
  const origins: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,]+/)) {
    if (entry === '') continue;
    const origin = browserOrigin(entry);
    if (origin === null) invalid.push(entry);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins, invalid, tooMany: origins.length > MAX_KEY_ORIGINS };
}
