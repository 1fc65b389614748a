import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.js';
import { findAccountByEmail } from '../../../db/repositories/idp-accounts.repository.js';
import { consumeSignIn } from '../../../db/repositories/invitations.repository.js';
import { INTERACTION_PATH } from '../../../idp/provider.js';
import { hashToken } from '../../../lib/invitation-token.js';
import { FIRST_SIGN_IN_MINUTES } from '../../../services/invitations.service.js';

const COOKIE = 'masthead_first_sign_in';

/**
 * After an invitation is accepted, the invitee's browser carries this cookie to the sign-in
 * interaction the web app starts next, which then needs no password (decision 046). The cookie
 * holds a random token whose hash the invitation keeps; it works once, for a few minutes, and only
 * in this browser (httpOnly, signed, limited to the interaction's path).
 */
export function setFirstSignInCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(COOKIE, token, {
    path: INTERACTION_PATH,
    httpOnly: true,
    // Sent on the redirects of the authorization request the web app starts (a top-level navigation).
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: FIRST_SIGN_IN_MINUTES * 60,
  });
}

/** The account this browser may sign in as without its password, once; the cookie goes either way. */
export async function takeFirstSignIn(db: Db, request: FastifyRequest, reply: FastifyReply, now: Date) {
  const cookie = request.cookies[COOKIE];
  if (!cookie) return undefined;
  reply.clearCookie(COOKIE, { path: INTERACTION_PATH });
  const unsigned = request.unsignCookie(cookie);
  if (!unsigned.valid || !unsigned.value) return undefined;
  const used = await consumeSignIn(db, hashToken(unsigned.value), now);
  return used ? findAccountByEmail(db, used.email) : undefined;
}
