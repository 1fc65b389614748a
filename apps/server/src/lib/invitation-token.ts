import { createHash, randomBytes } from 'node:crypto';

/** Every invitation token starts so, for secret scanners to find leaked links. */
const PREFIX = 'mhi_';
const TOKEN_PATTERN = /^mhi_[A-Za-z0-9_-]{43}$/;

/** A new token, 256 random bits, and its hash. */
export function newInvitationToken() {
  const token = PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/**
 * What the database keeps of a token (like content keys): a plain SHA-256 suffices for 256 random
 * bits, and a lookup is one index probe. Also used for the first sign-in's cookie token.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeInvitationToken(text: string) {
  return TOKEN_PATTERN.test(text);
}

/** A random token for the first sign-in's cookie after an invitation is accepted. */
export function newSignInToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
