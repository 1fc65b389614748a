import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { blogApi, createPost, postBody } from '../routes/blogs/blog-fixtures.js';
import { entriesOf, revisionApi } from './revision-fixtures.js';

// Two apps on one database: the default (REVISIONS=on) and one with REVISIONS=off (decision 052).
let on: TestContext;
let off: TestContext;
beforeAll(async () => {
  on = await createTestContext();
  off = await createTestContext({
    env: { REVISIONS: 'off' },
    // The file's database belongs to `on`, which drops it.
    database: { db: on.db, drop: async () => {} },
  });
});
afterAll(async () => {
  await off?.close();
  await on?.close();
});

async function revisionKinds(postId: string) {
  const { rows } = await sql<{ kind: string }>`
    select kind from post_revisions where post_id = ${postId} order by seq`.execute(on.db);
  return rows.map((r) => r.kind);
}

/** A domain, and an editor of it with a token for each app. */
async function editorOnBoth() {
  const domain = await on.domain();
  const { email } = await on.member('editor', domain);
  const apis = (ctx: TestContext, token: string) => ({
    api: blogApi(ctx, token, domain.domain),
    history: revisionApi(ctx, token, domain.domain),
  });
  return {
    on: apis(on, await on.idp.tokenFor(email)),
    off: apis(off, await off.idp.tokenFor(email)),
  };
}

describe('REVISIONS=off', () => {
  it('should save, restore and change the workflow without writing a revision', async () => {
    const both = await editorOnBoth();
    const kept = await createPost(both.on.api, { title: 'Kept first' });
    const [created] = await entriesOf(both.on.history, kept.id);

    const post = await createPost(both.off.api, { title: 'Not kept' });
    expect((await both.off.api.update(post.id, postBody({ title: 'Still not kept' }))).statusCode).toBe(200);
    expect((await both.off.api.update(kept.id, postBody({ title: 'Edited unkept' }))).statusCode).toBe(200);
    const restored = await both.off.history.restore(kept.id, created!.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<{ post: { title: string } }>().post.title).toBe('Kept first');
    expect((await both.off.api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
    expect((await both.off.api.manage(post.id, 'PUBLISH', true)).statusCode).toBe(200);

    expect(await revisionKinds(post.id)).toEqual([]);
    expect(await revisionKinds(kept.id)).toEqual(['created']);
    // What was kept stays readable with the switch off.
    expect((await entriesOf(both.off.history, kept.id)).map((e) => e.kind)).toEqual(['created']);
  });

  it('should keep revisions again with the default: the first save after the off ones keeps a baseline', async () => {
    const both = await editorOnBoth();
    const post = await createPost(both.off.api, { title: 'Made while off' });
    expect((await both.off.api.update(post.id, postBody({ title: 'Edited while off' }))).statusCode).toBe(
      200,
    );
    expect(await revisionKinds(post.id)).toEqual([]);

    expect((await both.on.api.update(post.id, postBody({ title: 'Edited while on' }))).statusCode).toBe(200);
    expect((await both.on.api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
    expect(await revisionKinds(post.id)).toEqual(['baseline', 'updated', 'approved']);
    const entries = await entriesOf(both.on.history, post.id);
    expect(entries.map((e) => e.summary)).toEqual(['approved', 'title', 'as it was before history was kept']);
    const baseline = await both.on.history.get(post.id, entries[2]!.id);
    expect(baseline.json<{ content: { title: string } }>().content.title).toBe('Edited while off');
  });
});
