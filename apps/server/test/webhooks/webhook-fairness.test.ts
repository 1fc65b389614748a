import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSecrets } from '../../src/lib/webhook-secrets.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { publishedPost } from '../delivery/delivery-fixtures.js';
import { registered, webhookWorld } from './webhook-fixtures.js';
import { eventually, startReceiver, type Receiver } from './webhook-receiver.js';

// Issue 29, finding 4: one domain's receivers that never answer must not stall another domain's
// webhooks. The worker runs with its production timeouts; only its poll is quicker.
let ctx: TestContext;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_PORTS: 'any',
    },
    webhooks: { delivery: { pollMs: 200 } },
  });
});
afterAll(async () => {
  await ctx?.close();
  for (const close of closers) await close();
});

/**
 * An HTTP server that takes requests and finishes no answer until `release()`; with `startAnswer`
 * it sends the status line and a few bytes at once, and holds the rest.
 */
async function silentServer(options: { startAnswer?: boolean } = {}) {
  const open = new Set<ServerResponse>();
  let received = 0;
  const server = createServer((_request: IncomingMessage, response: ServerResponse) => {
    received++;
    open.add(response);
    response.on('close', () => open.delete(response));
    if (options.startAnswer) response.writeHead(200, { 'content-type': 'text/plain' }).write('working');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  closers.push(close);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    /** Requests answered by none so far, still open. */
    open: () => open.size,
    received: () => received,
    release: () => {
      for (const response of open) {
        if (!response.headersSent) response.writeHead(200);
        response.end('late');
      }
    },
  };
}

async function receiver() {
  const site: Receiver = await startReceiver();
  closers.push(site.close);
  return site;
}

describe('webhook delivery across domains', () => {
  it("should deliver another domain's post.published within 10 s while 500 deliveries of one domain wait on a receiver that never answers", async () => {
    const stalled = await webhookWorld(ctx);
    const silent = await silentServer();
    // 500 webhooks, as a domain could have before the cap on webhooks per domain: inserted as the
    // API would, each with its own encrypted secret.
    const secrets = await ctx.app.webhooks.secrets();
    const rows = Array.from({ length: 500 }, () => {
      const id = randomUUID();
      return {
        id,
        domain_id: stalled.domain.id,
        url: silent.url,
        events: ['tag.created'],
        secret_encrypted: secrets.encrypt(id, WebhookSecrets.newSecret()),
      };
    });
    await ctx.db.insertInto('webhooks').values(rows).execute();
    expect((await stalled.blogs.createTag('Stuck')).id).toEqual(expect.any(String));
    await eventually(() => silent.received() > 0, 10_000, 'the stalled domain to be sent to');

    const other = await webhookWorld(ctx);
    const site = await receiver();
    const hook = await registered(other.hooks, site.url, ['post.published']);
    const post = await publishedPost(other.blogs, { title: 'Not held back' });
    const published = Date.now();
    await eventually(() => site.received.length === 1, 10_000, "the other domain's post.published");
    const waitedMs = Date.now() - published;
    site.verifyAll(hook.secret);
    expect(site.received[0]!.json).toMatchObject({ type: 'post.published', data: { id: post.id } });
    // The stalled domain had its share of the worker, no more.
    expect(silent.open()).toBeLessThanOrEqual(8);
    console.info(`post.published reached the other domain after ${waitedMs} ms`);
  }, 60_000);

  it("should send a webhook's next deliveries while another webhook's answer is still awaited", async () => {
    const world = await webhookWorld(ctx);
    // It answers at once and takes its time over the rest (within the 10 s an exchange may last).
    const slow = await silentServer({ startAnswer: true });
    const fast = await receiver();
    await registered(world.hooks, slow.url, ['tag.created']);
    await registered(world.hooks, fast.url, ['tag.created']);
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) await world.blogs.createTag(name);
    await eventually(() => fast.received.length === 5, 20_000, 'the five tags at the fast receiver');
    // The slow receiver's first request was never cut off nor sent again meanwhile: the fast
    // webhook's deliveries did not wait for it.
    expect([slow.received(), slow.open()]).toEqual([1, 1]);
    expect(fast.received.map((d) => d.json.data.name)).toEqual(['One', 'Two', 'Three', 'Four', 'Five']);
    slow.release();
  }, 60_000);
});
