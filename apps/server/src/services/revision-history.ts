import {
  revisionSummary,
  type BlogPostInput,
  type CategoryRef,
  type RestoreResult,
  type Revision,
  type RevisionContent,
  type RevisionEntry,
  type TagRef,
} from '@masthead/contract';
import type { Db } from '../db/database.js';
import { listColumnDefs } from '../db/repositories/column-defs.repository.js';
import { findPostDomainId } from '../db/repositories/posts.repository.js';
import {
  findRevision,
  listRevisions,
  type RevisionDetailRow,
  type RevisionEntryRow,
} from '../db/repositories/revisions.repository.js';
import { existingTaxonomyIds } from '../db/repositories/taxonomy.repository.js';
import type { RevisionTaxonomyRef } from '../db/tables/database.table.js';
import { conflict, notFound } from '../lib/app-error.js';
import { updateExistingPost } from './blogs.service.js';
import { paged } from './paging.js';
import type { Saver } from './revisions.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toRevisionEntry(row: RevisionEntryRow): RevisionEntry {
  const entry = {
    kind: row.kind,
    changes: row.changes,
    tagsAdded: row.tags_added,
    tagsRemoved: row.tags_removed,
  };
  return {
    id: row.id,
    ...entry,
    at: row.at.toISOString(),
    by: { email: row.actor_email, name: row.actor_name },
    summary: revisionSummary(entry),
    hasContent: row.has_content,
    restoredFrom: row.restored_from,
    contentRevisionId: row.content_revision_id,
    scheduledFor: iso(row.scheduled_for),
  };
}

const toTagRef = (ref: RevisionTaxonomyRef): TagRef => ({
  id: ref.id,
  tag: ref.slug,
  tagDisplayName: ref.display_name,
});
const toCategoryRef = (ref: RevisionTaxonomyRef): CategoryRef => ({
  id: ref.id,
  category: ref.slug,
  categoryDisplayName: ref.display_name,
});

function toRevisionContent(row: RevisionDetailRow): RevisionContent | null {
  if (!row.has_content) return null;
  return {
    title: row.title ?? '',
    shortDescription: row.short_description ?? '',
    featureImageUrl: row.feature_image_url ?? '',
    editorHtmlContent: row.editor_html_content ?? '',
    editorState: row.editor_state,
    editorTextString: row.editor_text_string ?? '',
    tags: (row.tags ?? []).map(toTagRef),
    category: row.category ? toCategoryRef(row.category) : null,
    fields: row.fields ?? {},
    writtenBy: row.written_by ?? '',
  };
}

/** A post of another domain, or none, is not found: its history is not there either. */
async function requirePost(db: Db, domainId: string, postId: string) {
  if ((await findPostDomainId(db, postId)) !== domainId) throw notFound('Blog post');
}

/** A page of the post's history, newest first: saves and workflow events. */
export async function postHistory(
  db: Db,
  domainId: string,
  postId: string,
  query: { page: number; numberOfEntries: number },
) {
  await requirePost(db, domainId, postId);
  const { rows, total } = await listRevisions(db, domainId, postId, {
    limit: query.numberOfEntries,
    offset: query.page * query.numberOfEntries,
  });
  return paged(rows.map(toRevisionEntry), total, query);
}

async function loadRevision(db: Db, domainId: string, postId: string, revisionId: string) {
  const row = await findRevision(db, domainId, postId, revisionId);
  if (!row) throw notFound('Revision');
  return row;
}

export async function postRevision(
  db: Db,
  domainId: string,
  postId: string,
  revisionId: string,
): Promise<Revision> {
  const row = await loadRevision(db, domainId, postId, revisionId);
  return { ...toRevisionEntry(row), content: toRevisionContent(row) };
}

/**
 * The revision's content as a post body, without what the domain no longer has: tags and a
 * category deleted since, fields no longer defined (decision 050). Each one left out is said.
 */
async function restorableInput(db: Db, domainId: string, content: RevisionContent) {
  const [tags, categories, defs] = await Promise.all([
    existingTaxonomyIds(
      db,
      'tags',
      domainId,
      content.tags.map((t) => t.id),
    ),
    existingTaxonomyIds(db, 'categories', domainId, content.category ? [content.category.id] : []),
    listColumnDefs(db, domainId),
  ]);
  const skipped: string[] = [];
  for (const tag of content.tags)
    if (!tags.has(tag.id)) skipped.push(`tag "${tag.tagDisplayName}" was deleted since`);
  if (content.category && !categories.has(content.category.id))
    skipped.push(`category "${content.category.categoryDisplayName}" was deleted since`);
  const known = new Set(defs.map((def) => def.key));
  const fields = Object.fromEntries(Object.entries(content.fields).filter(([key]) => known.has(key)));
  for (const key of Object.keys(content.fields))
    if (!known.has(key)) skipped.push(`field "${key}" is no longer defined`);
  const input: BlogPostInput = {
    title: content.title,
    shortDescription: content.shortDescription,
    featureImageUrl: content.featureImageUrl,
    editorHtmlContent: content.editorHtmlContent,
    editorState: content.editorState,
    editorTextString: content.editorTextString,
    tags: content.tags.filter((t) => tags.has(t.id)).map((t) => t.id),
    category: content.category && categories.has(content.category.id) ? content.category.id : null,
    fields,
    writtenBy: content.writtenBy,
  };
  return { input, skipped };
}

/**
 * Makes the revision's content the post's as a save of its own (which keeps it as a revision),
 * through the same path as an edit: the same validation, workflow refusal (409), If-Match (412)
 * and slug rule.
 */
export async function restoreRevision(
  db: Db,
  domainId: string,
  postId: string,
  revisionId: string,
  expectedVersions: number[] | undefined,
  by: Saver,
): Promise<RestoreResult & { version: number }> {
  const row = await loadRevision(db, domainId, postId, revisionId);
  const content = toRevisionContent(row);
  if (!content)
    throw conflict(
      `This history entry records the post being ${row.kind}, not a version of its content; choose a saved version to restore.`,
    );
  const { input, skipped } = await restorableInput(db, domainId, content);
  const { post, version } = await updateExistingPost(db, domainId, postId, input, expectedVersions, {
    ...by,
    restoredFrom: row.id,
  });
  return { post, version, skipped };
}
