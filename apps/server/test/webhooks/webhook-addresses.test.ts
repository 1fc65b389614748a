import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolverLookup } from '../../src/lib/webhook-resolver.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { deliveriesOf, FAST_DELIVERY, registered, webhookWorld } from './webhook-fixtures.js';
import { eventually, startReceiver, type Receiver } from './webhook-receiver.js';

/** A DNS whose answer for rebind.example.test the test changes after registration. */
let rebindTo = '93.184.216.34';
const serverLookup = resolverLookup({ timeoutMs: 2000 });
const lookup = async (host: string): Promise<LookupAddress[]> =>
  host === 'rebind.example.test' ? [{ address: rebindTo, family: 4 }] : serverLookup(host);

let ctx: TestContext;
let site: Receiver;

beforeAll(async () => {
  // Private addresses are refused (no WEBHOOK_ALLOW_PRIVATE); http is allowed to reach the test receiver.
  ctx = await createTestContext({
    env: { RATE_LIMIT_PER_MINUTE: '0', WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_PORTS: 'any' },
    webhooks: { delivery: FAST_DELIVERY, lookup },
  });
  site = await startReceiver();
});
afterAll(async () => {
  await ctx?.close();
  await site?.close();
});

describe('webhook addresses without WEBHOOK_ALLOW_PRIVATE', () => {
  it('should refuse a host that resolves to loopback at registration', async () => {
    const world = await webhookWorld(ctx);
    for (const url of [
      site.url,
      `http://localhost:${site.port}/hook`,
      'http://0.0.0.0/',
      'http://[fe80::1]/',
    ]) {
      const body = expectErrorBody(await world.hooks.create({ url, events: ['tag.created'] }), 400);
      expect(body.errors[0]).toMatch(/^url: the host .* resolves to .*, a private or reserved address$/);
    }
    expect((await world.hooks.list()).json()).toEqual([]);
  });

  it('should refuse to deliver when the host resolves to a private address at delivery time', async () => {
    const world = await webhookWorld(ctx);
    rebindTo = '93.184.216.34';
    const hook = await registered(world.hooks, `http://rebind.example.test:${site.port}/hook`, [
      'tag.created',
    ]);
    rebindTo = '127.0.0.1';
    await world.blogs.createTag('Rebound');
    await eventually(async () => (await deliveriesOf(world.hooks, hook.id))[0]?.status === 'failed', 10_000);
    const [delivery] = await deliveriesOf(world.hooks, hook.id);
    expect(delivery!.error).toBe(
      'the host rebind.example.test resolves to 127.0.0.1, a private or reserved address',
    );
    expect(delivery!.responseCode).toBeNull();
    expect(site.received).toHaveLength(0);
  });
});
