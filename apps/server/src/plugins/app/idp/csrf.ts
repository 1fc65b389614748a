import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INTERACTION_PATH } from '../../../idp/provider.js';

const COOKIE = 'masthead_csrf';

/**
 * Double-submit CSRF protection for the sign-in form, tied to one interaction: the form carries a
 * random token, and a signed cookie limited to that interaction's path carries the same token with
 * the interaction's uid. A page on another site can neither read the token nor set the cookie.
 */
export function issueCsrfToken(reply: FastifyReply, uid: string, secure: boolean): string {
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(COOKIE, `${uid}.${token}`, {
    path: `${INTERACTION_PATH}/${uid}`,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    signed: true,
    maxAge: 60 * 60,
  });
  return token;
}

export function clearCsrfToken(reply: FastifyReply, uid: string) {
  reply.clearCookie(COOKIE, { path: `${INTERACTION_PATH}/${uid}` });
}

/** True when the submitted token matches this interaction's cookie. */
export function checkCsrfToken(request: FastifyRequest, uid: string, submitted: string): boolean {
  const cookie = request.cookies[COOKIE];
  if (!cookie || !submitted) return false;
  const unsigned = request.unsignCookie(cookie);
  if (!unsigned.valid || !unsigned.value?.startsWith(`${uid}.`)) return false;
  const expected = Buffer.from(unsigned.value.slice(uid.length + 1));
  const given = Buffer.from(submitted);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
