import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyPageQuery, thinBatchStatement } from '../../src/db/repositories/revisions.repository.js';
import { publishScheduledPost } from '../../src/services/post-workflow.service.js';
import { pruneRevisions } from '../../src/services/revision-retention.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { TEST_DB } from '../helpers/test-database.js';
import { createPost, newDomainApi, postBody, type BlogApi } from '../routes/blogs/blog-fixtures.js';
import { testClock, waitFor } from '../scheduling/schedule-fixtures.js';
import { entriesOf, revisionApi, type RevisionApi } from './revision-fixtures.js';

const clock = testClock(Date.parse('2025-01-01T10:00:00Z'));
const POLICY = { keepDays: 30, dailyDays: 365 };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: clock.now });
});
afterAll(async () => ctx.close());

/** The ids of the post's content revisions, oldest first. */
async function keptTitles(history: RevisionApi, postId: string) {
  return (await entriesOf(history, postId))
    .filter((e) => e.hasContent)
    .reverse()
    .map((e) => e.id);
}

/** Saves the post with a new title at the time given (the clock moves there). */
async function saveAt(api: BlogApi, postId: string, at: string, title: string) {
  clock.set(new Date(at));
  const res = await api.update(postId, postBody({ title }));
  expect(res.statusCode, res.body).toBe(200);
}

describe('revision retention', () => {
  it('should keep every recent revision, then one a day, then one a month, and the last-published one', async () => {
    const { api, token, domain } = await newDomainApi(ctx);
    const history = revisionApi(ctx, token, domain.domain);
    clock.set(new Date('2025-01-01T10:00:00Z'));
    const post = await createPost(api, { title: 'r1' });
    await saveAt(api, post.id, '2025-01-01T11:00:00Z', 'r2');
    await saveAt(api, post.id, '2025-01-01T12:00:00Z', 'r3');
    await saveAt(api, post.id, '2025-01-02T10:00:00Z', 'r4');
    // Published from r4, then taken back to a draft and edited the same day.
    expect((await api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
    expect((await api.manage(post.id, 'PUBLISH', true)).statusCode).toBe(200);
    expect((await api.manage(post.id, 'PUBLISH', false)).statusCode).toBe(200);
    expect((await api.manage(post.id, 'APPROVAL', false)).statusCode).toBe(200);
    await saveAt(api, post.id, '2025-01-02T11:00:00Z', 'r5');
    await saveAt(api, post.id, '2025-01-05T10:00:00Z', 'r6');
    await saveAt(api, post.id, '2025-03-01T10:00:00Z', 'r7');
    // Another post's revisions, kept both within 30 days and thinned to one of the month after a year.
    const other = await createPost(api, { title: 'other' });
    await saveAt(api, other.id, '2025-03-01T10:30:00Z', 'other 2');

    const names = new Map<string, string>();
    const all = await keptTitles(history, post.id);
    all.forEach((id, i) => names.set(id, `r${i + 1}`));
    const titles = async () => (await keptTitles(history, post.id)).map((id) => names.get(id));
    expect(await titles()).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);

    // Within 30 days of every revision: nothing goes.
    expect(await pruneRevisions(ctx.db, POLICY, { now: new Date('2025-01-25T00:00:00Z') })).toEqual({
      ran: true,
      removed: 0,
    });
    expect(await titles()).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);

    // Past 30 days: the last of each day, and r4, which the post was last published from.
    const march = await pruneRevisions(ctx.db, POLICY, { now: new Date('2025-03-10T00:00:00Z'), batch: 2 });
    expect(march).toEqual({ ran: true, removed: 2 });
    expect(await titles()).toEqual(['r3', 'r4', 'r5', 'r6', 'r7']);
    expect(await entriesOf(history, other.id)).toHaveLength(2);

    // Past a year: the last of each month, and r4 still.
    await pruneRevisions(ctx.db, POLICY, { now: new Date('2026-03-10T00:00:00Z') });
    expect(await titles()).toEqual(['r4', 'r6', 'r7']);
    expect(await entriesOf(history, other.id)).toHaveLength(1);

    // Published again (from r7): r4 is no longer protected and goes on the next run.
    clock.set(new Date('2026-03-10T00:00:00Z'));
    expect((await api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
    expect((await api.manage(post.id, 'PUBLISH', true)).statusCode).toBe(200);
    await pruneRevisions(ctx.db, POLICY, { now: new Date('2026-03-10T00:00:00Z') });
    expect(await titles()).toEqual(['r6', 'r7']);

    // Workflow events are never thinned, and the published event names r7.
    const entries = await entriesOf(history, post.id);
    expect(entries.filter((e) => !e.hasContent).map((e) => e.kind)).toEqual([
      'published',
      'approved',
      'unapproved',
      'unpublished',
      'published',
      'approved',
    ]);
    expect(entries[0]!.contentRevisionId).toBe(all[6]);
    // r4 went: the event that published it no longer names a revision.
    expect(
      entries.find((e) => e.at.startsWith('2025-01-02') && e.kind === 'published')!.contentRevisionId,
    ).toBe(null);
  });

  it('should let one pruning run at a time', async () => {
    if (TEST_DB === 'postgres') {
      // Another instance holds the lock: this one does nothing.
      await ctx.db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(hashtext('masthead.revision-pruner'), hashtext(current_schema()))`.execute(
          conn,
        );
        try {
          expect(await pruneRevisions(ctx.db, POLICY, { now: new Date() })).toEqual({
            ran: false,
            removed: 0,
          });
        } finally {
          await sql`select pg_advisory_unlock(hashtext('masthead.revision-pruner'), hashtext(current_schema()))`.execute(
            conn,
          );
        }
      });
    }
    const [a, b] = await Promise.all([
      pruneRevisions(ctx.db, POLICY, { now: new Date() }),
      pruneRevisions(ctx.db, POLICY, { now: new Date() }),
    ]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
  });
});

describe('the scheduled publisher', () => {
  it('should record its publish in the history as the system, at its clock, from the newest revision', async () => {
    const { api, token, domain } = await newDomainApi(ctx);
    const history = revisionApi(ctx, token, domain.domain);
    clock.set(new Date('2027-01-01T09:00:00Z'));
    const post = await createPost(api);
    expect((await api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
    const url = `/cms/blogs/schedule/${post.id}?domain=${domain.domain}`;
    const publishAt = '2027-01-01T12:00:00.000Z';
    const scheduled = await ctx.request(token, { method: 'PUT', url, payload: { publishAt } });
    expect(scheduled.statusCode, scheduled.body).toBe(200);

    const due = new Date('2027-01-01T12:00:01Z');
    const published = await ctx.db.transaction().execute((trx) => publishScheduledPost(trx, due));
    expect(published?.id).toBe(post.id);

    const entries = await entriesOf(history, post.id);
    expect(entries.map((e) => e.kind)).toEqual(['published', 'scheduled', 'approved', 'created']);
    expect(entries[0]).toMatchObject({
      by: { email: 'system', name: null },
      at: due.toISOString(),
      contentRevisionId: entries[3]!.id,
    });
    expect(entries[1]!.scheduledFor).toBe(publishAt);
  });
});

describe('the revision pruner in the background', () => {
  it('should thin with the retention of REVISIONS_KEEP_DAYS and the app clock', async () => {
    const own = testClock(Date.parse('2025-06-01T10:00:00Z'));
    const app = await createTestContext({
      clock: own.now,
      env: { REVISIONS_KEEP_DAYS: '2', REVISIONS_KEEP_DAILY_DAYS: '10' },
      pruneRevisions: { everyMs: 50, firstAfterMs: 0 },
    });
    try {
      const { api, token, domain } = await newDomainApi(app);
      const history = revisionApi(app, token, domain.domain);
      const post = await createPost(api, { title: 'one' });
      own.advance(60_000);
      expect((await api.update(post.id, postBody({ title: 'two' }))).statusCode).toBe(200);
      expect(await entriesOf(history, post.id)).toHaveLength(2);
      own.advance(3 * 86_400_000);
      await waitFor(async () => (await entriesOf(history, post.id)).length === 1, 10_000);
      expect((await entriesOf(history, post.id))[0]!.summary).toBe('title');
    } finally {
      await app.close();
    }
  });
});

describe('the history page', () => {
  it('should be read by one range scan of post_revisions_history_idx', async () => {
    const { api, domain } = await newDomainApi(ctx);
    const post = await createPost(api);
    const other = await createPost(api);
    // 1,000 revisions of the post and as many of another, as a long-lived post's history would be.
    for (const id of [post.id, other.id]) {
      await sql`
        insert into post_revisions (post_id, domain_id, kind, at, actor_email, title, short_description,
          feature_image_url, editor_html_content, editor_text_string, tags, fields, written_by)
        select ${id}, ${domain.id}, 'updated', now(), 'a@example.test', 'T' || i, '', '', '<p>x</p>', 'x',
          '[]', '{}', 'A'
        from generate_series(1, 1000) i`.execute(ctx.db);
    }
    await sql`analyze post_revisions`.execute(ctx.db);
    const compiled = historyPageQuery(ctx.db, domain.id, post.id, { limit: 10, offset: 0 }).compile();
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(
      compiled.sql.replace(/\$(\d+)/g, (_, n: string) => {
        const value = compiled.parameters[Number(n) - 1];
        return typeof value === 'number' ? String(value) : `'${String(value)}'`;
      }),
    )}`.execute(ctx.db);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Scan using post_revisions_history_idx/);
    expect(plan).not.toMatch(/Sort|Seq Scan|Bitmap/);
  });

  it("should find each pruning pass's work in its own partial index", async () => {
    for (const [from, index] of [
      [0, 'post_revisions_daily_idx'],
      [1, 'post_revisions_monthly_idx'],
    ] as const) {
      const pass = { from, before: new Date(Date.now() - 30 * 86_400_000), unit: 'day', batch: 500 } as const;
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${thinBatchStatement(pass)}`.execute(
        ctx.db,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(new RegExp(`Index Scan using ${index}`));
      expect(plan).not.toMatch(/Seq Scan on post_revisions/);
    }
  });
});
