import type { Db } from '../db/database.js';
import { findPost, type PostDetailRow } from '../db/repositories/posts.repository.js';
import { conflict, notFound } from '../lib/app-error.js';
import { assertVersion } from '../lib/etag.js';

/**
 * The first step of every change to one post: the post, locked until the transaction ends; 404
 * when the domain has no such post, 412 when the caller's If-Match names another version, and 409
 * with the workflow's sentence when the change is not allowed in the post's state. In that order:
 * an editor with a stale copy hears of the newer version before any refusal it brought.
 */
export async function lockPostFor(
  trx: Db,
  domainId: string,
  id: string,
  check: { expectedVersions?: number[] | undefined; refusal: (post: PostDetailRow) => string | null },
): Promise<PostDetailRow> {
  const post = await findPost(trx, domainId, id, { forUpdate: true });
  if (!post) throw notFound('Blog post');
  assertVersion(check.expectedVersions, post.version);
  const refusal = check.refusal(post);
  if (refusal) throw conflict(refusal);
  return post;
}
