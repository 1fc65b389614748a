import type { Db } from '../database.js';
import type { PreviewTokenKind } from '../tables/database.table.js';

// "Live": not revoked, and not expired at `now`, the app's clock (AppOptions.clock), so that tests
// can move it.

export function insertPreviewToken(
  trx: Db,
  values: {
    domainId: string;
    postId: string;
    revisionId: string | null;
    kind: PreviewTokenKind;
    label: string | null;
    hash: string;
    createdBy: string;
    createdByName: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  return trx
    .insertInto('preview_tokens')
    .values({
      domain_id: values.domainId,
      post_id: values.postId,
      revision_id: values.revisionId,
      kind: values.kind,
      label: values.label,
      token_hash: values.hash,
      created_by: values.createdBy,
      created_by_name: values.createdByName,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** How many live share links the post has (preview_tokens_shares_idx). */
export async function countLiveShares(db: Db, postId: string, now: Date) {
  const row = await db
    .selectFrom('preview_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('post_id', '=', postId)
    .where('kind', '=', 'share')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The post's live share links, newest first; only those `createdBy` made when it is given. */
export function listLiveShares(db: Db, postId: string, now: Date, createdBy?: string) {
  return db
    .selectFrom('preview_tokens')
    .select(['id', 'label', 'created_by', 'created_at', 'expires_at', 'revision_id'])
    .where('post_id', '=', postId)
    .where('kind', '=', 'share')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(createdBy !== undefined, (query) => query.where('created_by', '=', createdBy!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Revokes a live token of the post (only one `createdBy` made, when given); answers what it was,
 * or undefined when there is no such live token. The row stays until it is pruned, so that its
 * page can say "revoked" rather than "unknown".
 */
export function revokePreviewToken(
  trx: Db,
  where: { domainId: string; postId: string; id: string; createdBy?: string },
  now: Date,
) {
  return trx
    .updateTable('preview_tokens')
    .set({ revoked_at: now })
    .where('id', '=', where.id)
    .where('post_id', '=', where.postId)
    .where('domain_id', '=', where.domainId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(where.createdBy !== undefined, (query) => query.where('created_by', '=', where.createdBy!))
    .returning(['id', 'kind', 'label'])
    .executeTakeFirst();
}

/**
 * A token by its hash, whatever its state: every preview read looks it up, with no cache, so that a
 * revoked token is refused at once by every process (one probe of the unique index).
 */
export function findPreviewTokenByHash(db: Db, hash: string) {
  return db
    .selectFrom('preview_tokens')
    .select(['id', 'domain_id', 'post_id', 'revision_id', 'kind', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
}

export type PreviewTokenRow = NonNullable<Awaited<ReturnType<typeof findPreviewTokenByHash>>>;

/**
 * Removes the tokens that expired before `before` (revoked ones included: they expire too). Called
 * in each creation's transaction, so the table holds about the tokens of the last weeks without a
 * background job; the rows kept a while after expiry let the page say "expired".
 */
export function pruneExpiredPreviewTokens(trx: Db, before: Date) {
  return trx.deleteFrom('preview_tokens').where('expires_at', '<', before).execute();
}
