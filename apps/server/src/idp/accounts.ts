import { MAX_NAME_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@masthead/contract';
import type { Db } from '../db/database.js';
import {
  findAccountByEmail,
  insertAccount,
  markEmailVerified,
  replacePasswordHashOf,
  renameAccount,
  replacePasswordHash,
  updatePasswordHash,
  voidTokensOfAccount,
} from '../db/repositories/idp-accounts.repository.js';
import { deletePayloadsOfAccount } from '../db/repositories/idp-payloads.repository.js';
import type { IdpAccountRow } from '../db/tables/database.table.js';
import { hashPassword, needsRehash, verifyPassword } from '../lib/password-hash.js';

/** NIST SP 800-63B: at least 8 characters; the upper bound only keeps hashing cheap to ask for. */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** Why a password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `the password must have at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `the password must have at most ${PASSWORD_MAX_LENGTH} characters`;
  // Printable characters and spaces, in any script (NIST SP 800-63B); a NUL or a line break is a
  // paste gone wrong, and some clients cannot type it again.
  if (/\p{Cc}/u.test(password)) return 'the password must not contain control characters';
  return undefined;
}

/**
 * Why a display name is refused, or undefined: one line of text, as accounts keep it. Control
 * characters (line breaks, NUL, escape sequences) would break the lines it is shown on (activity,
 * mails, the command line's tables).
 */
export function nameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'please enter your name';
  if (name.length > MAX_NAME_LENGTH) return `the name must have at most ${MAX_NAME_LENGTH} characters`;
  if (/\p{Cc}/u.test(name)) return 'the name must not contain control characters';
  return undefined;
}

/** Undefined when an account with this e-mail already exists. */
export async function createAccount(db: Db, values: { email: string; name: string; password: string }) {
  const passwordHash = await hashPassword(values.password);
  return insertAccount(db, { email: values.email, name: values.name, passwordHash });
}

/**
 * False when there is no account with this e-mail. A new password also signs the account out
 * everywhere (its sessions, refresh tokens and access tokens go), as after a leaked password it should.
 */
export async function setPassword(db: Db, email: string, password: string) {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const accountId = await updatePasswordHash(trx, email, passwordHash);
    if (accountId) await endEverySignIn(trx, accountId);
    return accountId !== undefined;
  });
}

/** Hashed once, on first use: checked against when the e-mail is unknown. */
let decoyHash: Promise<string> | undefined;

/**
 * The account whose e-mail and password these are, or undefined. An unknown e-mail costs the same
 * scrypt work as a wrong password, so the answer time does not tell which of the two was wrong. A
 * hash made with older (weaker) parameters is made again from the password that just matched it.
 */
export async function authenticate(
  db: Db,
  email: string,
  password: string,
): Promise<IdpAccountRow | undefined> {
  const account = await findAccountByEmail(db, email.trim());
  if (!account) {
    decoyHash ??= hashPassword('decoy password, never matched');
    await verifyPassword(password, await decoyHash);
    return undefined;
  }
  if (!(await verifyPassword(password, account.password_hash))) return undefined;
  if (needsRehash(account.password_hash)) {
    await replacePasswordHash(db, account.id, account.password_hash, await hashPassword(password));
  }
  return account;
}

/** The account's new display name; false when there is no such account. */
export async function changeName(db: Db, accountId: string, name: string) {
  return (await renameAccount(db, accountId, name)) !== undefined;
}

/**
 * Signs the account out everywhere: every session, grant, code and refresh token it has goes, so
 * no refresh is accepted any more, and the access tokens already issued are void (decision 054).
 */
export async function signOutEverywhere(db: Db, accountId: string) {
  await db.transaction().execute((trx) => endEverySignIn(trx, accountId));
}

/**
 * A new password for the account from a reset link that reached its mailbox (decision 056), in the
 * caller's transaction: every sign-in ends (sessions, refresh and access tokens), and the account
 * has now shown that it owns its mailbox (decision 055).
 */
export async function resetPassword(trx: Db, accountId: string, passwordHash: string) {
  await replacePasswordHashOf(trx, accountId, passwordHash);
  await markEmailVerified(trx, accountId);
  await endEverySignIn(trx, accountId);
}

/** One transaction: a token cannot be issued from a session that is gone, nor keep working once it is. */
async function endEverySignIn(trx: Db, accountId: string) {
  await voidTokensOfAccount(trx, accountId);
  await deletePayloadsOfAccount(trx, accountId);
}
