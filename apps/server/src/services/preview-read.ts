import { isDeepStrictEqual } from 'node:util';
import type { DeliveryPreview, FieldValue } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { findPostForPreview } from '../db/repositories/delivery.repository.js';
import {
  findPreviewTokenByHash,
  type PreviewTokenRow,
} from '../db/repositories/preview-tokens.repository.js';
import { findRevision, type RevisionDetailRow } from '../db/repositories/revisions.repository.js';
import { hashToken, looksLikePreviewToken } from '../lib/one-time-tokens.js';
import { postUrl } from '../lib/post-url.js';

/**
 * A preview as the API and the page show it, but its `url` (which needs the domain's pattern) and
 * its `featureImage` (services/delivery-images withImages describes it).
 */
export type PreviewContent = Omit<DeliveryPreview, 'url' | 'featureImage'>;

export type PreviewRead =
  | {
      state: 'live';
      token: PreviewTokenRow;
      preview: PreviewContent;
      /** What it shows is what readers of the site see now: the post is published with this content. */
      showsLiveVersion: boolean;
    }
  | { state: 'unknown' | 'expired' | 'revoked' };

type PostRow = NonNullable<Awaited<ReturnType<typeof findPostForPreview>>>;

const statusOf = (post: PostRow) => (post.published ? 'published' : post.approved ? 'approved' : 'draft');

/** What a reader would see of the revision: its content (the slug and state are the post's now). */
function fromRevision(revision: RevisionDetailRow) {
  return {
    title: revision.title ?? '',
    shortDescription: revision.short_description ?? '',
    featureImageUrl: revision.feature_image_url ?? '',
    html: revision.editor_html_content ?? '',
    tags: (revision.tags ?? []).map((tag) => ({ id: tag.id, slug: tag.slug, name: tag.display_name })),
    category: revision.category
      ? { id: revision.category.id, slug: revision.category.slug, name: revision.category.display_name }
      : null,
    fields: (revision.fields ?? {}) as Record<string, FieldValue>,
    writtenBy: revision.written_by ?? '',
    lastModifiedDate: revision.at.toISOString(),
  };
}

function fromPost(post: PostRow) {
  return {
    title: post.title,
    shortDescription: post.short_description,
    featureImageUrl: post.feature_image_url,
    html: post.html ?? '',
    tags: post.tags.map((tag) => ({ id: tag.id, slug: tag.slug, name: tag.display_name })),
    category:
      post.category_id === null
        ? null
        : { id: post.category_id, slug: post.category_slug ?? '', name: post.category_display_name ?? '' },
    fields: post.fields,
    writtenBy: post.written_by,
    lastModifiedDate: post.updated_at.toISOString(),
  };
}

/** Whether two versions read the same to a reader (tags and category by id; field order ignored). */
function sameContent(a: ReturnType<typeof fromPost>, b: ReturnType<typeof fromPost>) {
  const shown = (v: typeof a) => ({
    ...v,
    lastModifiedDate: undefined,
    tags: v.tags.map((tag) => tag.id),
    category: v.category?.id ?? null,
  });
  return isDeepStrictEqual(shown(a), shown(b));
}

/**
 * Reads a preview token (issue 30): the post of its domain as last saved, or the revision it names,
 * whatever the post's status. The token is looked up on every read, never cached, so a revoked one
 * is refused at once by every process. Text without a token's shape costs no lookup. A post or
 * revision gone since counts as unknown.
 */
export async function readPreview(db: Db, token: string, now: Date): Promise<PreviewRead> {
  if (!looksLikePreviewToken(token)) return { state: 'unknown' };
  const row = await findPreviewTokenByHash(db, hashToken(token));
  if (!row) return { state: 'unknown' };
  if (row.revoked_at !== null) return { state: 'revoked' };
  if (row.expires_at.getTime() <= now.getTime()) return { state: 'expired' };
  const [post, revision] = await Promise.all([
    findPostForPreview(db, row.domain_id, row.post_id),
    row.revision_id === null ? undefined : findRevision(db, row.domain_id, row.post_id, row.revision_id),
  ]);
  if (!post || (row.revision_id !== null && !revision?.has_content)) return { state: 'unknown' };
  const saved = fromPost(post);
  const shown = revision ? fromRevision(revision) : saved;
  return {
    state: 'live',
    token: row,
    showsLiveVersion: post.published && (shown === saved || sameContent(shown, saved)),
    preview: {
      ...shown,
      id: post.id,
      slug: post.slug,
      publishedDate: post.published_at?.toISOString() ?? null,
      status: statusOf(post),
      previewExpiresDate: row.expires_at.toISOString(),
      revisionId: row.revision_id,
    },
  };
}

/** The preview in the delivery API's shape, with the post's address from the domain's pattern. */
export function toDeliveryPreview(
  preview: PreviewContent,
  postUrlPattern: string | null,
): Omit<DeliveryPreview, 'featureImage'> {
  return { ...preview, url: postUrl(postUrlPattern, preview.slug) };
}
