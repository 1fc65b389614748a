import type { Db } from '../database.js';
import type { IdpKeysTable } from '../tables/database.table.js';

export type IdpKeyKind = IdpKeysTable['kind'];

/** The keys of a kind, newest (the one in use) first. */
export function listKeys(db: Db, kind: IdpKeyKind) {
  return db
    .selectFrom('idp_keys')
    .select(['id', 'secret'])
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertKey(db: Db, values: { id: string; kind: IdpKeyKind; secret: string }) {
  await db.insertInto('idp_keys').values(values).execute();
}

/** Keeps the newest `keep` keys of a kind and deletes the rest. */
export async function deleteOldKeys(db: Db, kind: IdpKeyKind, keep: number) {
  const kept = (await listKeys(db, kind)).slice(0, keep).map((key) => key.id);
  if (kept.length === 0) return;
  await db.deleteFrom('idp_keys').where('kind', '=', kind).where('id', 'not in', kept).execute();
}
