import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesCursorKey } from '../../src/db/repositories/server-keys.repository.js';
import { encodeCursor } from '../../src/routes/api/v1/changes-cursor.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { createPost, expectError, postBody, type BlogApi } from '../routes/blogs/blog-fixtures.js';
import { deliveryWorld, publishedPost, unpublish } from './delivery-fixtures.js';

// GET /api/v1/changes (issue 20): following `next` gives every change once, in order, even while
// posts change; a malformed cursor is a 400, an expired one a 410.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

interface Change {
  type: 'upsert' | 'delete';
  id: string;
  slug: string;
  at: string;
}
type Read = Awaited<ReturnType<typeof deliveryWorld>>['read'];

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
/** A cursor as the server would give it to the domain's readers (the test reads the server's key). */
const sealedCursor = async (domainId: string, xid: string, seq: string) =>
  encodeCursor(await changesCursorKey(ctx.db), domainId, { xid, seq });

async function page(read: Read, since: string | undefined, limit = 3) {
  const res = await read(`/changes?limit=${limit}${since === undefined ? '' : `&since=${since}`}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ changes: Change[]; next: string }>();
}

/** Moves the domain's horizon to the change of the post with the slug, as a compaction would. */
async function moveHorizonTo(domainId: string, slug: string) {
  await sql`
    insert into post_changes_horizon (domain_id, xid, seq)
    select domain_id, xid, seq from post_changes where domain_id = ${domainId} and slug = ${slug}
    on conflict (domain_id) do update set xid = excluded.xid, seq = excluded.seq`.execute(ctx.db);
}

/**
 * Follows `next` from `since` until a page is empty; every change read, and the last cursor. With
 * `atLeast`, it keeps asking (up to 15 s) until it has read that many: a change becomes readable
 * only once every transaction older than it has ended, and on a shared PostgreSQL server other
 * databases' transactions count too.
 */
async function follow(read: Read, since?: string, atLeast = 0) {
  const seen: Change[] = [];
  let cursor = since;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { changes, next } = await page(read, cursor);
    seen.push(...changes);
    cursor = next;
    if (changes.length > 0) continue;
    if (seen.length >= atLeast || Date.now() > deadline) return { seen, cursor: next };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/v1/changes', () => {
  it('should give publishing as upserts and unpublishing and deleting as deletes, and nothing of drafts', async () => {
    const w = await deliveryWorld(ctx);
    const first = await page(w.read, undefined);
    expect(first.changes).toEqual([]);
    expect(first.next).toBe(await sealedCursor(w.domain.id, '0', '0'));

    const draft = await createPost(w.api, { title: 'Draft' });
    const live = await publishedPost(w.api, { title: 'Live' });
    await unpublish(w.api, live.id);
    const gone = await publishedPost(w.api, { title: 'Gone' });
    await unpublish(w.api, gone.id);
    await w.api.remove(gone.id);
    await w.api.remove(draft.id);

    const { seen, cursor } = await follow(w.read, first.next, 4);
    expect(seen.map((c) => `${c.type} ${c.slug}`)).toEqual([
      'upsert live',
      'delete live',
      'upsert gone',
      'delete gone',
    ]);
    expect(seen[0]).toEqual({ type: 'upsert', id: live.id, slug: 'live', at: expect.any(String) });
    expect(Date.parse(seen[0]!.at)).not.toBeNaN();
    // The last cursor stays where it is while nothing happens, then gives only what came after it.
    expect((await page(w.read, cursor)).next).toBe(cursor);
    await publishedPost(w.api, { title: 'Later' });
    expect((await follow(w.read, cursor, 1)).seen.map((c) => c.slug)).toEqual(['later']);
  });

  it.each([
    ['not base64url', '%%%'],
    ['another text', cursorOf('hello')],
    ['a non-canonical number', cursorOf('v1.01.2')],
    ['an xid past xid8', cursorOf(`v1.${2n ** 64n}.1`)],
    ['a seq past bigint', cursorOf(`v1.5.${2n ** 63n}`)],
    ['an empty cursor', ''],
    ['a cursor of another format', cursorOf('\u0003abcdefghijklmnopqrstuvwxyz0123456789')],
  ])('should refuse %s with a 400 that names since', async (_what, since) => {
    const w = await deliveryWorld(ctx);
    const body = expectError(await w.read(`/changes?since=${encodeURIComponent(since)}`), 400);
    expect(body.errors.join('\n')).toContain('since');
  });

  it('should answer 410 to a cursor before the horizon or from another timeline', async () => {
    const w = await deliveryWorld(ctx);
    await publishedPost(w.api, { title: 'One' });
    const { cursor } = await follow(w.read, undefined, 1);
    await publishedPost(w.api, { title: 'Two' });
    await moveHorizonTo(w.domain.id, 'two');
    const expired = expectError(await w.read(`/changes?since=${cursor}`), 410);
    expect(expired.errors.join('\n')).toContain('since');
    expectError(
      await w.read(`/changes?since=${await sealedCursor(w.domain.id, '999999999999999', '1')}`),
      410,
    );
  });

  it('should give cursors that tell nothing of the cluster: no transaction id or sequence in them (issue 29)', async () => {
    const w = await deliveryWorld(ctx);
    await publishedPost(w.api, { title: 'One' });
    const { seen, cursor } = await follow(w.read, undefined, 1);
    expect(seen).toHaveLength(1);
    const { rows } = await sql<{ xid: string; seq: string }>`
      select xid::text as xid, seq::text as seq from post_changes where domain_id = ${w.domain.id}`.execute(
      ctx.db,
    );
    const { xid, seq } = rows[0]!;
    const bytes = Buffer.from(cursor, 'base64url');
    const asNumbers = [BigInt(xid), BigInt(seq)].map((n) => {
      const b = Buffer.alloc(8);
      b.writeBigUInt64BE(n);
      return b;
    });
    for (const text of [cursor, bytes.toString('latin1')]) {
      expect(text).not.toContain(xid);
      expect(text).not.toContain(`.${seq}`);
    }
    for (const number of asNumbers) expect(bytes.includes(number)).toBe(false);
    // The same place gives the same cursor, so an unchanged page keeps its ETag.
    expect((await page(w.read, cursor)).next).toBe(cursor);
  });

  it("should refuse another domain's cursor, and one altered by a bit, with a 400 that names since", async () => {
    const mine = await deliveryWorld(ctx);
    const theirs = await deliveryWorld(ctx);
    await publishedPost(theirs.api, { title: 'Theirs' });
    const { cursor } = await follow(theirs.read, undefined, 1);
    expect(expectError(await mine.read(`/changes?since=${cursor}`), 400).errors.join('\n')).toContain(
      'since',
    );
    const bytes = Buffer.from(cursor, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expectError(await theirs.read(`/changes?since=${bytes.toString('base64url')}`), 400);
  });

  it('should answer a cursor of the earlier, readable format with 410 and say to start over', async () => {
    const w = await deliveryWorld(ctx);
    for (const old of ['v1.0.0', 'v1.7412.99', 'v1.5.6.8.9']) {
      const body = expectError(await w.read(`/changes?since=${cursorOf(old)}`), 410);
      expect(body.errors.join('\n')).toMatch(/since: .*start again without since/);
    }
  });

  // A reader that starts after a compaction reads the changes it kept, some of which lie below the
  // horizon; its cursors there must not expire while the horizon stays where it is.
  it('should let a reader from the start page through the kept changes below the horizon', async () => {
    const w = await deliveryWorld(ctx);
    for (const title of ['One', 'Two', 'Three']) await publishedPost(w.api, { title });
    expect((await follow(w.read, undefined, 3)).seen).toHaveLength(3);
    await moveHorizonTo(w.domain.id, 'two');
    const seen: string[] = [];
    let since: string | undefined;
    for (;;) {
      const { changes, next } = await page(w.read, since, 1);
      if (changes.length === 0) break;
      seen.push(...changes.map((c) => c.slug));
      since = next;
    }
    expect(seen).toEqual(['one', 'two', 'three']);
    expect((await follow(w.read, await sealedCursor(w.domain.id, '0', '0'))).seen).toHaveLength(3);

    // Once the horizon moves again, a cursor given under the old one is refused.
    const first = await page(w.read, undefined, 1);
    await moveHorizonTo(w.domain.id, 'three');
    expectError(await w.read(`/changes?since=${first.next}`), 410);
  });
});

describe('GET /api/v1/changes under concurrent writers', () => {
  /** One writer's run on posts of its own: what it did to each post, in order. */
  async function writer(api: BlogApi, name: string, rounds: number, did: Map<string, string[]>) {
    for (let i = 0; i < rounds; i++) {
      const post = await publishedPost(api, { title: `${name} ${i}` });
      const log = ['upsert'];
      did.set(post.id, log);
      if (i % 2 === 0) {
        await unpublish(api, post.id);
        log.push('delete');
        expect((await api.update(post.id, postBody({ title: `${name} ${i} edited` }))).statusCode).toBe(200);
        await api.manage(post.id, 'APPROVAL', true);
        await api.manage(post.id, 'PUBLISH', true);
        log.push('upsert');
      }
      if (i % 3 === 0) {
        await unpublish(api, post.id);
        log.push('delete');
        expect((await api.remove(post.id)).statusCode).toBe(204);
      }
    }
  }

  it('should give a reader following next every change exactly once, in order', async () => {
    const w = await deliveryWorld(ctx);
    const did = new Map<string, string[]>();
    const seen: Change[] = [];
    let cursor: string | undefined;
    let writing = true;
    const writers = Promise.all(['a', 'b', 'c', 'd'].map((name) => writer(w.api, name, 6, did))).finally(
      () => (writing = false),
    );
    // The reader follows next while the writers write, then until it has caught up with them all.
    const expected = () => [...did.values()].reduce((n, log) => n + log.length, 0);
    const deadline = Date.now() + 20_000;
    while (writing || (seen.length < expected() && Date.now() < deadline)) {
      const { changes, next } = await page(w.read, cursor, 4);
      seen.push(...changes);
      cursor = next;
      if (changes.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await writers;
    seen.push(...(await follow(w.read, cursor)).seen);

    // Exactly the changes the database recorded, each once, in the order of the cursor.
    const { rows } = await sql<{ type: string; post_id: string }>`
      select type, post_id from post_changes where domain_id = ${w.domain.id} order by xid, seq`.execute(
      ctx.db,
    );
    expect(seen.map((c) => `${c.type} ${c.id}`)).toEqual(rows.map((r) => `${r.type} ${r.post_id}`));
    // And, post by post, what the writers did.
    const byPost = new Map<string, string[]>();
    for (const change of seen) byPost.set(change.id, [...(byPost.get(change.id) ?? []), change.type]);
    expect(Object.fromEntries(byPost)).toEqual(Object.fromEntries(did));
    expect(seen).toHaveLength(expected());
  });
});
