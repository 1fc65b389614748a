import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { deliveryWorld } from '../delivery/delivery-fixtures.js';
import { createTestContext, tempDataDir, type TestContext } from '../helpers/test-app.js';
import { sleep } from '../routes/blogs/blog-fixtures.js';
import { approvedPost, readPost, scheduleApi, testClock, waitFor } from './schedule-fixtures.js';
import { capturedLog } from './schedule-log.js';

// The worker of plugins/app/scheduled-publisher.ts (issue 21, decision 043), on a clock the tests
// move: a post is published once its time has come on that clock, within a few seconds, as any
// publish (published_at, the delivery API's changes), and what fell due while no server ran is
// published as one starts.
const clock = testClock(Date.parse('2027-05-01T08:00:00Z'));
const log = capturedLog();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: clock.now, publishScheduled: { everyMs: 100 }, logger: log.logger });
});
afterAll(async () => ctx.close());

const at = (ms: number) => new Date(clock.now().getTime() + ms);

describe('the scheduled publisher', () => {
  it('should publish a post once its time comes on the clock, not before, and show it in /api/v1/changes', async () => {
    const w = await deliveryWorld(ctx);
    const schedule = scheduleApi(ctx, w.token, w.domain.domain);
    const post = await approvedPost(w.api, { title: 'Launch notes' });
    const publishAt = at(60 * 60_000);
    const res = await schedule.set(post.id, publishAt.toISOString());
    expect(res.statusCode, res.body).toBe(200);
    const versionScheduled = Number(JSON.parse(res.headers.etag as string));

    // A minute before its time, many runs of the worker leave it alone.
    clock.set(new Date(publishAt.getTime() - 60_000));
    await sleep(600);
    expect(await readPost(w.api, post.id)).toMatchObject({ published: false });

    clock.set(publishAt);
    // Runs every 100 ms here: a few seconds is room for a loaded machine, not for a missed run.
    const took = await waitFor(async () => (await readPost(w.api, post.id)).published, 10_000);
    expect(took).toBeLessThan(5_000);
    const detail = await w.api.get(post.id);
    expect(detail.json()).toMatchObject({ published: true, approved: true, scheduledFor: null });
    expect(Number(JSON.parse(detail.headers.etag as string))).toBe(versionScheduled + 1);

    const { rows } = await sql<{ published_at: Date | null }>`
      select published_at from posts where id = ${post.id}`.execute(ctx.db);
    expect(rows[0]!.published_at).toBeInstanceOf(Date);

    // The website hears of it like any publish: an upsert in the changes, and the post itself.
    await waitFor(async () => {
      const changes = await w.read('/changes?limit=100');
      return changes
        .json<{ changes: { type: string; id: string }[] }>()
        .changes.some((c) => c.type === 'upsert' && c.id === post.id);
    }, 15_000);
    const delivered = await w.read(`/posts/${post.id}`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    // The worker logs once its commit has come back to it, which can be after a reader sees it.
    await waitFor(async () => log.published().includes(post.id), 5_000);
    // The file's first requests (token checks, PGlite's first plans) come on top under load.
  }, 60_000);

  it('should publish several due posts, each once, and leave cancelled and unapproved ones alone', async () => {
    const w = await deliveryWorld(ctx);
    const schedule = scheduleApi(ctx, w.token, w.domain.domain);
    const posts = await Promise.all([1, 2, 3, 4].map((n) => approvedPost(w.api, { title: `Due ${n}` })));
    for (const [i, post] of posts.entries()) {
      const res = await schedule.set(post.id, at(1000 * (i + 1)).toISOString());
      expect(res.statusCode, res.body).toBe(200);
    }
    // One cancelled by DELETE, one by unapproving: neither may be published.
    expect((await schedule.cancel(posts[2]!.id)).statusCode).toBe(200);
    expect((await w.api.manage(posts[3]!.id, 'APPROVAL', false)).statusCode).toBe(200);
    clock.advance(10_000);
    await waitFor(async () => (await readPost(w.api, posts[1]!.id)).published, 5_000);
    expect((await readPost(w.api, posts[0]!.id)).published).toBe(true);
    await sleep(500);
    expect(await readPost(w.api, posts[2]!.id)).toMatchObject({ published: false, approved: true });
    expect(await readPost(w.api, posts[3]!.id)).toMatchObject({ published: false, approved: false });
    const ids = posts.map((p) => p.id);
    // Logged once each commit has come back to the worker, not when a reader can see it.
    await waitFor(async () => [ids[0], ids[1]].every((id) => log.published().includes(id!)), 5_000);
    expect(
      log
        .published()
        .filter((id) => ids.includes(id))
        .sort(),
    ).toEqual([ids[0], ids[1]].sort());
  });

  it('should publish at start what fell due while no server was running, and say so in the log', async () => {
    const w = await deliveryWorld(ctx);
    const schedule = scheduleApi(ctx, w.token, w.domain.domain);
    const missed = await approvedPost(w.api, { title: 'Missed while down' });
    // Scheduled through the app that has a clock but, for this post, let the "down" server be a
    // second app that starts later: the first one's worker must not get it, so its time is far.
    const publishAt = at(24 * 3600_000);
    expect((await schedule.set(missed.id, publishAt.toISOString())).statusCode).toBe(200);

    const laterLog = capturedLog();
    const later = await buildApp({
      env: parseEnv({
        OIDC_AUTHORITY: ctx.idp.issuer,
        PUBLIC_URL: 'http://localhost:3000',
        DATA_DIR: tempDataDir(),
        MASTHEAD_DEMO: '0',
      }),
      db: ctx.db,
      logger: laterLog.logger,
      // This server starts an hour after the post's time.
      clock: () => new Date(publishAt.getTime() + 3600_000),
      publishScheduled: { everyMs: 60_000 },
    });
    try {
      await later.ready();
      await waitFor(async () => (await readPost(w.api, missed.id)).published, 5_000);
      // The summary comes when the first run ends, just after the post's own line.
      await waitFor(
        async () =>
          laterLog.messages().some((m) => /^published \d+ scheduled posts? that fell due while/.test(m)),
        5_000,
      );
      expect(laterLog.published()).toContain(missed.id);
      expect(laterLog.messages().join('\n')).toMatch(
        /^published \d+ scheduled posts? that fell due while the server was not running$/m,
      );
    } finally {
      await later.close();
    }
  });
});
