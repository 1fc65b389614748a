import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/test-app.js';
import { createPost, newDomainApi, postBody } from './blog-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('POST /cms/blogs/info', () => {
  it.each([
    ['Hello, World!', 'hello-world'],
    ['  --Über Café 2024--  ', 'über-café-2024'],
    ['!!! ??? ...', 'post'],
    ['C++ & Rust: 10 Tips', 'c-rust-10-tips'],
    ['ÇA VA?  Très   bien', 'ça-va-très-bien'],
    ['already-a-slug', 'already-a-slug'],
    ['snake_case and tabs\there', 'snake-case-and-tabs-here'],
  ])('should derive the slug of %j as %j (spec §5)', async (title, slug) => {
    const { api } = await newDomainApi(ctx);

    expect((await createPost(api, { title })).slug).toBe(slug);
  });

  it('should ignore a slug sent by the client', async () => {
    const { api } = await newDomainApi(ctx);

    expect((await createPost(api, { title: 'Real Title', slug: 'hand-made' })).slug).toBe('real-title');
  });

  // Regression: re-saving "hello-2" after "hello" was freed moved its address to "hello".
  it('should keep a post at its suffixed slug when the plain slug is freed and it is saved again', async () => {
    const { api } = await newDomainApi(ctx);
    const first = await createPost(api, { title: 'Hello' });
    const second = await createPost(api, { title: 'Hello' });
    expect(second.slug).toBe('hello-2');

    expect((await api.remove(first.id)).statusCode).toBe(204);
    const resaved = await api.update(second.id, postBody({ title: 'Hello' }));

    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(resaved.json().slug).toBe('hello-2');
    expect((await createPost(api, { title: 'Hello' })).slug).toBe('hello');
  });

  it('should add -2, -3 … for the same title in one domain', async () => {
    const { api } = await newDomainApi(ctx);

    const slugs = [];
    for (let i = 0; i < 4; i++) slugs.push((await createPost(api, { title: 'Same Title' })).slug);

    expect(slugs).toEqual(['same-title', 'same-title-2', 'same-title-3', 'same-title-4']);
  });

  it('should give two titles with the same slug a suffix, and "post" a family of its own', async () => {
    const { api } = await newDomainApi(ctx);

    expect((await createPost(api, { title: 'Hello World' })).slug).toBe('hello-world');
    expect((await createPost(api, { title: 'hello... world?' })).slug).toBe('hello-world-2');
    expect((await createPost(api, { title: '!!!' })).slug).toBe('post');
    expect((await createPost(api, { title: '???' })).slug).toBe('post-2');
  });

  it('should keep the plain slug for the same title in another domain', async () => {
    const one = await newDomainApi(ctx);
    const two = await newDomainApi(ctx);
    await createPost(one.api, { title: 'Shared Title' });
    await createPost(one.api, { title: 'Shared Title' });

    expect((await createPost(two.api, { title: 'Shared Title' })).slug).toBe('shared-title');
  });

  it('should not confuse a title ending in a number with a suffixed slug', async () => {
    const { api } = await newDomainApi(ctx);

    expect((await createPost(api, { title: 'Hello World 2' })).slug).toBe('hello-world-2');
    expect((await createPost(api, { title: 'Hello World' })).slug).toBe('hello-world');
    expect((await createPost(api, { title: 'Hello World' })).slug).toBe('hello-world-3');
    expect((await createPost(api, { title: 'Hello World 2' })).slug).toBe('hello-world-2-2');
    expect((await createPost(api, { title: 'Hello Worlds' })).slug).toBe('hello-worlds');
    expect((await createPost(api, { title: 'Hello' })).slug).toBe('hello');
  });

  it('should give concurrent creates of the same title distinct slugs and never a 500', async () => {
    const { api } = await newDomainApi(ctx);

    const responses = await Promise.all(
      Array.from({ length: 5 }, () => api.create(postBody({ title: 'Race' }))),
    );

    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const slugs = responses.map((r) => r.json().slug as string).sort();
    expect(slugs).toEqual(['race', 'race-2', 'race-3', 'race-4', 'race-5']);
    expect((await api.list()).json().totalEntries).toBe(5);
  });
});

describe('PUT /cms/blogs/info/{id}', () => {
  it('should keep the slug when a post is saved again with the same title', async () => {
    const { api } = await newDomainApi(ctx);
    const first = await createPost(api, { title: 'Stable' });
    const second = await createPost(api, { title: 'Stable' });

    const againFirst = await api.update(first.id, postBody({ title: 'Stable', shortDescription: 'edited' }));
    const againSecond = await api.update(
      second.id,
      postBody({ title: 'Stable', shortDescription: 'edited' }),
    );

    expect(againFirst.json().slug).toBe('stable');
    expect(againSecond.json().slug).toBe('stable-2');
  });

  it('should derive a new slug when the title changes', async () => {
    const { api } = await newDomainApi(ctx);
    const post = await createPost(api, { title: 'Old Name' });

    const res = await api.update(post.id, postBody({ title: 'New Name!' }));

    expect(res.json().slug).toBe('new-name');
    expect((await createPost(api, { title: 'Old Name' })).slug).toBe('old-name');
  });

  it('should give a post renamed to a taken title the next free suffix', async () => {
    const { api } = await newDomainApi(ctx);
    await createPost(api, { title: 'Taken' });
    await createPost(api, { title: 'Taken' });
    const other = await createPost(api, { title: 'Other' });

    const res = await api.update(other.id, postBody({ title: 'TAKEN' }));

    expect(res.statusCode).toBe(200);
    expect(res.json().slug).toBe('taken-3');
  });

  it('should keep a renamed post on its own suffixed slug when it is saved again', async () => {
    const { api } = await newDomainApi(ctx);
    await createPost(api, { title: 'Topic' });
    const renamed = await createPost(api, { title: 'Something' });
    expect((await api.update(renamed.id, postBody({ title: 'Topic' }))).json().slug).toBe('topic-2');

    const res = await api.update(renamed.id, postBody({ title: 'Topic' }));

    expect(res.json().slug).toBe('topic-2');
  });
});
