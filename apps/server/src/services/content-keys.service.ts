import {
  browserOrigin,
  ORIGIN_MESSAGE,
  REQUIRED_MESSAGE,
  type ContentKey,
  type NewContentKey,
} from '@masthead/contract';
import type { Db } from '../db/database.js';
import {
  deleteContentKey,
  insertContentKey,
  listContentKeys,
} from '../db/repositories/content-keys.repository.js';
import { newContentKey } from '../lib/content-key.js';
import { recordActivity, type Actor } from './activity.js';

type ListedKeyRow = Awaited<ReturnType<typeof listContentKeys>>[number];

export const toContentKey = (row: ListedKeyRow): ContentKey => ({
  id: row.id,
  name: row.name,
  origins: row.origins,
  keyStart: row.key_start,
  createdDate: row.created_at.toISOString(),
  lastUsedDate: row.last_used_at?.toISOString() ?? null,
});

export type CheckedKeyInput = { ok: true; name: string; origins: string[] } | { ok: false; errors: string[] };

/**
 * A key's name and origins as they are stored: the name trimmed, each origin in the form a
 * browser sends it, each once. `errors` names each bad field ("origins.1: ..."), for a 400 or the
 * command line.
 */
export function checkContentKeyInput(input: { name: string; origins?: readonly string[] }): CheckedKeyInput {
  const errors: string[] = [];
  const name = input.name.trim();
  if (name === '') errors.push(`name: ${REQUIRED_MESSAGE}`);
  // Names are shown in a terminal table and in the back office: one line, no control characters.
  else if (/\p{Cc}/u.test(name)) errors.push('name: must not contain control characters');
  const origins = new Set<string>();
  (input.origins ?? []).forEach((text, index) => {
    const origin = browserOrigin(text);
    if (origin === null) errors.push(`origins.${index}: ${ORIGIN_MESSAGE}`);
    else origins.add(origin);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, name, origins: [...origins] };
}

/** Makes a key and stores its hash; the answer is the only place the key itself ever appears. */
export async function createContentKey(
  db: Db,
  domainId: string,
  actor: Actor,
  input: { name: string; origins: string[] },
): Promise<NewContentKey> {
  const { key, hash, start } = newContentKey();
  const row = await db.transaction().execute(async (trx) => {
    const row = await insertContentKey(trx, {
      domainId,
      name: input.name,
      hash,
      start,
      origins: input.origins,
    });
    await recordActivity(trx, domainId, actor, {
      kind: 'content_key.created',
      objectId: row.id,
      objectLabel: row.name,
    });
    return row;
  });
  return {
    id: row.id,
    name: row.name,
    origins: row.origins,
    key,
    createdDate: row.created_at.toISOString(),
  };
}

/** Deletes the key, with its activity row; false when the domain has no such key. */
export function revokeContentKey(db: Db, domainId: string, actor: Actor, id: string) {
  return db.transaction().execute(async (trx) => {
    const row = await deleteContentKey(trx, domainId, id);
    if (!row) return false;
    await recordActivity(trx, domainId, actor, {
      kind: 'content_key.revoked',
      objectId: row.id,
      objectLabel: row.name,
    });
    return true;
  });
}
