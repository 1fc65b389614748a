import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../access/access-fixtures.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { webhookApi } from './webhook-fixtures.js';

// Issue 29, findings 4 and 5: the limits on what a domain's admins can make the worker do, and
// the ports a webhook may reach. No delivery worker: these tests look at the API and the rows.
const lookup = async (): Promise<LookupAddress[]> => [{ address: '93.184.216.34', family: 4 }];

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_PER_MINUTE: '0', WEBHOOK_MAX_PER_DOMAIN: '3', WEBHOOK_TESTS_PER_MINUTE: '4' },
    webhooks: { lookup },
  });
});
afterAll(async () => ctx?.close());

async function admin() {
  const domain = await ctx.domain();
  const { token } = await ctx.member('admin', domain);
  return { domain, hooks: webhookApi(ctx, token, domain.domain) };
}

const hook = (url = 'https://site.example.test/hooks') => ({ url, events: ['tag.created'] });

describe('POST /cms/webhooks', () => {
  it('should refuse a webhook past WEBHOOK_MAX_PER_DOMAIN with 409 saying what to do', async () => {
    const { hooks } = await admin();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await hooks.create(hook(`https://site.example.test/${i}`));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    const refused = expectErrorBody(await hooks.create(hook()), 409);
    expect(refused.errors).toEqual([
      'This domain already has 3 webhooks, the most it may have (WEBHOOK_MAX_PER_DOMAIN); remove one it no longer needs, or send several events to one webhook',
    ]);
    expect((await hooks.list()).json<unknown[]>()).toHaveLength(3);
    // Another domain has its own allowance, and a removal makes room.
    expect((await (await admin()).hooks.create(hook())).statusCode).toBe(201);
    expect((await hooks.remove(ids[0]!)).statusCode).toBe(204);
    expect((await hooks.create(hook())).statusCode).toBe(201);
  });

  it('should allow only the ports 443, 80 and 8443 (WEBHOOK_PORTS)', async () => {
    const { hooks } = await admin();
    for (const url of ['https://site.example.test:25/', 'https://site.example.test:6379/x']) {
      const body = expectErrorBody(await hooks.create(hook(url)), 400);
      expect(body.errors).toEqual([
        `url: port ${new URL(url).port} is not allowed; use 443, 80 or 8443 (WEBHOOK_PORTS)`,
      ]);
    }
    expect((await hooks.create(hook('https://site.example.test:8443/'))).statusCode).toBe(201);
    expect((await hooks.create(hook('https://site.example.test:443/'))).statusCode).toBe(201);
  });

  it('should refuse IPv4-compatible IPv6 addresses (::/96)', async () => {
    const { hooks } = await admin();
    for (const url of ['https://[::7f00:1]/', 'https://[::5db8:d822]/', 'https://[::]/']) {
      const body = expectErrorBody(await hooks.create(hook(url)), 400);
      expect(body.errors[0]).toMatch(/^url: the host .* resolves to .*, a private or reserved address$/);
    }
  });
});

describe('POST /cms/webhooks/{id}/test and /deliveries/{deliveryId}/redeliver', () => {
  it('should answer 429 with Retry-After past WEBHOOK_TESTS_PER_MINUTE calls of a domain', async () => {
    const { hooks } = await admin();
    const created = (await hooks.create(hook())).json<{ id: string }>();
    const ping = await hooks.test(created.id);
    expect(ping.statusCode, ping.body).toBe(202);
    const deliveryId = ping.json<{ id: string }>().id;
    for (let i = 0; i < 2; i++) expect((await hooks.test(created.id)).statusCode).toBe(202);
    expect((await hooks.redeliver(created.id, deliveryId)).statusCode).toBe(202);
    // Tests and redeliveries share the domain's allowance.
    for (const refused of [await hooks.test(created.id), await hooks.redeliver(created.id, deliveryId)]) {
      const body = expectErrorBody(refused, 429);
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(body.errors[0]).toBe(
        `This domain has sent 4 test or redelivered events this minute, the most it may (WEBHOOK_TESTS_PER_MINUTE); try again in ${seconds} s`,
      );
    }
    // Nothing was queued by the refused calls.
    expect((await hooks.deliveries(created.id)).json()).toMatchObject({ totalEntries: 4 });
    // Another domain's allowance is its own.
    const other = await admin();
    const otherHook = (await other.hooks.create(hook())).json<{ id: string }>();
    expect((await other.hooks.test(otherHook.id)).statusCode).toBe(202);
  });
});
