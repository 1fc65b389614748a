import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { TEST_DB } from '../helpers/test-database.js';
import { databaseBehindProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { FAST_DELIVERY, registered, webhookWorld } from './webhook-fixtures.js';
import { eventually, startReceiver, type Receiver } from './webhook-receiver.js';

// The delivery worker through a database outage (PostgreSQL behind a proxy the test cuts): it must
// neither crash the process nor stop, and deliver once the database is back.
const run = TEST_DB === 'postgres' ? describe : describe.skip;

let proxy: TcpProxy;
let ctx: TestContext;
let schema: Awaited<ReturnType<typeof databaseBehindProxy>>['schema'];
let site: Receiver;

beforeAll(async () => {
  if (TEST_DB !== 'postgres') return;
  let db: Db;
  ({ schema, proxy, db } = await databaseBehindProxy());
  ctx = await createTestContext({
    database: { db, drop: () => db.destroy() },
    env: {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_PORTS: 'any',
    },
    webhooks: { delivery: FAST_DELIVERY },
  });
  site = await startReceiver();
});

afterAll(async () => {
  await ctx?.close();
  await proxy?.close();
  await schema?.drop();
  await site?.close();
});

run('the webhook worker during a database outage', () => {
  it('should keep polling through the outage and deliver once the database is back', async () => {
    const world = await webhookWorld(ctx);
    const hook = await registered(world.hooks, site.url, ['tag.created']);
    await world.blogs.createTag('Before');
    await eventually(() => site.received.length === 1);

    // Refused, then hanging connections: every poll of the worker fails for a while.
    await proxy.refuse();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    proxy.cut();
    await proxy.hang();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await proxy.forward();

    await eventually(
      async () => (await world.blogs.tags()).statusCode === 200,
      15_000,
      'the API to answer again',
    );
    await world.blogs.createTag('After');
    await eventually(
      () => site.received.some((d) => d.json.data.name === 'After'),
      15_000,
      'the delivery after the outage',
    ).catch(async (error: Error) => {
      const rows = await ctx.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', hook.id)
        .execute();
      throw new Error(
        `${error.message}: ${JSON.stringify(rows)} received ${site.received.map((d) => d.json.data.name)}`,
        { cause: error },
      );
    });
    site.verifyAll(hook.secret);
    // "Before" comes twice when the outage began before its success was recorded: at least once,
    // with the same webhook-id, so that the receiver can drop the repeat.
    const byId = new Map(site.received.map((d) => [d.headers['webhook-id'], d.json.data.name]));
    expect([...byId.values()]).toEqual(['Before', 'After']);
  });
});
