import type { Db } from '../db/database.js';
import { insertSignInTicket } from '../db/repositories/sign-in-tickets.repository.js';
import { hashToken, newSignInToken } from '../lib/one-time-tokens.js';

/** How long the browser may finish its first sign-in without the password. */
export const FIRST_SIGN_IN_MINUTES = 10;

/**
 * A first sign-in without the password, for the browser that just accepted an invitation or reset
 * its password (decisions 046, 055). `token` goes into an httpOnly cookie; `binding` into the address
 * the browser goes to next, whose sign-in request carries it: the ticket works only for a sign-in
 * that carries both, once, for a few minutes. A cookie planted from elsewhere, or a later sign-in
 * in the same browser (someone else's, on a shared computer), gets the password form.
 */
export async function issueSignInTicket(trx: Db, accountId: string, now: Date) {
  const cookie = newSignInToken();
  const binding = newSignInToken().token;
  await insertSignInTicket(trx, {
    tokenHash: cookie.hash,
    accountId,
    binding: hashToken(binding),
    expiresAt: new Date(now.getTime() + FIRST_SIGN_IN_MINUTES * 60_000),
  });
  return { token: cookie.token, binding };
}
