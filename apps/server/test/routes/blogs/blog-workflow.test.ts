import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/test-app.js';
import {
  blogApi,
  createPost,
  expectError,
  newDomainApi,
  postBody,
  sleep,
  type BlogApi,
} from './blog-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type State = 'draft' | 'approved' | 'published';
const FLAGS: Record<State, { approved: boolean; published: boolean }> = {
  draft: { approved: false, published: false },
  approved: { approved: true, published: false },
  published: { approved: true, published: true },
};

/** A post brought into the state through the API itself. */
async function postIn(api: BlogApi, state: State) {
  const post = await createPost(api);
  if (state !== 'draft') expect((await api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
  if (state === 'published') expect((await api.manage(post.id, 'PUBLISH', true)).statusCode).toBe(200);
  return post;
}

const ACTIONS = {
  approve: ['APPROVAL', true],
  unapprove: ['APPROVAL', false],
  publish: ['PUBLISH', true],
  unpublish: ['PUBLISH', false],
} as const;

describe('PUT /cms/blogs/manage/{id}', () => {
  // Spec §4: approve only when not published; unapprove when approved and not published; publish
  // only when approved; unpublish when published. Asking for the state a post is already in is
  // refused too (the contract's workflowRefusal), so every refusal is a 409.
  it.each<{ from: State; action: keyof typeof ACTIONS; status: 200 | 409; to?: State; says?: RegExp }>([
    { from: 'draft', action: 'approve', status: 200, to: 'approved' },
    { from: 'draft', action: 'unapprove', status: 409, says: /not approved/ },
    { from: 'draft', action: 'publish', status: 409, says: /^Approve this post before publishing it/ },
    { from: 'draft', action: 'unpublish', status: 409, says: /not published/ },
    { from: 'approved', action: 'approve', status: 409, says: /already approved/ },
    { from: 'approved', action: 'unapprove', status: 200, to: 'draft' },
    { from: 'approved', action: 'publish', status: 200, to: 'published' },
    { from: 'approved', action: 'unpublish', status: 409, says: /not published/ },
    { from: 'published', action: 'approve', status: 409, says: /unpublish it before changing its approval/ },
    {
      from: 'published',
      action: 'unapprove',
      status: 409,
      says: /^Unpublish this post before unapproving it/,
    },
    { from: 'published', action: 'publish', status: 409, says: /already published/ },
    { from: 'published', action: 'unpublish', status: 200, to: 'approved' },
  ])(
    'should answer $status to $action when the post is $from',
    async ({ from, action, status, to, says }) => {
      const { api } = await newDomainApi(ctx);
      const post = await postIn(api, from);
      const before = await api.get(post.id);
      await sleep(5);

      const [type, value] = ACTIONS[action];
      const res = await api.manage(post.id, type, value);

      const after = await api.get(post.id);
      if (status === 200) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ id: post.id, ...FLAGS[to!] });
        expect(res.headers.etag).toBe(after.headers.etag);
        expect(res.headers.etag).not.toBe(before.headers.etag);
        expect(Date.parse(res.json().lastModifiedDate)).toBeGreaterThan(
          Date.parse(before.json().lastModifiedDate),
        );
        expect(after.json()).toEqual(res.json());
      } else {
        const body = expectError(res, 409);
        expect(body.detailedMessage).toMatch(says!);
        expect(body.errors).toEqual([body.detailedMessage]);
        expect(after.json()).toEqual(before.json());
        expect(after.headers.etag).toBe(before.headers.etag);
      }
    },
  );

  it('should go draft → approved → published and back by unpublish, then unapprove', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await createPost(api);

    const steps = [
      ['APPROVAL', true],
      ['PUBLISH', true],
      ['PUBLISH', false],
      ['APPROVAL', false],
    ] as const;
    const states = [];
    for (const [type, value] of steps) {
      const res = await api.manage(post.id, type, value);
      expect(res.statusCode, res.body).toBe(200);
      states.push([res.json().approved, res.json().published]);
    }

    expect(states).toEqual([
      [true, false],
      [true, true],
      [true, false],
      [false, false],
    ]);
  });

  it('should refuse an author with 403 and leave the post a draft', async () => {
    const domain = await ctx.domain();
    const author = await ctx.member('author', domain);
    const api = blogApi(ctx, author.token, domain.domain);
    const post = await createPost(api);

    const body = expectError(await api.manage(post.id, 'APPROVAL', true), 403);

    expect(body.detailedMessage).toMatch(/author.*editor/);
    expect((await api.get(post.id)).json()).toMatchObject({ approved: false, published: false });
  });

  it('should answer 400 naming the field for type=FOO and value=maybe', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await createPost(api);

    const badType = expectError(await api.manage(post.id, 'FOO', true), 400);
    const badValue = expectError(await api.manage(post.id, 'PUBLISH', 'maybe'), 400);
    const both = expectError(await api.manage(post.id, 'publish', 'yes please'), 400);

    expect(badType.errors).toHaveLength(1);
    expect(badType.errors[0]).toMatch(/^type: /);
    expect(badValue.errors).toHaveLength(1);
    expect(badValue.errors[0]).toMatch(/^value: /);
    expect(both.errors.map((line) => line.split(':')[0]).sort()).toEqual(['type', 'value']);
    expect((await api.get(post.id)).json()).toMatchObject({ approved: false, published: false });
  });

  it('should answer 404 for an unknown id and for a post of another domain', async () => {
    const { api } = await newDomainApi(ctx);
    const other = await newDomainApi(ctx);
    const foreign = await createPost(other.api);

    expectError(await api.manage(randomUUID(), 'APPROVAL', true), 404);
    expectError(await api.manage(foreign.id, 'APPROVAL', true), 404);
    expect((await other.api.get(foreign.id)).json().approved).toBe(false);
  });
});

describe('PUT /cms/blogs/info/{id}', () => {
  it.each([
    ['approved', /^Unapprove this post before editing it/],
    ['published', /^Unpublish and unapprove this post before editing it/],
  ] as const)(
    'should refuse to edit a post that is %s with 409 that says what to do',
    async (state, message) => {
      const { api } = await newDomainApi(ctx);
      const post = await postIn(api, state);
      const before = await api.get(post.id);

      const body = expectError(await api.update(post.id, postBody({ title: 'Changed' })), 409);

      expect(body.detailedMessage).toMatch(message);
      expect((await api.get(post.id)).json()).toEqual(before.json());
    },
  );

  it('should allow editing again after unpublish and unapprove', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await postIn(api, 'published');
    await api.manage(post.id, 'PUBLISH', false);
    expectError(await api.update(post.id, postBody({ title: 'Too early' })), 409);
    await api.manage(post.id, 'APPROVAL', false);

    const res = await api.update(post.id, postBody({ title: 'Edited at last' }));

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Edited at last', approved: false, published: false });
  });
});

describe('DELETE /cms/blogs/info/{id}', () => {
  it.each([
    ['approved', /^Unapprove this post before deleting it/],
    ['published', /^Unpublish and unapprove this post before deleting it/],
  ] as const)(
    'should refuse to delete a post that is %s with 409 that says what to do',
    async (state, message) => {
      const { api } = await newDomainApi(ctx);
      const post = await postIn(api, state);

      const withDomain = expectError(await api.remove(post.id), 409);
      const withoutDomain = expectError(await api.remove(post.id, { withDomain: false }), 409);

      expect(withDomain.detailedMessage).toMatch(message);
      expect(withoutDomain.detailedMessage).toMatch(message);
      expect((await api.get(post.id)).statusCode).toBe(200);
    },
  );

  it('should allow deleting again after unpublish and unapprove', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await postIn(api, 'published');
    await api.manage(post.id, 'PUBLISH', false);
    await api.manage(post.id, 'APPROVAL', false);

    expect((await api.remove(post.id)).statusCode).toBe(204);
    expectError(await api.get(post.id), 404);
  });

  it('should let an author delete a draft but not an approved post', async () => {
    const domain = await ctx.domain();
    const editor = blogApi(ctx, (await ctx.member('editor', domain)).token, domain.domain);
    const author = blogApi(ctx, (await ctx.member('author', domain)).token, domain.domain);
    const draft = await createPost(author);
    const approved = await postIn(editor, 'approved');

    expect((await author.remove(draft.id)).statusCode).toBe(204);
    expectError(await author.remove(approved.id), 409);
  });
});
