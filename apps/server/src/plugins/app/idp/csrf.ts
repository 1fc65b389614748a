import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INTERACTION_PATH } from '../../../idp/provider.js';

const COOKIE = 'masthead_csrf';
const INVITATION_COOKIE = 'masthead_invitation_csrf';

/**
 * Double-submit CSRF protection for the sign-in form, tied to one interaction: the form carries a
 * random token, and a signed cookie limited to that interaction's path carries the same token with
 * the interaction's uid. A page on another site can neither read the token nor set the cookie.
 */
export function issueCsrfToken(reply: FastifyReply, uid: string, secure: boolean): string {
  return issue(reply, COOKIE, { path: `${INTERACTION_PATH}/${uid}`, bind: uid, secure });
}

function issue(reply: FastifyReply, name: string, cookie: { path: string; bind: string; secure: boolean }) {
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(name, `${cookie.bind}.${token}`, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure,
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
  return matches(request.cookies[COOKIE], request, uid, submitted);
}

/**
 * The same protection for the invitation form (decision 046), bound to the link's token (by its
 * hash, so the cookie holds no token) and limited to the invitation page's path.
 */
export function issueInvitationCsrfToken(reply: FastifyReply, path: string, bind: string, secure: boolean) {
  return issue(reply, INVITATION_COOKIE, { path, bind, secure });
}

export function clearInvitationCsrfToken(reply: FastifyReply, path: string) {
  reply.clearCookie(INVITATION_COOKIE, { path });
}

export function checkInvitationCsrfToken(request: FastifyRequest, bind: string, submitted: string): boolean {
  return matches(request.cookies[INVITATION_COOKIE], request, bind, submitted);
}

function matches(cookie: string | undefined, request: FastifyRequest, bind: string, submitted: string) {
  if (!cookie || !submitted) return false;
  const unsigned = request.unsignCookie(cookie);
  if (!unsigned.valid || !unsigned.value?.startsWith(`${bind}.`)) return false;
  const expected = Buffer.from(unsigned.value.slice(bind.length + 1));
  const given = Buffer.from(submitted);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The same protection for the password reset pages (decision 056): the forgotten-password form
 * (bound to its path) and the new-password form (bound to the link's token hash).
 */
const RESET_COOKIE = 'masthead_reset_csrf';

export function issueResetCsrfToken(reply: FastifyReply, path: string, bind: string, secure: boolean) {
  return issue(reply, RESET_COOKIE, { path, bind, secure });
}

export function clearResetCsrfToken(reply: FastifyReply, path: string) {
  reply.clearCookie(RESET_COOKIE, { path });
}

export function checkResetCsrfToken(request: FastifyRequest, bind: string, submitted: string): boolean {
  return matches(request.cookies[RESET_COOKIE], request, bind, submitted);
}
