import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { sleep } from '../routes/blogs/blog-fixtures.js';
import {
  deliveriesOf,
  FAST_DELIVERY,
  registered,
  settledDeliveries,
  webhookWorld,
} from './webhook-fixtures.js';
import { eventually, startReceiver, type Receiver } from './webhook-receiver.js';

// Issue 29, finding 3: what a receiver answers must never keep a delivery from being recorded.
let ctx: TestContext;
const receivers: Receiver[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_PORTS: 'any',
    },
    webhooks: { delivery: FAST_DELIVERY },
  });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(answer: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

/** A webhook on `answer`'s receiver that has had one tag.created delivery with an outcome. */
async function deliveredOnce(answer: Parameters<typeof startReceiver>[0]) {
  const world = await webhookWorld(ctx);
  const site = await receiver(answer);
  const hook = await registered(world.hooks, site.url, ['tag.created']);
  await world.blogs.createTag('Answered');
  const [delivery] = await settledDeliveries(world.hooks, hook.id, 1);
  return { world, site, hook, delivery: delivery! };
}

describe('the answers a webhook delivery keeps', () => {
  it('should record a 200 whose body holds a NUL byte, without the NUL, and send it once (issue 29: it was sent again every 15 s for ever)', async () => {
    const { site, delivery } = await deliveredOnce(() => ({ status: 200, body: 'ok\u0000bye' }));
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempt: 1,
      responseCode: 200,
      responseBody: 'okbye',
      error: null,
    });
    // Recorded, so never claimed again.
    await sleep(300);
    expect(site.received).toHaveLength(1);
  });

  it('should record UTF-16 and gzipped answers, keeping only what can be stored', async () => {
    const utf16 = await deliveredOnce(() => ({
      status: 200,
      body: Buffer.from('\ufeffreceived', 'utf16le'),
      headers: { 'content-type': 'text/plain; charset=utf-16' },
    }));
    expect(utf16.delivery).toMatchObject({ status: 'succeeded', attempt: 1, responseBody: 'received' });

    const zipped = gzipSync(
      Buffer.concat([Buffer.from([0, 0xff, 0xfe, 0xc3]), Buffer.from('ok '.repeat(50))]),
    );
    const gzip = await deliveredOnce(() => ({
      status: 202,
      body: zipped,
      headers: { 'content-encoding': 'gzip' },
    }));
    expect(gzip.delivery).toMatchObject({ status: 'succeeded', attempt: 1, responseCode: 202 });
    expect(gzip.delivery.responseBody).not.toContain('\u0000');
    expect(gzip.delivery.responseBody).not.toContain('\ufffd');
    expect(gzip.delivery.responseBody!.length).toBeGreaterThan(0);
    expect(utf16.site.received.length + gzip.site.received.length).toBe(2);
  });

  it('should keep at most 1 KB of a long answer, cut where a character ends', async () => {
    // 1023 ASCII bytes and a 3-byte character: the character straddles the 1 KB mark.
    const { delivery } = await deliveredOnce(() => ({ status: 200, body: `${'a'.repeat(1023)}€ and more` }));
    expect(delivery.responseBody).toBe('a'.repeat(1023));
  });

  it('should record the attempt, without the answer, when its result cannot be written', async () => {
    // A rule the answer breaks: the first write of the result fails as a NUL byte made it fail.
    await sql`alter table webhook_deliveries add constraint test_refused_answer
      check (response_body is null or response_body not like 'refuse me%')`.execute(ctx.db);
    try {
      const { site, delivery } = await deliveredOnce(() => ({ status: 200, body: 'refuse me, please' }));
      expect(delivery).toMatchObject({
        status: 'succeeded',
        attempt: 1,
        responseCode: 200,
        responseBody: null,
      });
      expect(delivery.error).toMatch(/^The answer could not be stored: /);
      expect(site.received).toHaveLength(1);
    } finally {
      await sql`alter table webhook_deliveries drop constraint test_refused_answer`.execute(ctx.db);
    }
  });

  it('should fail a delivery whose attempts are used up instead of claiming it again', async () => {
    const world = await webhookWorld(ctx);
    const site = await receiver(() => 200);
    const hook = await registered(world.hooks, site.url, ['tag.created']);
    // As a delivery is left when every attempt's result was lost (the process died each time).
    const used = FAST_DELIVERY.retryDelaysMs.length + 1;
    const eventId = await ctx.db
      .insertInto('webhook_events')
      .values({ domain_id: world.domain.id, type: 'tag.created', body: '{"type":"tag.created"}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('webhook_deliveries')
      .values({ webhook_id: hook.id, event_id: eventId.id, attempt: used })
      .execute();
    // The next event of the webhook is not held back behind it.
    await world.blogs.createTag('Next');
    await eventually(() => site.received.length === 1, 10_000, 'the next delivery');
    const deliveries = await settledDeliveries(world.hooks, hook.id, 2);
    expect(deliveries.map((d) => [d.status, d.attempt])).toEqual([
      ['succeeded', 1],
      ['failed', used],
    ]);
    expect(deliveries[1]!.error).toBe(
      `Gave up after ${used} attempts: the result of the last one was never recorded`,
    );
    expect(site.received.map((d) => d.json.type)).toEqual(['tag.created']);
    expect((await deliveriesOf(world.hooks, hook.id)).every((d) => d.status !== 'pending')).toBe(true);
  });
});
