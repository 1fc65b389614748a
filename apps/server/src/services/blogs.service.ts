import {
  MAX_HTML_BYTES,
  REQUIRED_MESSAGE,
  blogSlug,
  editRefusal,
  scheduleRefusal,
  unscheduleRefusal,
  workflowRefusal,
  type BlogPost,
  type BlogPostInput,
  type ActivityKind,
  type ManageType,
} from '@masthead/contract';
import type { Db } from '../db/database.js';
import { listColumnDefs } from '../db/repositories/column-defs.repository.js';
import {
  claimDuePost,
  deletePost,
  findPost,
  findPostWithTags,
  insertPost,
  replacePostTags,
  setPostFlags,
  setPostSchedule,
  lockSlugFamily,
  takenSlugs,
  updatePost,
  type PostValues,
} from '../db/repositories/posts.repository.js';
import { clearScheduleFailure } from '../db/repositories/schedule-failures.repository.js';
import { existingTaxonomyIds } from '../db/repositories/taxonomy.repository.js';
import { badRequest, conflict, notFound, tooLarge } from '../lib/app-error.js';
import { assertVersion } from '../lib/etag.js';
import {
  MAX_HTML_DEPTH,
  htmlNestsTooDeep,
  htmlToPlainText,
  sanitizeEditorHtml,
} from '../lib/html-sanitizer.js';
import { isUniqueViolation } from '../lib/pg-errors.js';
import { validateFields } from './custom-fields.js';
import { editorStateProblem } from './editor-state.js';
import { toBlogPost } from './mappers.js';
import { recordActivity, type Actor } from './activity.js';
import { recordSave, recordWorkflowChange, systemSaver, workflowEventOf, type Saver } from './revisions.js';
import { postEventData, recordEvent, recordPostEvent } from './webhook-events.js';

const idOf = (ref: string | { id: string }) => (typeof ref === 'string' ? ref : ref.id);
const blank = (value: string | undefined) => value === undefined || value.trim() === '';

function featureImageProblem(url: string): string | null {
  if (url === '') return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:'
      ? null
      : 'featureImageUrl: must be an http or https address';
  } catch {
    return 'featureImageUrl: must be an http or https address';
  }
}

/** Validates a post body against the domain and turns it into column values (without the slug). */
async function postValues(db: Db, domainId: string, input: BlogPostInput) {
  const lines: string[] = [];
  if (blank(input.title)) lines.push(`title: ${REQUIRED_MESSAGE}`);
  if (blank(input.writtenBy)) lines.push(`writtenBy: ${REQUIRED_MESSAGE}`);
  if (blank(input.editorHtmlContent)) lines.push(`editorHtmlContent: ${REQUIRED_MESSAGE}`);
  const html = input.editorHtmlContent ?? '';
  if (Buffer.byteLength(html, 'utf8') > MAX_HTML_BYTES) throw tooLarge('editorHtmlContent: is too large');
  if (htmlNestsTooDeep(html))
    lines.push(`editorHtmlContent: nests elements more than ${MAX_HTML_DEPTH} levels deep`);
  const stateLine = input.editorState ? editorStateProblem(input.editorState) : null;
  if (stateLine) lines.push(stateLine);
  const imageLine = featureImageProblem(input.featureImageUrl ?? '');
  if (imageLine) lines.push(imageLine);

  const tagIds = [...new Set((input.tags ?? []).map(idOf))];
  const categoryId = input.category ? idOf(input.category) : null;
  const [knownTags, knownCategory, defs] = await Promise.all([
    existingTaxonomyIds(db, 'tags', domainId, tagIds),
    existingTaxonomyIds(db, 'categories', domainId, categoryId ? [categoryId] : []),
    listColumnDefs(db, domainId),
  ]);
  for (const id of tagIds) if (!knownTags.has(id)) lines.push(`tags: ${id} is not a tag of this domain`);
  if (categoryId && !knownCategory.has(categoryId))
    lines.push(`category: ${categoryId} is not a category of this domain`);
  const fields = validateFields(defs, input.fields ?? {});
  lines.push(...fields.lines);
  if (lines.length > 0) throw badRequest(lines);

  const sanitized = sanitizeEditorHtml(html);
  const values: Omit<PostValues, 'slug'> = {
    title: (input.title ?? '').trim(),
    short_description: input.shortDescription ?? '',
    feature_image_url: input.featureImageUrl ?? '',
    editor_html_content: sanitized,
    editor_state: input.editorState ?? null,
    editor_text_string: input.editorTextString ?? htmlToPlainText(sanitized),
    category_id: categoryId,
    fields: fields.clean,
    written_by: (input.writtenBy ?? '').trim(),
  };
  return { values, tagIds };
}

const inFamily = (slug: string, base: string) =>
  slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));

/**
 * The first free slug of the family base, base-2, base-3… (DESIGN §3). A post that already has a
 * slug of its title's family keeps it, so its address does not move when another post frees "base".
 */
async function freeSlug(db: Db, domainId: string, title: string, current?: { id: string; slug: string }) {
  const base = blogSlug(title);
  if (current && inFamily(current.slug, base)) return current.slug;
  // 50 posts created at once with one title all succeed, as base, base-2 … base-50.
  await lockSlugFamily(db, domainId, base);
  const taken = await takenSlugs(db, domainId, base, current?.id);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * Runs a write that picks a slug; when a concurrent write took the same slug first, the unique
 * index refuses it and the write is tried again with a fresh look at the taken slugs.
 */
async function withSlugRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

export async function loadPost(
  db: Db,
  domainId: string,
  id: string,
): Promise<{ post: BlogPost; version: number }> {
  const row = await findPostWithTags(db, domainId, id);
  if (!row) throw notFound('Blog post');
  return { post: toBlogPost(row, row.tags), version: row.version };
}

export async function createPost(db: Db, domainId: string, input: BlogPostInput, by: Saver) {
  const id = await withSlugRetry(() =>
    db.transaction().execute(async (trx) => {
      // Validated inside the transaction, which keeps its tags and category from being deleted.
      const { values, tagIds } = await postValues(trx, domainId, input);
      const slug = await freeSlug(trx, domainId, values.title);
      const { id } = await insertPost(trx, domainId, { ...values, slug });
      await replacePostTags(trx, id, tagIds);
      await recordActivity(trx, domainId, by, {
        kind: 'post.created',
        objectId: id,
        objectLabel: values.title,
      });
      await recordSave(trx, domainId, id, null, { values, tagIds }, by);
      return id;
    }),
  );
  return loadPost(db, domainId, id);
}

export async function updateExistingPost(
  db: Db,
  domainId: string,
  id: string,
  input: BlogPostInput,
  expectedVersions: number[] | undefined,
  by: Saver,
) {
  await withSlugRetry(() =>
    db.transaction().execute(async (trx) => {
      const current = await findPost(trx, domainId, id, { forUpdate: true });
      if (!current) throw notFound('Blog post');
      assertVersion(expectedVersions, current.version);
      const refusal = editRefusal(current, 'edit');
      if (refusal) throw conflict(refusal);
      const { values, tagIds } = await postValues(trx, domainId, input);
      // Before the tags are replaced: the revision's summary compares with the post as it was.
      await recordSave(trx, domainId, id, current, { values, tagIds }, by);
      const slug = await freeSlug(trx, domainId, values.title, { id, slug: current.slug });
      await updatePost(trx, domainId, id, { ...values, slug });
      await replacePostTags(trx, id, tagIds);
      await recordActivity(trx, domainId, by, {
        kind: 'post.updated',
        objectId: id,
        objectLabel: values.title,
      });
      // The workflow refuses edits of a published post today; should that change, sites hear of it.
      if (current.published) await recordPostEvent(trx, domainId, 'post.updated', id);
    }),
  );
  return loadPost(db, domainId, id);
}

export async function removePost(db: Db, domainId: string, actor: Actor, id: string) {
  await db.transaction().execute(async (trx) => {
    const current = await findPost(trx, domainId, id, { forUpdate: true });
    if (!current) throw notFound('Blog post');
    const refusal = editRefusal(current, 'delete');
    if (refusal) throw conflict(refusal);
    // Read before the row goes: the event carries the post as it was.
    const before = await postEventData(trx, domainId, id);
    await deletePost(trx, domainId, id);
    await recordActivity(trx, domainId, actor, {
      kind: 'post.deleted',
      objectId: id,
      objectLabel: current.title,
    });
    if (before) await recordEvent(trx, domainId, 'post.deleted', before);
  });
}

/** The activity of each workflow change, by its type and then its value (false, true). */
const MANAGE_KINDS = {
  APPROVAL: ['post.unapproved', 'post.approved'],
  PUBLISH: ['post.unpublished', 'post.published'],
} as const satisfies Record<ManageType, readonly [ActivityKind, ActivityKind]>;

export async function managePost(
  db: Db,
  domainId: string,
  id: string,
  type: ManageType,
  value: boolean,
  by: Saver,
) {
  await db.transaction().execute(async (trx) => {
    const current = await findPost(trx, domainId, id, { forUpdate: true });
    if (!current) throw notFound('Blog post');
    const refusal = workflowRefusal(current, type, value);
    if (refusal) throw conflict(refusal);
    const flags = { approved: current.approved, published: current.published };
    if (type === 'APPROVAL') flags.approved = value;
    else flags.published = value;
    const publication = flags.published !== current.published;
    // An unpublished post's event shows it as it was published, so it is read before the change.
    const before = publication && !flags.published ? await postEventData(trx, domainId, id) : undefined;
    await setPostFlags(trx, domainId, id, flags);
    await recordWorkflowChange(trx, domainId, id, workflowEventOf(type, value), by, {
      kind: MANAGE_KINDS[type][value ? 1 : 0],
      objectId: id,
      objectLabel: current.title,
    });
    if (before) await recordEvent(trx, domainId, 'post.unpublished', before);
    if (publication && flags.published) await recordPostEvent(trx, domainId, 'post.published', id);
  });
  return loadPost(db, domainId, id);
}

/**
 * Gives an approved post a time for the worker to publish it (or moves it). `publishAt` was
 * checked to be in the future by the caller against the same clock the worker reads.
 */
export async function schedulePost(
  db: Db,
  domainId: string,
  id: string,
  publishAt: Date,
  expectedVersions: number[] | undefined,
  by: Saver,
) {
  await db.transaction().execute(async (trx) => {
    const current = await findPost(trx, domainId, id, { forUpdate: true });
    if (!current) throw notFound('Blog post');
    assertVersion(expectedVersions, current.version);
    const refusal = scheduleRefusal(current);
    if (refusal) throw conflict(refusal);
    await setPostSchedule(trx, domainId, id, publishAt);
    // A new schedule is tried at its time, whatever became of an earlier one (decision 059).
    await clearScheduleFailure(trx, id);
    await recordWorkflowChange(
      trx,
      domainId,
      id,
      'scheduled',
      by,
      {
        kind: 'post.scheduled',
        objectId: id,
        objectLabel: current.title,
        after: { publishAt: publishAt.toISOString() },
      },
      { scheduledFor: publishAt },
    );
    // Last: recording an event takes the domain's delivery lock (decision 042).
    await recordPostEvent(trx, domainId, 'post.scheduled', id);
  });
  return loadPost(db, domainId, id);
}

export async function unschedulePost(
  db: Db,
  domainId: string,
  id: string,
  expectedVersions: number[] | undefined,
  by: Saver,
) {
  await db.transaction().execute(async (trx) => {
    const current = await findPost(trx, domainId, id, { forUpdate: true });
    if (!current) throw notFound('Blog post');
    assertVersion(expectedVersions, current.version);
    const refusal = unscheduleRefusal({
      ...current,
      scheduledFor: current.scheduled_for?.toISOString() ?? null,
    });
    if (refusal) throw conflict(refusal);
    await setPostSchedule(trx, domainId, id, null);
    await recordWorkflowChange(trx, domainId, id, 'unscheduled', by, {
      kind: 'post.unscheduled',
      objectId: id,
      objectLabel: current.title,
      before: { publishAt: current.scheduled_for?.toISOString() ?? null },
    });
  });
  return loadPost(db, domainId, id);
}

/**
 * The worker's publish (plugins/app/scheduled-publisher.ts): takes the post that fell due first
 * (at `now`) and no other transaction holds, and publishes it in the caller's transaction, as a
 * publish by hand would (published_at and the delivery API's change come from the triggers).
 * Returns what it published, or undefined when nothing is due.
 */
export async function publishScheduledPost(trx: Db, now: Date, history = true) {
  const due = await claimDuePost(trx, now);
  return due && publishClaimedPost(trx, due, now, history);
}

export type DuePost = NonNullable<Awaited<ReturnType<typeof claimDuePost>>>;

/**
 * Publishes a post claimed by claimDuePost, in the claim's transaction. Whatever else a scheduled
 * publish must do in the same transaction belongs here. `failedBefore` counts the attempts that
 * failed before this one (decision 059), whose streak it ends.
 */
export async function publishClaimedPost(trx: Db, due: DuePost, now: Date, history = true) {
  await setPostFlags(trx, due.domain_id, due.id, { approved: true, published: true });
  await recordWorkflowChange(trx, due.domain_id, due.id, 'published', systemSaver(now, history), {
    kind: 'post.published',
    objectId: due.id,
    objectLabel: due.title,
  });
  const failedBefore = await clearScheduleFailure(trx, due.id);
  // Last, as in managePost: recording an event takes the domain's delivery lock (decision 042).
  await recordPostEvent(trx, due.domain_id, 'post.published', due.id);
  return { id: due.id, domainId: due.domain_id, scheduledFor: due.scheduled_for!, failedBefore };
}
