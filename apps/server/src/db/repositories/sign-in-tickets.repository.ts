import type { Db } from '../database.js';

export function insertSignInTicket(
  db: Db,
  values: { tokenHash: string; accountId: string; binding: string; expiresAt: Date },
) {
  return db
    .insertInto('sign_in_tickets')
    .values({
      token_hash: values.tokenHash,
      account_id: values.accountId,
      binding: values.binding,
      expires_at: values.expiresAt,
    })
    .execute();
}

/**
 * The account whose first sign-in this ticket finishes, once: the ticket is deleted as it is read,
 * whether or not the binding matches, so a guess at the binding spends it.
 */
export async function consumeSignInTicket(db: Db, tokenHash: string, binding: string, now: Date) {
  const row = await db
    .deleteFrom('sign_in_tickets')
    .where('token_hash', '=', tokenHash)
    .returning(['account_id', 'binding', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.binding !== binding || row.expires_at.getTime() <= now.getTime()) return undefined;
  return row.account_id;
}

export function deleteExpiredSignInTickets(db: Db, now: Date) {
  return db.deleteFrom('sign_in_tickets').where('expires_at', '<=', now).execute();
}
