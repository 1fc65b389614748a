import { SIGN_IN_TICKET_PARAM } from '@masthead/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import type { Db } from '../../../db/database.js';
import { findAccountById } from '../../../db/repositories/idp-accounts.repository.js';
import { consumeSignInTicket } from '../../../db/repositories/sign-in-tickets.repository.js';
import { hashToken } from '../../../lib/one-time-tokens.js';
import { FIRST_SIGN_IN_MINUTES } from '../../../services/sign-in-tickets.js';

/**
 * With https, `__Host-`: the browser then takes the cookie only from this very host, over https,
 * for the whole site, so a neighbouring subdomain cannot plant one (cookie tossing). Plain http
 * (a local start) cannot have the prefix.
 */
const cookieName = (secure: boolean) => (secure ? '__Host-masthead_first_sign_in' : 'masthead_first_sign_in');

/**
 * After an invitation is accepted or a password reset, the browser carries this cookie to the
 * sign-in the web app starts next, which then needs no password (decisions 046, 055). It holds the
 * ticket's random token (services/sign-in-tickets.ts): httpOnly, signed, for a few minutes.
 */
export function setFirstSignInCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(cookieName(secure), token, {
    path: '/',
    httpOnly: true,
    // Sent on the redirects of the authorization request the web app starts (a top-level navigation).
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: FIRST_SIGN_IN_MINUTES * 60,
  });
}

/**
 * The account this sign-in may complete without the password, once: the cookie's ticket, when the
 * interaction's authorization request carries the binding the ticket was made with. The cookie goes
 * either way.
 */
export async function takeFirstSignIn(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  context: { interaction: Interaction; secure: boolean; now: Date },
) {
  const name = cookieName(context.secure);
  const cookie = request.cookies[name];
  if (!cookie) return undefined;
  reply.clearCookie(name, { path: '/', secure: context.secure });
  const unsigned = request.unsignCookie(cookie);
  if (!unsigned.valid || !unsigned.value) return undefined;
  const binding = context.interaction.params[SIGN_IN_TICKET_PARAM];
  const accountId = await consumeSignInTicket(
    db,
    hashToken(unsigned.value),
    hashToken(typeof binding === 'string' ? binding : ''),
    context.now,
  );
  return accountId ? findAccountById(db, accountId) : undefined;
}
