import { editRefusal, type BlogPost, type BlogPostInput } from '@masthead/contract';
import type { Db } from '../db/database.js';
import {
  deletePost,
  findPostWithTags,
  insertPost,
  replacePostTags,
  updatePost,
} from '../db/repositories/posts.repository.js';
import { notFound } from '../lib/app-error.js';
import { recordActivity, type Actor } from './activity.js';
import { toBlogPost } from './mappers.js';
import { lockPostFor } from './post-lock.js';
import { freeSlug, withSlugRetry } from './post-slugs.js';
import { postValues } from './post-values.js';
import { recordSave, type Saver } from './revisions.js';
import { postEventData, recordEvent, recordPostEvent } from './webhook-events.js';

// Writing posts: create, edit and delete. The workflow's changes are in post-workflow.service.ts.

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
      const current = await lockPostFor(trx, domainId, id, {
        expectedVersions,
        refusal: (post) => editRefusal(post, 'edit'),
      });
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
    const current = await lockPostFor(trx, domainId, id, { refusal: (post) => editRefusal(post, 'delete') });
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
