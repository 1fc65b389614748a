import { sql } from 'kysely';
import type { Db } from '../database.js';
import { compiledOnce } from '../compiled-once.js';

const listedColumns = ['id', 'name', 'key_start', 'origins', 'created_at', 'last_used_at'] as const;

export function listContentKeys(db: Db, domainId: string) {
  return db
    .selectFrom('content_keys')
    .select(listedColumns)
    .where('domain_id', '=', domainId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function insertContentKey(
  db: Db,
  values: { domainId: string; name: string; hash: string; start: string; origins: string[] },
) {
  return db
    .insertInto('content_keys')
    .values({
      domain_id: values.domainId,
      name: values.name,
      key_hash: values.hash,
      key_start: values.start,
      origins: values.origins,
    })
    .returning(listedColumns)
    .executeTakeFirstOrThrow();
}

/** Revokes by deleting: the next request with the key, on any process, finds nothing. */
/** Deletes the key; answers what it was called, or undefined when the domain has no such key. */
export function deleteContentKey(db: Db, domainId: string, id: string) {
  return db
    .deleteFrom('content_keys')
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/**
 * The key with its domain, its settings and its list version (for ETags, decision 030), in one
 * statement that every delivery request runs: compiled once.
 */
const keyByHash = compiledOnce((db: Db, hash: string) =>
  db
    .selectFrom('content_keys')
    .innerJoin('domains', 'domains.id', 'content_keys.domain_id')
    .innerJoin('list_versions', 'list_versions.domain_id', 'domains.id')
    .select([
      'content_keys.id as keyId',
      'content_keys.origins',
      'content_keys.last_used_at as lastUsedAt',
      'domains.id as domainId',
      'domains.domain',
      'domains.name as domainName',
      'domains.post_url as postUrl',
      'domains.public_feeds as publicFeeds',
      sql<string>`list_versions.version::text`.as('listVersion'),
    ])
    .where('content_keys.key_hash', '=', hash),
);

export type ContentKeyAccess = NonNullable<Awaited<ReturnType<typeof findContentKeyByHash>>>;

export function findContentKeyByHash(db: Db, hash: string) {
  return keyByHash(db, hash);
}

/** Marks the key used, at most once a minute per key, so that reads do not each write. */
export function touchContentKey(db: Db, id: string) {
  return db
    .updateTable('content_keys')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}
