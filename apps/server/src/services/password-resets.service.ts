import type { Db } from '../db/database.js';
import { findAccountByEmail } from '../db/repositories/idp-accounts.repository.js';
import {
  findPasswordResetByTokenHash,
  insertPasswordReset,
  markPasswordResetsUsed,
} from '../db/repositories/password-resets.repository.js';
import { resetPassword } from '../idp/accounts.js';
import { hashPassword } from '../lib/password-hash.js';
import { hashToken, looksLikeResetToken, newResetToken } from '../lib/one-time-tokens.js';
import type { MailMessage } from '../mail/mailer.js';
import { passwordResetMail } from '../mail/messages.js';
import { issueSignInTicket } from './sign-in-tickets.js';

/** How long a reset link works (issue 29). */
export const RESET_MINUTES = 30;
export const RESET_PATH = '/oidc/reset';
export const FORGOT_PATH = '/oidc/forgot';

/**
 * "Forgot password?" (decision 056): a single-use link for the account with this e-mail, as the
 * mail to send, or nothing when there is no such account. The caller answers the same either way.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  values: { now: Date; publicUrl: string },
): Promise<MailMessage | undefined> {
  const account = await findAccountByEmail(db, email);
  if (!account) return undefined;
  const { token, hash } = newResetToken();
  await insertPasswordReset(db, {
    accountId: account.id,
    tokenHash: hash,
    expiresAt: new Date(values.now.getTime() + RESET_MINUTES * 60_000),
  });
  const link = `${values.publicUrl}${RESET_PATH}?token=${encodeURIComponent(token)}`;
  return passwordResetMail({ to: account.email, link, minutes: RESET_MINUTES });
}

export type ResetState = 'unknown' | 'expired' | 'used' | 'valid';

type FoundReset = NonNullable<Awaited<ReturnType<typeof findPasswordResetByTokenHash>>>;

function stateOf(row: FoundReset | undefined, now: Date): ResetState {
  if (!row) return 'unknown';
  if (row.used_at) return 'used';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** What a reset link leads to. A token of the wrong shape is unknown without a database lookup. */
export async function findPasswordReset(db: Db, token: string, now: Date) {
  if (!looksLikeResetToken(token)) return { state: 'unknown' as const, reset: undefined };
  const row = await findPasswordResetByTokenHash(db, hashToken(token));
  return { state: stateOf(row, now), reset: row };
}

export type ResetOutcome =
  | { ok: true; signIn: { token: string; binding: string } }
  | { ok: false; state: Exclude<ResetState, 'valid'> };

/**
 * The new password, from a valid link, in one transaction that locks the link: the password, every
 * other sign-in of the account ended, the mailbox proven, every open link of the account used up,
 * and this browser's first sign-in ticket. The password is hashed before the transaction.
 */
export async function completePasswordReset(
  db: Db,
  token: string,
  values: { password: string; now: Date },
): Promise<ResetOutcome> {
  if (!looksLikeResetToken(token)) return { ok: false, state: 'unknown' };
  const passwordHash = await hashPassword(values.password);
  return db.transaction().execute(async (trx): Promise<ResetOutcome> => {
    const row = await findPasswordResetByTokenHash(trx, hashToken(token), true);
    const state = stateOf(row, values.now);
    if (!row || state !== 'valid') return { ok: false, state: state as Exclude<ResetState, 'valid'> };
    await resetPassword(trx, row.account_id, passwordHash);
    await markPasswordResetsUsed(trx, row.account_id, values.now);
    return { ok: true, signIn: await issueSignInTicket(trx, row.account_id, values.now) };
  });
}
