import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { newDomainApi, sleep } from '../routes/blogs/blog-fixtures.js';
import { approvedPost, readPost, scheduleApi, testClock, waitFor } from './schedule-fixtures.js';
import { capturedLog } from './schedule-log.js';

// Issue 29: one scheduled post whose publishing failed every time blocked all scheduled
// publishing, since every run took it first and stopped at its error. A failing post is now set
// aside with a back-off, said once per failure streak in the log and the activity, and retried.
const clock = testClock(Date.parse('2027-07-01T09:00:00Z'));
const log = capturedLog();
let ctx: TestContext;

// A real refusal of the database: a check the test adds, which a row written before it breaks as
// soon as the publish touches it (as a constraint added to live data with NOT VALID would).
const NEVER = 'Never published';
beforeAll(async () => {
  ctx = await createTestContext({ clock: clock.now, publishScheduled: { everyMs: 100 }, logger: log.logger });
  await sql`
    alter table posts add constraint test_refuses_publishing
      check (not (published and title like ${sql.lit(`${NEVER}%`)})) not valid`.execute(ctx.db);
});
afterAll(async () => ctx?.close());

const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

/** The worker's record of a post's failure streak, or undefined when it has none. */
async function failureOf(postId: string) {
  const { rows } = await sql<{ failures: number; retry_at: Date }>`
    select failures, retry_at from scheduled_publish_failures where post_id = ${postId}`.execute(ctx.db);
  return rows[0];
}

/** The log lines that say a scheduled post could not be published. */
const failureLines = (postId: string) =>
  log.lines.filter(
    (line) => line.postId === postId && line.level >= 50 && /could not be published/.test(line.msg),
  );

describe('the scheduled publisher when one post always fails', () => {
  it('should publish the other due posts of its domain and of other domains, and retry the failing one with a back-off, said once in the log and the activity', async () => {
    const a = await newDomainApi(ctx, 'admin');
    const b = await newDomainApi(ctx, 'editor');
    const failing = await approvedPost(a.api, { title: `${NEVER}: the broken row` });
    const sameDomain = await Promise.all([1, 2].map((n) => approvedPost(a.api, { title: `Due in A ${n}` })));
    const otherDomain = await approvedPost(b.api, { title: 'Due in B' });
    // The failing post is due first, so every run meets it before the others.
    expect((await scheduleApi(ctx, a.token, a.domain.domain).set(failing.id, at(1000))).statusCode).toBe(200);
    for (const [i, post] of sameDomain.entries())
      expect((await scheduleApi(ctx, a.token, a.domain.domain).set(post.id, at(2000 + i))).statusCode).toBe(
        200,
      );
    expect((await scheduleApi(ctx, b.token, b.domain.domain).set(otherDomain.id, at(2000))).statusCode).toBe(
      200,
    );
    clock.advance(10_000);

    await waitFor(async () => {
      const others = [
        ...(await Promise.all(sameDomain.map((post) => readPost(a.api, post.id)))),
        await readPost(b.api, otherDomain.id),
      ];
      return others.every((post) => post.published);
    }, 15_000);
    expect(await readPost(a.api, failing.id)).toMatchObject({ published: false, approved: true });
    expect((await readPost(a.api, failing.id)).scheduledFor).not.toBeNull();

    // Many runs at this time: the post waits for its back-off, and its streak is said once.
    const first = await failureOf(failing.id);
    expect(first).toMatchObject({ failures: 1 });
    await sleep(600);
    expect(await failureOf(failing.id)).toEqual(first);
    expect(failureLines(failing.id)).toHaveLength(1);
    const activity = async () => {
      const res = await ctx.request(a.token, {
        method: 'GET',
        url: `/cms/activity?domain=${a.domain.domain}&kind=post.publish_failed`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ entries: { objectId: string; actor: { email: string }; after: unknown }[] }>()
        .entries;
    };
    const entries = await activity();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      objectId: failing.id,
      actor: { email: 'system' },
      after: { retryAt: first!.retry_at.toISOString() },
    });

    // Past its back-off it is tried again, fails again, and waits longer; still one line, one row.
    const firstWait = first!.retry_at.getTime() - clock.now().getTime();
    clock.set(new Date(first!.retry_at.getTime() + 1));
    const tried = clock.now().getTime();
    await waitFor(async () => (await failureOf(failing.id))?.failures === 2, 10_000);
    const second = (await failureOf(failing.id))!;
    expect(second.retry_at.getTime() - tried).toBeGreaterThan(firstWait);
    expect(failureLines(failing.id)).toHaveLength(1);
    expect(await activity()).toHaveLength(1);

    // Once what refused it is gone, the next try publishes it, and its streak is forgotten.
    await sql`alter table posts drop constraint test_refuses_publishing`.execute(ctx.db);
    clock.set(new Date(second.retry_at.getTime() + 1));
    await waitFor(async () => (await readPost(a.api, failing.id)).published, 10_000);
    expect(await failureOf(failing.id)).toBeUndefined();
    expect(log.published()).toContain(failing.id);
  });
});
