import { sql } from 'kysely';
import type { Db } from '../database.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('idp_accounts')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The provider looks accounts up by `sub`, which is the account id; anything else is no account. */
export async function findAccountById(db: Db, id: string) {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('idp_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Undefined when an account with this e-mail already exists. `emailVerified`: the account owns the
 * mailbox (decision 055); true unless it was made from a link that someone else saw.
 */
export function insertAccount(
  db: Db,
  values: { email: string; name: string; passwordHash: string; emailVerified?: boolean },
) {
  return db
    .insertInto('idp_accounts')
    .values({
      email: values.email.toLowerCase(),
      name: values.name,
      password_hash: values.passwordHash,
      email_verified: values.emailVerified ?? true,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The account's id, or undefined when there is no account with this e-mail. */
export async function updatePasswordHash(db: Db, email: string, passwordHash: string) {
  const row = await db
    .updateTable('idp_accounts')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('email', '=', email.toLowerCase())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The account's new password hash (a reset), by id. */
export async function replacePasswordHashOf(db: Db, id: string, passwordHash: string) {
  await db
    .updateTable('idp_accounts')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * The same password's hash made with today's parameters; only while the old one is still stored, so
 * a password changed meanwhile is never overwritten.
 */
export async function replacePasswordHash(db: Db, id: string, oldHash: string, newHash: string) {
  await db
    .updateTable('idp_accounts')
    .set({ password_hash: newHash, updated_at: new Date() })
    .where('id', '=', id)
    .where('password_hash', '=', oldHash)
    .execute();
}

/** The account's id, or undefined when there is no such account. */
export async function renameAccount(db: Db, id: string, name: string) {
  if (!UUID.test(id)) return undefined;
  const row = await db
    .updateTable('idp_accounts')
    .set({ name, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Voids the account's access tokens issued until now (decision 054): its `tokens_valid_after`
 * becomes now, in whole milliseconds and always later than before, so that two sign-outs never
 * share a value and the one a token carries compares exactly with it.
 */
export async function voidTokensOfAccount(db: Db, id: string) {
  await db
    .updateTable('idp_accounts')
    .set({
      tokens_valid_after: sql<Date>`greatest(date_trunc('milliseconds', now()), tokens_valid_after + interval '1 millisecond')`,
    })
    .where('id', '=', id)
    .execute();
}

/** The accounts whose mark was set in the last `seconds`: only those can still void a token. */
export function findRecentTokenMarks(db: Db, seconds: number) {
  return db
    .selectFrom('idp_accounts')
    .select(['id', 'tokens_valid_after'])
    .where('tokens_valid_after', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .execute();
}

/** The account has shown that it owns its mailbox, or the operator vouches for it (decision 055). */
export async function markEmailVerified(db: Db, id: string) {
  await db
    .updateTable('idp_accounts')
    .set({ email_verified: true, updated_at: new Date() })
    .where('id', '=', id)
    .where('email_verified', '=', false)
    .execute();
}
