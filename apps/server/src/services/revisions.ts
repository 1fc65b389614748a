import type { FieldValue, ManageType, RevisionChange, RevisionKind } from '@masthead/contract';
import type { Db } from '../db/database.js';
import type { PostDetailRow, PostValues } from '../db/repositories/posts.repository.js';
import {
  beforeSave,
  insertPublishEvent,
  insertRevision,
  insertWorkflowEvent,
  taxonomySnapshot,
} from '../db/repositories/revisions.repository.js';
import { insertActivity } from '../db/repositories/activity.repository.js';
import { activityRow, SYSTEM_ACTOR, type ActivityEntry, type Actor } from './activity.js';

/**
 * Who saves, and when by the app's clock (AppOptions.clock, which the tests move). A restore
 * names the revision it brings back.
 */
export interface Saver extends Actor {
  at: Date;
  restoredFrom?: string;
  /** False when the server runs with REVISIONS=off (decision 052): the change keeps no history. */
  history?: boolean;
}

/**
 * The signed-in user of a request (`request.user`), at the app's time, with the app's REVISIONS
 * setting (`app.revisions`).
 */
export const saverOf = (user: { email: string; name?: string }, at: Date, history = true): Saver => ({
  email: user.email,
  name: user.name || null,
  at,
  history,
});

/** The scheduled publisher, at the time it reads. */
export const systemSaver = (at: Date, history = true): Saver => ({ ...SYSTEM_ACTOR, at, history });

/** A post's content as a save compares it: what a revision keeps. */
interface Snapshot {
  title: string;
  short_description: string;
  feature_image_url: string;
  editor_html_content: string;
  editor_state: string | null;
  editor_text_string: string;
  tagIds: string[];
  category_id: string | null;
  fields: Record<string, FieldValue>;
  written_by: string;
}

/** JSON with sorted keys, so that two field sets compare equal whatever order they came in. */
const canonical = (fields: Record<string, FieldValue>) =>
  JSON.stringify(Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1))));

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** What changed from `before` to `after`, in REVISION_CHANGES order, and the tags added and removed. */
export function changesBetween(before: Snapshot, after: Snapshot) {
  const changes: RevisionChange[] = [];
  if (before.title !== after.title) changes.push('title');
  if (before.short_description !== after.short_description) changes.push('shortDescription');
  if (before.feature_image_url !== after.feature_image_url) changes.push('featureImageUrl');
  if (
    before.editor_html_content !== after.editor_html_content ||
    before.editor_state !== after.editor_state ||
    before.editor_text_string !== after.editor_text_string
  )
    changes.push('content');
  if (!sameList(before.tagIds, after.tagIds)) changes.push('tags');
  if (before.category_id !== after.category_id) changes.push('category');
  if (canonical(before.fields) !== canonical(after.fields)) changes.push('fields');
  if (before.written_by !== after.written_by) changes.push('writtenBy');
  const beforeTags = new Set(before.tagIds);
  const afterTags = new Set(after.tagIds);
  return {
    changes,
    tagsAdded: after.tagIds.filter((id) => !beforeTags.has(id)).length,
    tagsRemoved: before.tagIds.filter((id) => !afterTags.has(id)).length,
  };
}

const contentColumns = (domainId: string, snapshot: Snapshot) => ({
  title: snapshot.title,
  short_description: snapshot.short_description,
  feature_image_url: snapshot.feature_image_url,
  editor_html_content: snapshot.editor_html_content,
  editor_state: snapshot.editor_state,
  editor_text_string: snapshot.editor_text_string,
  ...taxonomySnapshot(domainId, snapshot.tagIds, snapshot.category_id),
  fields: JSON.stringify(snapshot.fields),
  written_by: snapshot.written_by,
});

const actorColumns = (actor: Actor) => ({ actor_email: actor.email, actor_name: actor.name ?? null });

/**
 * The post before a save, written once, by its first save after history began to be kept (posts
 * made before then, or by the demo): without it, that save would lose what was there.
 */
async function keepBaseline(trx: Db, domainId: string, post: PostDetailRow, tagIds: string[]) {
  await insertRevision(trx, {
    post_id: post.id,
    domain_id: domainId,
    kind: 'baseline',
    at: post.updated_at,
    ...actorColumns(SYSTEM_ACTOR),
    ...contentColumns(domainId, { ...post, tagIds }),
  });
}

/**
 * Keeps a save in the post's history, in the save's transaction (issue 23): a copy of what is
 * being saved, who saved it and what changed since the post as it is (`before`, read for update;
 * null for a new post). A save that changes nothing adds nothing. Call it before the post's tags
 * are replaced: the tags it compares with are read from the post. Returns the revision's id, or
 * null when nothing changed.
 */
export async function recordSave(
  trx: Db,
  domainId: string,
  postId: string,
  before: PostDetailRow | null,
  saved: { values: Omit<PostValues, 'slug'>; tagIds: string[] },
  by: Saver,
): Promise<string | null> {
  if (by.history === false) return null;
  const after: Snapshot = { ...saved.values, tagIds: saved.tagIds };
  let kind: RevisionKind = 'created';
  let diff = { changes: [] as RevisionChange[], tagsAdded: 0, tagsRemoved: 0 };
  if (before) {
    const { tagIds: beforeTags, hasContentRevision } = await beforeSave(trx, postId);
    diff = changesBetween({ ...before, tagIds: beforeTags }, after);
    if (diff.changes.length === 0) return null;
    if (!hasContentRevision) await keepBaseline(trx, domainId, before, beforeTags);
    kind = by.restoredFrom ? 'restored' : 'updated';
  }
  const { id } = await insertRevision(trx, {
    post_id: postId,
    domain_id: domainId,
    kind,
    at: by.at,
    ...actorColumns(by),
    changes: diff.changes,
    tags_added: diff.tagsAdded,
    tags_removed: diff.tagsRemoved,
    restored_from: by.restoredFrom ?? null,
    ...contentColumns(domainId, after),
  });
  return id;
}

export type WorkflowEventKind = Exclude<RevisionKind, 'baseline' | 'created' | 'updated' | 'restored'>;

/** The history's name for a step of /cms/blogs/manage. */
export function workflowEventOf(type: ManageType, value: boolean): WorkflowEventKind {
  if (type === 'APPROVAL') return value ? 'approved' : 'unapproved';
  return value ? 'published' : 'unpublished';
}

/**
 * Records a workflow change, in its transaction: the audit row (issue 22) and the event in the
 * post's history, without content, in one statement (one round trip). A publish names the revision
 * it published (the post's newest): retention keeps the one a post was last published from, and the
 * one it was published from before goes back among those it thins. With history off (decision 052)
 * only the audit row is written.
 */
export async function recordWorkflowChange(
  trx: Db,
  domainId: string,
  postId: string,
  kind: WorkflowEventKind,
  by: Saver,
  activity: ActivityEntry,
  detail: { scheduledFor?: Date } = {},
) {
  const logged = activityRow(domainId, by, activity);
  if (by.history === false) return insertActivity(trx, logged);
  const row = {
    domain_id: domainId,
    at: by.at,
    ...actorColumns(by),
    scheduled_for: detail.scheduledFor ?? null,
  };
  if (kind === 'published') await insertPublishEvent(trx, postId, row, logged);
  else await insertWorkflowEvent(trx, { ...row, post_id: postId, kind }, logged);
}
