import type { Db } from '../database.js';

export function insertPasswordReset(
  db: Db,
  values: { accountId: string; tokenHash: string; expiresAt: Date },
) {
  return db
    .insertInto('password_resets')
    .values({ account_id: values.accountId, token_hash: values.tokenHash, expires_at: values.expiresAt })
    .execute();
}

/** The reset whose token has this hash, with its account's e-mail; `forUpdate` when it is about to be used. */
export function findPasswordResetByTokenHash(db: Db, tokenHash: string, forUpdate = false) {
  const query = db
    .selectFrom('password_resets')
    .innerJoin('idp_accounts', 'idp_accounts.id', 'password_resets.account_id')
    .selectAll('password_resets')
    .select('idp_accounts.email')
    .where('token_hash', '=', tokenHash);
  return (forUpdate ? query.forUpdate('password_resets') : query).executeTakeFirst();
}

/** Used: this link, and every other one of the account still open (one new password ends them all). */
export function markPasswordResetsUsed(db: Db, accountId: string, now: Date) {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
}

/** Links long expired are of no use to anyone; the sweep deletes them with the provider's records. */
export function deleteExpiredPasswordResets(db: Db, before: Date) {
  return db.deleteFrom('password_resets').where('expires_at', '<', before).execute();
}
