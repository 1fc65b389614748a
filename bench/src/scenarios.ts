import { blogSlug, type BlogStatus } from '@masthead/contract';
import type { Db } from '../../apps/server/src/db/database.js';
import { listColumnDefs } from '../../apps/server/src/db/repositories/column-defs.repository.js';
import { findMembership } from '../../apps/server/src/db/repositories/domains.repository.js';
import {
  deletePost,
  findPost,
  findPostDomainId,
  findTagsOfPosts,
  insertPost,
  listPostsPage,
  prefixTsQuery,
  replacePostTags,
  takenSlugs,
} from '../../apps/server/src/db/repositories/posts.repository.js';
import {
  existingTaxonomyIds,
  listTaxonomyPage,
} from '../../apps/server/src/db/repositories/taxonomy.repository.js';
import type { Request } from 'autocannon';
import type { Dataset } from './database.js';
import { CLIENTS } from './fill.js';
import type { Writer } from './text.js';

export type Context = Record<string, unknown>;
/** One API request and the SQL the server runs for it, called through the server's repositories. */
export interface Step {
  request: Request;
  sql: (db: Db, context: Context) => Promise<void>;
}
export interface Scenario {
  name: string;
  steps: Step[];
}

const PAGE_SIZE = 10;

export function scenarios(data: Dataset, writer: Writer, email: string): Scenario[] {
  const { host, domainId } = data;
  const query = (params: Record<string, string | number>) =>
    new URLSearchParams({ domain: host, ...params } as Record<string, string>).toString();
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;

  // Every /cms request starts with the membership check (services/access.ts requireDomain).
  async function member(db: Db) {
    if (!(await findMembership(db, host, email))) throw new Error('not a member');
  }

  /** GET /cms/blogs/all: routes/cms/blogs/list-posts.ts without field filters. */
  function list(name: string, params: { page?: number; search?: string; status?: BlogStatus }): Scenario {
    const { page = 0, search = '', status } = params;
    return {
      name,
      steps: [
        {
          request: { method: 'GET', path: `/cms/blogs/all?${query(params)}` },
          sql: async (db) => {
            await member(db);
            const filter = { tsQuery: prefixTsQuery(search), ...(status ? { status } : {}), fields: {} };
            const { rows } = await listPostsPage(db, domainId, filter, {
              limit: PAGE_SIZE,
              offset: page * PAGE_SIZE,
            });
            await findTagsOfPosts(
              db,
              rows.map((r) => r.id),
            );
          },
        },
      ],
    };
  }

  /** A new post as the editor sends it. */
  function newPost() {
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
      writtenBy: 'Bench',
    };
  }

  /** POST /cms/blogs/info: services/blogs.service.ts createPost (the HTML is not sanitised here). */
  async function createSql(db: Db, context: Context) {
    const input = newPost();
    await member(db);
    await Promise.all([
      existingTaxonomyIds(db, 'tags', domainId, input.tags),
      existingTaxonomyIds(db, 'categories', domainId, [input.category]),
      listColumnDefs(db, domainId),
    ]);
    const id = await db.transaction().execute(async (trx) => {
      const base = blogSlug(input.title);
      const taken = await takenSlugs(trx, domainId, base);
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      const { id } = await insertPost(trx, domainId, {
        title: input.title,
        slug,
        short_description: input.shortDescription,
        feature_image_url: '',
        editor_html_content: input.editorHtmlContent,
        editor_state: input.editorState,
        editor_text_string: input.editorTextString,
        category_id: input.category,
        fields: input.fields,
        written_by: input.writtenBy,
      });
      await replacePostTags(trx, id, input.tags);
      return id;
    });
    await findPost(db, domainId, id);
    await findTagsOfPosts(db, [id]);
    context.id = id;
  }

  /** DELETE /cms/blogs/info/{id}: the route's resource check, then removePost. */
  async function deleteSql(db: Db, context: Context) {
    const id = String(context.id);
    await findPostDomainId(db, id);
    await member(db);
    await db.transaction().execute(async (trx) => {
      if (!(await findPost(trx, domainId, id, { forUpdate: true }))) throw new Error('not found');
      await deletePost(trx, domainId, id);
    });
  }

  return [
    list('list page 0', { page: 0 }),
    list('list page 500', { page: 500 }),
    list('search, 1 word', { search: data.searches.one }),
    list('search, 2 words', { search: data.searches.two }),
    list('status published', { status: 'published' }),
    {
      name: 'get by id',
      steps: [
        {
          request: {
            method: 'GET',
            setupRequest: (request) => ({
              ...request,
              path: `/cms/blogs/info/${pick(data.idPool)}?${query({})}`,
            }),
          },
          sql: async (db) => {
            const id = pick(data.idPool);
            await member(db);
            if (!(await findPost(db, domainId, id))) throw new Error('not found');
            await findTagsOfPosts(db, [id]);
          },
        },
      ],
    },
    {
      name: 'create, then delete',
      steps: [
        {
          request: {
            method: 'POST',
            path: `/cms/blogs/info?${query({})}`,
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: JSON.stringify(newPost()) }),
            onResponse: (status, body, context) => {
              if (status === 201) context.id = (JSON.parse(body) as { id: string }).id;
            },
          },
          sql: createSql,
        },
        {
          request: {
            method: 'DELETE',
            // No id (the create failed): start again with a create.
            setupRequest: (request, context) =>
              context.id ? { ...request, path: `/cms/blogs/info/${String(context.id)}?${query({})}` } : null,
          },
          sql: deleteSql,
        },
      ],
    },
    {
      name: 'tag list',
      steps: [
        {
          request: { method: 'GET', path: `/cms/tags/all?${query({ page: 0 })}` },
          sql: async (db) => {
            await member(db);
            await listTaxonomyPage(db, 'tags', domainId, { search: '', limit: PAGE_SIZE, offset: 0 });
          },
        },
      ],
    },
  ];
}
