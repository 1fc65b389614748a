import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/test-app.js';
import { createPost, expectError, newDomainApi, postBody, type Reply } from './blog-fixtures.js';

// Concurrent writes never answer 5xx and never leave a state the rules forbid (issue 9). On
// PGlite, requests take turns on its one connection; on PostgreSQL they really overlap.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const statuses = (replies: Reply[]) => replies.map((r) => r.statusCode);
/** The version in a strong ETag such as "3" (DESIGN: integer versions). */
const versionOf = (reply: Reply) => Number(JSON.parse(reply.headers.etag as string));
const count = (values: number[], value: number) => values.filter((v) => v === value).length;

describe('concurrent writes of posts', () => {
  it('should give 50 concurrent creates with one title 50 distinct slugs (regression: 13 to 17 of 30 answered 500)', async () => {
    const { api } = await newDomainApi(ctx);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => api.create(postBody({ title: 'Crowd' }))),
    );
    expect(statuses(replies)).toEqual(Array(50).fill(201));
    const slugs = new Set(replies.map((r) => r.json().slug as string));
    expect(slugs.size).toBe(50);
    expect(slugs).toContain('crowd');
    expect(slugs).toContain('crowd-50');
  });

  it('should let exactly one of 50 concurrent PUTs with the same If-Match win; the rest get 412', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await createPost(api, { title: 'Contested' });
    const etag = (await api.get(post.id)).headers.etag as string;
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.update(post.id, postBody({ title: 'Contested', shortDescription: `writer ${i}` }), {
          'if-match': etag,
        }),
      ),
    );
    const codes = statuses(replies);
    expect(count(codes, 200)).toBe(1);
    expect(count(codes, 412)).toBe(49);
    for (const reply of replies.filter((r) => r.statusCode === 412)) expectError(reply, 412);
    const winner = replies.find((r) => r.statusCode === 200)!.json().shortDescription as string;
    expect((await api.get(post.id)).json().shortDescription).toBe(winner);
  });

  it('should never leave a post published without approval under concurrent workflow changes', async () => {
    const { api } = await newDomainApi(ctx, 'admin');
    const post = await createPost(api, { title: 'Workflow race' });
    const changes = [
      ['APPROVAL', true],
      ['PUBLISH', true],
      ['PUBLISH', false],
      ['APPROVAL', false],
    ] as const;
    for (let round = 0; round < 5; round++) {
      const replies = await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const [type, value] = changes[(i + round) % 4]!;
          return api.manage(post.id, type, value);
        }),
      );
      for (const reply of replies) {
        expect([200, 409], reply.body).toContain(reply.statusCode);
        if (reply.statusCode === 409) expectError(reply, 409);
      }
      const { approved, published } = (await api.get(post.id)).json() as {
        approved: boolean;
        published: boolean;
      };
      expect(published && !approved).toBe(false);
    }
  });

  it('should save a post while its tag is deleted at the same moment without a 500 or a link to a deleted tag (regression: 33 of 40 answered 500)', async () => {
    const { api, domain, token } = await newDomainApi(ctx);
    const existing = await createPost(api, { title: 'Retagged' });
    const deleteTag = (id: string) =>
      ctx.request(token, { method: 'DELETE', url: `/cms/tags/info/${id}?domain=${domain.domain}` });
    for (let i = 0; i < 20; i++) {
      const tag = await api.createTag(`Doomed ${i}`);
      const versionBefore = i % 2 === 0 ? 0 : versionOf(await api.get(existing.id));
      const save =
        i % 2 === 0
          ? api.create(postBody({ title: `Tagged ${i}`, tags: [tag.id] }))
          : api.update(existing.id, postBody({ title: 'Retagged', tags: [tag.id] }));
      const [saved, deleted] = await Promise.all([save, deleteTag(tag.id)]);
      expect(deleted.statusCode, deleted.body).toBe(204);
      if (saved.statusCode >= 400) {
        // The tag was gone when the save looked: a 400 that names it.
        expect(expectError(saved, 400).errors).toEqual([`tags: ${tag.id} is not a tag of this domain`]);
        continue;
      }
      expect([200, 201]).toContain(saved.statusCode);
      // The save went first: the delete then detached the tag and moved the post's version once
      // more (the save's own reply may already show that).
      const now = await api.get(saved.json().id as string);
      expect(now.json().tags).toEqual([]);
      expect(versionOf(now)).toBe(versionBefore + 2);
    }
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from post_tags pt left join tags t on t.id = pt.tag_id where t.id is null
    `.execute(ctx.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('should answer one 201 and 409s to concurrent creates of one tag name', async () => {
    const { domain, token } = await newDomainApi(ctx);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.request(token, {
          method: 'POST',
          url: `/cms/tags/info?domain=${domain.domain}`,
          payload: { tagDisplayName: 'Same name' },
        }),
      ),
    );
    const codes = statuses(replies);
    expect(count(codes, 201)).toBe(1);
    expect(count(codes, 409)).toBe(19);
    for (const reply of replies.filter((r) => r.statusCode === 409)) expectError(reply, 409);
  });
});
