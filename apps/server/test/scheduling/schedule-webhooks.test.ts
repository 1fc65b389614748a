import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { FAST_DELIVERY, registered, webhookWorld } from '../webhooks/webhook-fixtures.js';
import { eventually, startReceiver, type Receiver } from '../webhooks/webhook-receiver.js';
import { approvedPost, scheduleApi, testClock } from './schedule-fixtures.js';

// Scheduled publishing and webhooks together (issue 21): scheduling a post sends post.scheduled,
// and the worker's publish sends post.published like a publish by hand, both signed.
const clock = testClock(Date.parse('2027-06-01T08:00:00Z'));
let ctx: TestContext;
let site: Receiver;

beforeAll(async () => {
  site = await startReceiver();
  ctx = await createTestContext({
    env: {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_PORTS: 'any',
    },
    clock: clock.now,
    publishScheduled: { everyMs: 100 },
    webhooks: { delivery: FAST_DELIVERY },
  });
});
afterAll(async () => {
  await ctx?.close();
  await site?.close();
});

describe('scheduled publishing and webhooks', () => {
  it('should send post.scheduled when a post is scheduled and post.published when the worker publishes it', async () => {
    const world = await webhookWorld(ctx);
    const hook = await registered(world.hooks, site.url, ['post.scheduled', 'post.published']);
    const post = await approvedPost(world.blogs, { title: 'Timed launch' });
    const schedule = scheduleApi(ctx, world.token, world.domain.domain);
    const publishAt = new Date(clock.now().getTime() + 60 * 60_000);

    expect((await schedule.set(post.id, publishAt.toISOString())).statusCode).toBe(200);
    await eventually(() => site.received.length === 1, 10_000, 'post.scheduled');
    clock.set(publishAt);
    await eventually(() => site.received.length === 2, 15_000, 'post.published by the worker');

    site.verifyAll(hook.secret);
    const [scheduled, published] = site.received.map((delivery) => delivery.json);
    expect(scheduled).toMatchObject({ type: 'post.scheduled', data: { id: post.id, publishedDate: null } });
    expect(published).toMatchObject({ type: 'post.published', data: { id: post.id, slug: 'timed-launch' } });
    expect(published!.data.publishedDate).toEqual(expect.any(String));
  }, 60_000);
});
