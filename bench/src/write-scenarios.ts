import { blogSlug, type ManageType } from '@masthead/contract';
import type { Request } from 'autocannon';
import type { Db } from '../../apps/server/src/db/database.js';
import { listColumnDefs } from '../../apps/server/src/db/repositories/column-defs.repository.js';
import {
  deletePost,
  findPost,
  findPostDomainId,
  findPostWithTags,
  insertPost,
  lockSlugFamily,
  replacePostTags,
  setPostFlags,
  takenSlugs,
  updatePost,
  type PostValues,
} from '../../apps/server/src/db/repositories/posts.repository.js';
import { existingTaxonomyIds } from '../../apps/server/src/db/repositories/taxonomy.repository.js';
import { recordActivity } from '../../apps/server/src/services/activity.js';
import {
  recordSave,
  recordWorkflowChange,
  workflowEventOf,
  type Saver,
} from '../../apps/server/src/services/revisions.js';
import { WRITTEN_BY_SCENARIOS } from './database.js';
import { CLIENTS } from './fill.js';
import type { Context, Scenario, ScenarioKit, Step } from './scenarios.js';

type PostInput = ReturnType<ReturnType<typeof postWriter>>;

/** Who the twins' activity rows name (each change adds one, as through the API). */
const BENCH_ACTOR = { email: 'bench@example.com', name: 'Bench' };

/** A new post as the editor sends it. */
function postWriter({ writer, data, pick }: ScenarioKit) {
  return () => {
    const post = writer.post();
    return {
      title: `${post.title} ${Math.random().toString(36).slice(2, 8)}`,
      shortDescription: post.shortDescription,
      editorHtmlContent: post.html,
      editorTextString: post.text,
      editorState: post.state,
      tags: [pick(data.tagIds), pick(data.tagIds)].filter((id, i, all) => all.indexOf(id) === i),
      category: pick(data.categoryIds),
      fields: { client: pick(CLIENTS) },
      writtenBy: WRITTEN_BY_SCENARIOS,
    };
  };
}

/**
 * The create, then delete scenario and the mixed write scenario (create, update with If-Match,
 * approve, publish, unpublish, unapprove, delete). The raw-SQL twins make the repository calls of
 * services/blogs.service.ts and post-workflow.service.ts in the same transactions, its revisions included (the HTML is not
 * sanitised here).
 */
export function writeScenarios(kit: ScenarioKit): Scenario[] {
  const { data, query, member } = kit;
  const { domainId } = data;
  const newPost = postWriter(kit);
  const idOf = (context: Context) => String(context.id);
  const saver = (): Saver => ({ email: 'bench@masthead.test', name: null, at: new Date() });

  /** postValues: the domain's tags, category and fields, checked inside the transaction. */
  async function validate(trx: Db, input: PostInput): Promise<Omit<PostValues, 'slug'>> {
    await Promise.all([
      existingTaxonomyIds(trx, 'tags', domainId, input.tags),
      existingTaxonomyIds(trx, 'categories', domainId, [input.category]),
      listColumnDefs(trx, domainId),
    ]);
    return {
      title: input.title,
      short_description: input.shortDescription,
      feature_image_url: '',
      editor_html_content: input.editorHtmlContent,
      editor_state: input.editorState,
      editor_text_string: input.editorTextString,
      category_id: input.category,
      fields: input.fields,
      written_by: input.writtenBy,
    };
  }

  /** freeSlug for a title of a new family (the bench's titles are unique). */
  async function freeSlug(trx: Db, title: string, exceptId?: string) {
    const base = blogSlug(title);
    await lockSlugFamily(trx, domainId, base);
    const taken = await takenSlugs(trx, domainId, base, exceptId);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  /** loadPost: what every write answers with. */
  async function load(db: Db, id: string) {
    const row = await findPostWithTags(db, domainId, id);
    if (!row) throw new Error('not found');
    return row;
  }

  /** POST /cms/blogs/info: createPost. */
  async function createSql(db: Db, context: Context) {
    const input = newPost();
    await member(db);
    const id = await db.transaction().execute(async (trx) => {
      const values = await validate(trx, input);
      const slug = await freeSlug(trx, values.title);
      const { id } = await insertPost(trx, domainId, { ...values, slug });
      await replacePostTags(trx, id, input.tags);
      await recordActivity(trx, domainId, BENCH_ACTOR, {
        kind: 'post.created',
        objectId: id,
        objectLabel: values.title,
      });
      await recordSave(trx, domainId, id, null, { values, tagIds: input.tags }, saver());
      return id;
    });
    context.id = id;
    context.version = (await load(db, id)).version;
  }

  /** PUT /cms/blogs/info/{id} with If-Match: updateExistingPost. */
  async function updateSql(db: Db, context: Context) {
    const id = idOf(context);
    const input = { ...newPost(), title: `Edited ${Math.random().toString(36).slice(2, 10)}` };
    await member(db);
    await db.transaction().execute(async (trx) => {
      const current = await findPost(trx, domainId, id, { forUpdate: true });
      if (!current) throw new Error('not found');
      if (current.version !== context.version) throw new Error('412: stale version');
      const values = await validate(trx, input);
      await recordSave(trx, domainId, id, current, { values, tagIds: input.tags }, saver());
      const slug = await freeSlug(trx, values.title, id);
      await updatePost(trx, domainId, id, { ...values, slug });
      await replacePostTags(trx, id, input.tags);
      await recordActivity(trx, domainId, BENCH_ACTOR, {
        kind: 'post.updated',
        objectId: id,
        objectLabel: values.title,
      });
    });
    context.version = (await load(db, id)).version;
  }

  /** PUT /cms/blogs/manage/{id}: managePost. */
  const manageSql = (type: ManageType, value: boolean) => async (db: Db, context: Context) => {
    const id = idOf(context);
    await member(db);
    await db.transaction().execute(async (trx) => {
      const current = await findPost(trx, domainId, id, { forUpdate: true });
      if (!current) throw new Error('not found');
      const flags = { approved: current.approved, published: current.published };
      if (type === 'APPROVAL') flags.approved = value;
      else flags.published = value;
      await setPostFlags(trx, domainId, id, flags);
      const what = type === 'APPROVAL' ? 'approved' : 'published';
      await recordWorkflowChange(trx, domainId, id, workflowEventOf(type, value), saver(), {
        kind: `post.${value ? '' : 'un'}${what}`,
        objectId: id,
        objectLabel: current.title,
      });
    });
    await load(db, id);
  };

  /** DELETE /cms/blogs/info/{id}: the route's resource check, then removePost. */
  async function deleteSql(db: Db, context: Context) {
    const id = idOf(context);
    await findPostDomainId(db, id);
    await member(db);
    await db.transaction().execute(async (trx) => {
      const current = await findPost(trx, domainId, id, { forUpdate: true });
      if (!current) throw new Error('not found');
      await deletePost(trx, domainId, id);
      await recordActivity(trx, domainId, BENCH_ACTOR, {
        kind: 'post.deleted',
        objectId: id,
        objectLabel: current.title,
      });
    });
  }

  /**
   * An autocannon request of a sequence on the post the sequence created. Without one (its create
   * or an earlier step failed, which counts as an error), the connection starts again with a create.
   */
  function onPost(
    method: 'PUT' | 'DELETE',
    path: (id: string) => string,
    params: Record<string, string> = {},
    extra: (request: Request, context: Context) => Partial<Request> = () => ({}),
  ): Request {
    return {
      method,
      setupRequest: (request, context) =>
        context.id
          ? { ...request, path: `${path(idOf(context))}?${query(params)}`, ...extra(request, context) }
          : null,
      onResponse: (status, _body, context, headers) => {
        if (status < 200 || status >= 300) delete context.id;
        else if (typeof headers?.etag === 'string') context.etag = headers.etag;
      },
    };
  }

  // Factories: autocannon keeps state on the request objects, so each scenario gets its own.
  const create = (): Request => ({
    method: 'POST',
    path: `/cms/blogs/info?${query()}`,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify(newPost()) }),
    onResponse: (status, body, context, headers) => {
      if (status === 201) {
        context.id = (JSON.parse(body) as { id: string }).id;
        context.etag = headers?.etag;
      }
    },
  });
  const update = () =>
    onPost(
      'PUT',
      (id) => `/cms/blogs/info/${id}`,
      {},
      (request, context) => ({
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          ...(typeof context.etag === 'string' ? { 'if-match': context.etag } : {}),
        },
        body: JSON.stringify({ ...newPost(), title: `Edited ${Math.random().toString(36).slice(2, 10)}` }),
      }),
    );
  const remove = () => onPost('DELETE', (id) => `/cms/blogs/info/${id}`);
  const manage = (type: ManageType, value: boolean): Step => ({
    request: onPost('PUT', (id) => `/cms/blogs/manage/${id}`, { type, value: String(value) }),
    sql: manageSql(type, value),
  });

  return [
    {
      name: 'create, then delete',
      steps: [
        { request: create(), sql: createSql },
        { request: remove(), sql: deleteSql },
      ],
    },
    {
      name: 'mixed writes',
      steps: [
        { request: create(), sql: createSql },
        { request: update(), sql: updateSql },
        manage('APPROVAL', true),
        manage('PUBLISH', true),
        manage('PUBLISH', false),
        manage('APPROVAL', false),
        { request: remove(), sql: deleteSql },
      ],
    },
  ];
}
