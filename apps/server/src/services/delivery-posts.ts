import type { DeliveryPost } from '@masthead/contract';
import type { DeliveryPostRow } from '../db/repositories/delivery.repository.js';
import { postUrl } from '../lib/post-url.js';

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
