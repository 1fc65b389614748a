import { sql } from 'kysely';
import type { Db } from '../database.js';

/** What the oidc-provider adapter stores for one record, besides its model and id. */
export interface IdpPayloadValues {
  payload: Record<string, unknown>;
  grantId?: string | undefined;
  uid?: string | undefined;
  userCode?: string | undefined;
  expiresAt?: Date | undefined;
}

export async function upsertPayload(db: Db, model: string, id: string, values: IdpPayloadValues) {
  const row = {
    payload: JSON.stringify(values.payload),
    grant_id: values.grantId ?? null,
    uid: values.uid ?? null,
    user_code: values.userCode ?? null,
    expires_at: values.expiresAt ?? null,
  };
  await db
    .insertInto('idp_payloads')
    .values({ model, id, ...row, consumed_at: null })
    .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet({ ...row, consumed_at: null }))
    .execute();
}

type Lookup = { column: 'id' | 'uid' | 'user_code'; value: string };

/** A record that has not expired, found by id, uid or user code. */
export function findPayload(db: Db, model: string, { column, value }: Lookup) {
  return db
    .selectFrom('idp_payloads')
    .select(['payload', 'consumed_at'])
    .where('model', '=', model)
    .where(column, '=', value)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
}

/**
 * Moves the expiry of the record with this uid (`exp`, in epoch seconds, in the payload the provider
 * checks, and the row's own) without touching anything else it holds; nothing when it is gone.
 */
export async function extendPayloadExpiry(db: Db, model: string, uid: string, exp: number) {
  await db
    .updateTable('idp_payloads')
    .set({
      payload: sql`jsonb_set(payload, '{exp}', to_jsonb(${exp}::bigint))`,
      expires_at: new Date(exp * 1000),
    })
    .where('model', '=', model)
    .where('uid', '=', uid)
    .execute();
}

export async function consumePayload(db: Db, model: string, id: string) {
  await db
    .updateTable('idp_payloads')
    .set({ consumed_at: sql<Date>`now()` })
    .where('model', '=', model)
    .where('id', '=', id)
    .execute();
}

export async function deletePayload(db: Db, model: string, id: string) {
  await db.deleteFrom('idp_payloads').where('model', '=', model).where('id', '=', id).execute();
}

export async function deletePayloadsOfGrant(db: Db, model: string, grantId: string) {
  await db.deleteFrom('idp_payloads').where('model', '=', model).where('grant_id', '=', grantId).execute();
}

/** Every session, grant, code and refresh token of an account: it is signed out everywhere. */
export async function deletePayloadsOfAccount(db: Db, accountId: string) {
  await db
    .deleteFrom('idp_payloads')
    .where(sql<string>`payload->>'accountId'`, '=', accountId)
    .execute();
}

/** Expired records are invisible already (findPayload); this only reclaims their space. */
export async function deleteExpiredPayloads(db: Db) {
  const result = await db
    .deleteFrom('idp_payloads')
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
