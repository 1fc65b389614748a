import { createHash, randomBytes } from 'node:crypto';
import { PREVIEW_TOKEN_PREFIX } from '@masthead/contract';

/**
 * The tokens of links sent to people: invitations (`mhi_`), password resets (`mhr_`) and previews
 * (`mhp_`, issue 30). Each starts with its prefix, for secret scanners to find leaked links, and
 * carries 256 random bits.
 */
const INVITATION = 'mhi_';
const RESET = 'mhr_';
const shapeOf = (prefix: string) => new RegExp(`^${prefix}[A-Za-z0-9_-]{43}$`);
const INVITATION_SHAPE = shapeOf(INVITATION);
const RESET_SHAPE = shapeOf(RESET);
const PREVIEW_SHAPE = shapeOf(PREVIEW_TOKEN_PREFIX);

function newToken(prefix: string) {
  const token = prefix + randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/**
 * What the database keeps of a token (like content keys): a plain SHA-256 suffices for 256 random
 * bits, and a lookup is one index probe.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const newInvitationToken = () => newToken(INVITATION);
export const looksLikeInvitationToken = (text: string) => INVITATION_SHAPE.test(text);

export const newResetToken = () => newToken(RESET);
export const looksLikeResetToken = (text: string) => RESET_SHAPE.test(text);

export const newPreviewToken = () => newToken(PREVIEW_TOKEN_PREFIX);
export const looksLikePreviewToken = (text: string) => PREVIEW_SHAPE.test(text);

/** A random token with no prefix: a first sign-in's cookie, or the binding its sign-in request carries. */
export const newSignInToken = () => newToken('');
