import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import {
  compactChanges,
  isBefore,
  readChanges,
  readHorizon,
  restartChangesIfForeign,
  type ChangeCursor,
} from '../../src/db/repositories/post-changes.repository.js';
import { insertDomain } from '../../src/db/repositories/domains.repository.js';
import { settleChanges } from '../helpers/settled-changes.js';
import { createTestDatabase, TEST_DB } from '../helpers/test-database.js';

// The database side of the changes cursor (migration 2026-12-07T1500-delivery): the trigger that
// records what a reader can see, published_at, the reader's order, and compaction.
let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => drop());

let n = 0;
async function newDomain() {
  n += 1;
  return insertDomain(db, { domain: `changes-${n}-${Date.now()}.example`, name: 'Changes' });
}

async function insertPost(executor: Db, domainId: string, slug: string, published = false) {
  const row = await executor
    .insertInto('posts')
    .values({
      domain_id: domainId,
      title: slug,
      slug,
      short_description: '',
      feature_image_url: '',
      editor_html_content: '',
      editor_state: null,
      editor_text_string: '',
      category_id: null,
      fields: '{}',
      written_by: 'Tester',
      published,
      approved: published,
    })
    .returning(['id', 'published_at'])
    .executeTakeFirstOrThrow();
  return row;
}

const setPublished = (executor: Db, id: string, published: boolean) =>
  executor.updateTable('posts').set({ published, approved: published }).where('id', '=', id).execute();

/** Every change after the cursor, page by page, as `type slug`, once all are readable. */
async function readAll(domainId: string, from: ChangeCursor | null = null, limit = 2) {
  await settleChanges(db, domainId);
  return readUnsettled(domainId, from, limit);
}

async function readUnsettled(domainId: string, from: ChangeCursor | null, limit = 2) {
  const seen: string[] = [];
  let cursor = from;
  for (;;) {
    const rows = await readChanges(db, domainId, cursor, limit);
    if (rows.length === 0) return { seen, cursor };
    seen.push(...rows.map((row) => `${row.type} ${row.slug}`));
    const last = rows.at(-1)!;
    cursor = { xid: last.xid, seq: last.seq };
  }
}

describe('post changes', () => {
  it('should record publishing, edits while published, unpublishing and deleting, and nothing of drafts', async () => {
    const domain = await newDomain();
    const draft = await insertPost(db, domain.id, 'draft');
    await db.updateTable('posts').set({ title: 'still a draft' }).where('id', '=', draft.id).execute();
    const live = await insertPost(db, domain.id, 'live', true);
    expect(live.published_at).toBeInstanceOf(Date);
    await db.updateTable('posts').set({ title: 'edited' }).where('id', '=', live.id).execute();
    await setPublished(db, draft.id, true);
    await setPublished(db, live.id, false);
    await db.deleteFrom('posts').where('id', '=', draft.id).execute();
    await db.deleteFrom('posts').where('id', '=', live.id).execute(); // unpublished: nothing to tell

    const { seen } = await readAll(domain.id);
    expect(seen).toEqual(['upsert live', 'upsert live', 'upsert draft', 'delete live', 'delete draft']);
  });

  it('should set published_at when a post becomes published, keep it across edits and clear it when unpublished', async () => {
    const domain = await newDomain();
    const post = await insertPost(db, domain.id, 'dates');
    expect(post.published_at).toBeNull();
    await setPublished(db, post.id, true);
    const first = await db
      .selectFrom('posts')
      .select('published_at')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(first.published_at).toBeInstanceOf(Date);
    await db.updateTable('posts').set({ title: 'edited' }).where('id', '=', post.id).execute();
    const edited = await db
      .selectFrom('posts')
      .select('published_at')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(edited.published_at).toEqual(first.published_at);
    await setPublished(db, post.id, false);
    const unpublished = await db
      .selectFrom('posts')
      .select('published_at')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(unpublished.published_at).toBeNull();
  });

  it("should keep other domains out of a domain's changes", async () => {
    const mine = await newDomain();
    const theirs = await newDomain();
    await insertPost(db, mine.id, 'mine', true);
    await insertPost(db, theirs.id, 'theirs', true);
    expect((await readAll(mine.id)).seen).toEqual(['upsert mine']);
  });

  it('should continue from a cursor with only what came after it', async () => {
    const domain = await newDomain();
    await insertPost(db, domain.id, 'one', true);
    await insertPost(db, domain.id, 'two', true);
    const { cursor } = await readAll(domain.id);
    await insertPost(db, domain.id, 'three', true);
    expect((await readAll(domain.id, cursor)).seen).toEqual(['upsert three']);
  });

  it('should order changes by transaction id as a number, not as text (9 before 10)', async () => {
    const domain = await newDomain();
    // Ids below every running transaction's, so readable at once; as text, "10" sorts before "9".
    for (const [xid, slug] of [
      ['10', 'ten'],
      ['9', 'nine'],
      ['100', 'hundred'],
    ])
      await sql`
        insert into post_changes (domain_id, post_id, slug, type, xid)
        values (${domain.id}, gen_random_uuid(), ${slug}, 'upsert', ${xid}::xid8)`.execute(db);

    expect((await readAll(domain.id)).seen).toEqual(['upsert nine', 'upsert ten', 'upsert hundred']);
    const first = await readChanges(db, domain.id, null, 1);
    const rest = await readChanges(db, domain.id, { xid: first[0]!.xid, seq: first[0]!.seq }, 10);
    expect(rest.map((change) => change.slug)).toEqual(['ten', 'hundred']);
  });

  it('should compact old changes to the last upsert of each published post, and move the horizon', async () => {
    const domain = await newDomain();
    const kept = await insertPost(db, domain.id, 'kept', true);
    await db.updateTable('posts').set({ title: 'edited' }).where('id', '=', kept.id).execute();
    const gone = await insertPost(db, domain.id, 'gone', true);
    await db.deleteFrom('posts').where('id', '=', gone.id).execute();
    const { cursor: early } = await readAll(domain.id, null, 1).then(async () => {
      const rows = await readChanges(db, domain.id, null, 1);
      return { cursor: { xid: rows[0]!.xid, seq: rows[0]!.seq } };
    });
    await sql`update post_changes set at = now() - interval '31 days' where domain_id = ${domain.id}`.execute(
      db,
    );

    expect(await compactChanges(db, 30)).toBeGreaterThanOrEqual(3);
    expect((await readAll(domain.id)).seen).toEqual(['upsert kept']);
    const horizon = await readHorizon(db, domain.id);
    expect(horizon).toBeDefined();
    expect(isBefore(early, horizon!)).toBe(true);
  });

  it('should leave a database whose changes are its own as it is', async () => {
    expect(await restartChangesIfForeign(db)).toBe(false);
  });

  it('should start the changes again from the published posts when they carry ids this database has not reached', async () => {
    const domain = await newDomain();
    await insertPost(db, domain.id, 'published', true);
    await insertPost(db, domain.id, 'draft');
    const { cursor: before } = await readAll(domain.id);
    // What a dump restored into a younger cluster looks like: an id far ahead of this one's.
    await sql`
      insert into post_changes (domain_id, post_id, slug, type, xid)
      values (${domain.id}, gen_random_uuid(), 'from-elsewhere', 'upsert',
              ((pg_current_xact_id()::text::bigint + 1000000)::text)::xid8)`.execute(db);

    expect(await restartChangesIfForeign(db)).toBe(true);
    expect((await readAll(domain.id)).seen).toEqual(['upsert published']);
    expect(isBefore(before!, (await readHorizon(db, domain.id))!)).toBe(true);
    expect(await restartChangesIfForeign(db)).toBe(false);
  });
});

// Writers whose transactions overlap, on a server with several connections: the transaction that
// took its id first commits last, and a reader that pages meanwhile must neither skip its change
// nor see one twice.
(TEST_DB === 'postgres' ? describe : describe.skip)('post changes under concurrent writers', () => {
  it('should hold back a change of a transaction still open, then give it once, in order', async () => {
    const domain = await newDomain();
    await insertPost(db, domain.id, 'before', true);
    await settleChanges(db, domain.id);
    // The slow transaction takes its id first (by writing a tag), the fast one publishes and
    // commits, and only then does the slow one publish. (Two transactions publishing at once queue
    // for the domain's counts row, so the slow one writes its post after the fast one commits.)
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const didStart = new Promise<void>((resolve) => (started = resolve));
    const slow = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('tags')
        .values({ domain_id: domain.id, slug: 'slow-tag', display_name: 'Slow tag' })
        .execute();
      started();
      await held;
      await insertPost(trx as unknown as Db, domain.id, 'slow', true);
    });
    await didStart;
    await insertPost(db, domain.id, 'fast', true); // a later transaction, committed first

    const first = await readUnsettled(domain.id, null);
    expect(first.seen).toEqual(['upsert before']); // not 'fast': the slow transaction is still open
    release();
    await slow;
    const rest = await readAll(domain.id, first.cursor);
    expect(rest.seen).toEqual(['upsert slow', 'upsert fast']);
  });
});
