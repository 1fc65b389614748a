import type { DeliveryPost } from '@masthead/contract';
import type { DeliveryPostRow } from '../../../db/repositories/delivery.repository.js';
import { badRequest } from '../../../lib/app-error.js';
import { postUrl } from '../../../lib/post-url.js';

/**
 * How deep a list may be paged: a page may start at this many entries at most. An offset is read
 * entry by entry, so a deeper page costs what it skips; a reader that wants everything follows the
 * changes cursor instead (issue 29).
 */
export const MAX_DELIVERY_OFFSET = 10_000;

/** A delivery post before its images are described (services/delivery-images withImages). */
export type DeliveryPostText = Omit<DeliveryPost, 'featureImage'>;

/** A published post as a website reads it: nothing of the workflow or the editor. */
export function toDeliveryPost(row: DeliveryPostRow, postUrlPattern: string | null): DeliveryPostText {
  const post: DeliveryPostText = {
    id: row.id,
    slug: row.slug,
    title: row.title,
    shortDescription: row.short_description,
    featureImageUrl: row.feature_image_url,
    tags: row.tags.map((tag) => ({ id: tag.id, slug: tag.slug, name: tag.display_name })),
    category:
      row.category_id === null
        ? null
        : { id: row.category_id, slug: row.category_slug ?? '', name: row.category_display_name ?? '' },
    fields: row.fields,
    writtenBy: row.written_by,
    // A published row always has it (the trigger of migration 2026-12-07T1500-delivery).
    publishedDate: (row.published_at ?? row.updated_at).toISOString(),
    lastModifiedDate: row.updated_at.toISOString(),
    url: postUrl(postUrlPattern, row.slug),
  };
  if (row.html !== undefined) post.html = row.html;
  return post;
}

/** The meta of a page counted from 1. */
export function pageMeta(page: number, limit: number, total: number) {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** The offset of a page counted from 1; 400 naming `page` past MAX_DELIVERY_OFFSET. */
export function pageOffset(page: number, limit: number) {
  const offset = (page - 1) * limit;
  if (offset > MAX_DELIVERY_OFFSET) {
    throw badRequest([
      `page: at most ${Math.floor(MAX_DELIVERY_OFFSET / limit) + 1} with limit=${limit} (a page skips ${MAX_DELIVERY_OFFSET.toLocaleString('en')} entries at most); to read everything, follow /api/v1/changes`,
    ]);
  }
  return offset;
}
