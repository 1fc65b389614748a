import { STATUS_CODES } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext, TestDomain } from '../helpers/test-app.js';

export interface DomainData {
  postId: string;
  tagId: string;
  categoryId: string;
}

/** A tag, a category and a draft post that uses both, made through the API by a member of the domain. */
export async function seedDomain(ctx: TestContext, token: string, domain: TestDomain): Promise<DomainData> {
  const create = async (url: string, payload: object) => {
    const response = await ctx.request(token, {
      method: 'POST',
      url: `${url}?domain=${domain.domain}`,
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const tagId = await create('/cms/tags/info', { tagDisplayName: `Tag of ${domain.name}` });
  const categoryId = await create('/cms/categories/info', {
    categoryDisplayName: `Category of ${domain.name}`,
  });
  const postId = await create('/cms/blogs/info', {
    title: `Post of ${domain.name}`,
    writtenBy: 'Seeder',
    editorHtmlContent: '<p>Seeded</p>',
    tags: [tagId],
    category: categoryId,
  });
  return { postId, tagId, categoryId };
}

/** Every row of a domain, read straight from the database, for "nothing changed" checks. */
export async function snapshotDomain(ctx: TestContext, domainId: string) {
  const [domain, posts, postTags, tags, categories, memberships] = await Promise.all([
    ctx.db.selectFrom('domains').selectAll().where('id', '=', domainId).executeTakeFirst(),
    ctx.db
      .selectFrom('posts')
      .select([
        'id',
        'title',
        'slug',
        'version',
        'approved',
        'published',
        'category_id',
        'editor_html_content',
        'updated_at',
      ])
      .where('domain_id', '=', domainId)
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('post_tags')
      .innerJoin('posts', 'posts.id', 'post_tags.post_id')
      .select(['post_tags.post_id', 'post_tags.tag_id', 'post_tags.position'])
      .where('posts.domain_id', '=', domainId)
      .orderBy('post_tags.post_id')
      .orderBy('post_tags.tag_id')
      .execute(),
    ctx.db.selectFrom('tags').selectAll().where('domain_id', '=', domainId).orderBy('id').execute(),
    ctx.db.selectFrom('categories').selectAll().where('domain_id', '=', domainId).orderBy('id').execute(),
    // Not last_seen_at: the member opening the app (GET /cms/user/info) changes nothing of the domain.
    ctx.db
      .selectFrom('memberships')
      .select(['domain_id', 'email', 'role', 'created_at'])
      .where('domain_id', '=', domainId)
      .orderBy('email')
      .execute(),
  ]);
  return { domain, posts, postTags, tags, categories, memberships };
}

/** The DESIGN §3 error body, with the status's reason phrase and at least one line. */
export function expectErrorBody(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { error: unknown; errors: unknown; detailedMessage: unknown };
  expect(Object.keys(body).sort()).toEqual(['detailedMessage', 'error', 'errors']);
  expect(body.error).toBe(STATUS_CODES[status]);
  expect(Array.isArray(body.errors) && body.errors.length > 0).toBe(true);
  for (const line of body.errors as unknown[]) expect(typeof line).toBe('string');
  expect(typeof body.detailedMessage).toBe('string');
  expect(body.detailedMessage).not.toBe('');
  return body as { error: string; errors: string[]; detailedMessage: string };
}
