import { createHash, randomBytes } from 'node:crypto';

/** Every content key starts so, for secret scanners to find leaked ones. */
export const CONTENT_KEY_PREFIX = 'mhk_';
/** How much of a key a list shows: the prefix and 8 characters, 48 of its 256 bits. */
const SHOWN_LENGTH = CONTENT_KEY_PREFIX.length + 8;
/** The prefix and 43 base64url characters (32 random bytes). */
const KEY_PATTERN = /^mhk_[A-Za-z0-9_-]{43}$/;

/** A new key: 256 random bits after the prefix. */
export function newContentKey() {
  const key = CONTENT_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, hash: hashContentKey(key), start: key.slice(0, SHOWN_LENGTH) };
}

/**
 * What the database keeps of a key. A plain SHA-256 suffices, unlike a password: the key is 256
 * random bits, so there is nothing to guess from its hash, and a lookup must be one index probe.
 */
export function hashContentKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether the text has a key's shape; anything else is refused without a database lookup. */
export function looksLikeContentKey(text: string) {
  return KEY_PATTERN.test(text);
}
