import type {
  BlogPost,
  BlogPostSummary,
  Category,
  CategoryRef,
  Domain,
  Tag,
  TagRef,
} from '@masthead/contract';
import type { PostSummaryRow } from '../db/repositories/post-list.repository.js';
import type { PostDetailRow, TagRefRow } from '../db/repositories/posts.repository.js';
import type { DomainRow, TaxonomyRow } from '../db/tables/database.table.js';

/** Database rows are not API types (STYLE §4): these turn rows into the contract's shapes. */
const iso = (date: Date) => date.toISOString();

export const toDomain = (row: Pick<DomainRow, 'id' | 'domain' | 'name'>): Domain => ({
  id: row.id,
  domain: row.domain,
  name: row.name,
});

export const toTag = (row: TaxonomyRow): Tag => ({
  id: row.id,
  tag: row.slug,
  tagDisplayName: row.display_name,
  createdDate: iso(row.created_at),
  lastModifiedDate: iso(row.updated_at),
});

export const toCategory = (row: TaxonomyRow): Category => ({
  id: row.id,
  category: row.slug,
  categoryDisplayName: row.display_name,
  createdDate: iso(row.created_at),
  lastModifiedDate: iso(row.updated_at),
});

const toTagRef = (row: TagRefRow): TagRef => ({
  id: row.id,
  tag: row.slug,
  tagDisplayName: row.display_name,
});

function toCategoryRef(row: PostSummaryRow): CategoryRef | null {
  if (!row.category_id || row.category_slug === null || row.category_display_name === null) return null;
  return { id: row.category_id, category: row.category_slug, categoryDisplayName: row.category_display_name };
}

export function toBlogPostSummary(row: PostSummaryRow, tags: TagRefRow[]): BlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    shortDescription: row.short_description,
    featureImageUrl: row.feature_image_url,
    tags: tags.map(toTagRef),
    category: toCategoryRef(row),
    fields: row.fields,
    writtenBy: row.written_by,
    createdDate: iso(row.created_at),
    lastModifiedDate: iso(row.updated_at),
    published: row.published,
    approved: row.approved,
    scheduledFor: row.scheduled_for ? iso(row.scheduled_for) : null,
  };
}

export function toBlogPost(row: PostDetailRow, tags: TagRefRow[]): BlogPost {
  return {
    ...toBlogPostSummary(row, tags),
    editorHtmlContent: row.editor_html_content,
    editorState: row.editor_state,
    editorTextString: row.editor_text_string,
  };
}
