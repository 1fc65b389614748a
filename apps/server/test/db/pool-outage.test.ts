import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { expectErrorBody } from '../access/access-fixtures.js';
import { blogApi, postBody } from '../routes/blogs/blog-fixtures.js';
import { createTestContext, tempDataDir, type TestContext } from '../helpers/test-app.js';
import { TEST_DB } from '../helpers/test-database.js';
import { databaseBehindProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

// Issue 19, finding 1: a PostgreSQL restart, a terminated backend or a network fault must cost
// answers (503 with Retry-After), never the process. The app reaches the database through a TCP
// proxy that breaks connections the way restarts and networks do, so the shared server is never
// touched. PostgreSQL only: PGlite lives in the process and has no connections to lose.
const run = TEST_DB === 'postgres' ? describe : describe.skip;

/** The pool gives up on a connection attempt after this long (5 s in production). */
const CONNECT_TIMEOUT_MS = 1_000;

let proxy: TcpProxy;
let ctx: TestContext;
let schema: Awaited<ReturnType<typeof databaseBehindProxy>>['schema'];
let db: Db;
let api: ReturnType<typeof blogApi>;
const logged: { level: string; message: string }[] = [];

beforeAll(async () => {
  if (TEST_DB !== 'postgres') return;
  ({ schema, proxy, db } = await databaseBehindProxy({
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    log: {
      info: (message) => logged.push({ level: 'info', message }),
      warn: (message) => logged.push({ level: 'warn', message }),
      error: (message) => logged.push({ level: 'error', message }),
    },
  }));
  ctx = await createTestContext({ database: { db, drop: () => db.destroy() } });
  const domain = await ctx.domain();
  const { token } = await ctx.member('editor', domain);
  api = blogApi(ctx, token, domain.domain);
});

afterAll(async () => {
  await ctx?.close();
  await proxy?.close();
  await schema?.drop();
});

beforeEach(async () => {
  await proxy?.forward();
  logged.length = 0;
});

/** Opens as many connections as the pool holds, so that each is idle in the pool afterwards. */
async function fillPool() {
  const answers = await Promise.all([api.list(), api.list(), api.list()]);
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
}

function expectUnavailable(response: Awaited<ReturnType<typeof api.list>>) {
  const body = expectErrorBody(response as never, 503);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(body.errors.join(' ')).toMatch(/database/i);
  return body;
}

run('the database going away under a running app (PostgreSQL)', () => {
  it("should keep running when its idle connections are closed (regression: Unhandled 'error' event on the pg pool)", async () => {
    await fillPool();
    proxy.cut();
    // The pool learns of the closed connections from their sockets; without a listener, pg's
    // 'error' event would end the process (here: fail the run with an uncaught exception).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await api.list();
    expect(after.statusCode, after.body).toBe(200);
    expect(logged.filter((l) => l.level === 'warn').length).toBeLessThanOrEqual(1);
  });

  it('should answer 503 with Retry-After to reads, writes and /readyz while the database is down, and 200 as soon as it is back', async () => {
    await fillPool();
    await proxy.refuse();
    expectUnavailable(await api.list());
    expectUnavailable(await api.create(postBody({ title: 'Written while down' })));
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);

    await proxy.forward();
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const list = await api.list();
    expect(list.statusCode, list.body).toBe(200);
    // The write refused with 503 never happened.
    expect(list.json().entries.map((p: { title: string }) => p.title)).not.toContain('Written while down');

    // One line when it went, one when it came back: not one per request.
    const lines = logged.map((l) => `${l.level}: ${l.message}`);
    expect(
      lines.filter((l) => l.includes('cannot reach the database')),
      lines.join('\n'),
    ).toHaveLength(1);
    expect(
      lines.filter((l) => l.includes('answers again')),
      lines.join('\n'),
    ).toHaveLength(1);
    expect(lines.join('\n')).toContain(`127.0.0.1:${proxy.port}`);
    expect(lines.every((l) => !l.includes('\n    at '))).toBe(true);
  });

  it('should answer /readyz with 503 within its short timeout while connection attempts hang, and a request with 503 after the connect timeout', async () => {
    await proxy.hang();
    proxy.cut();
    let started = Date.now();
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(4_000);

    started = Date.now();
    expectUnavailable(await api.list());
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 4_000);

    await proxy.forward();
    const list = await api.list();
    expect(list.statusCode, list.body).toBe(200);
  });

  it('should retry a read once on a fresh connection when its idle connection died unnoticed', async () => {
    await fillPool();
    const resetsBefore = proxy.resets;
    proxy.poison();
    const list = await api.list();
    expect(list.statusCode, list.body).toBe(200);
    // The read did meet a dead connection, and was answered from a new one.
    expect(proxy.resets).toBeGreaterThan(resetsBefore);
  });

  it('should retry a write whose transaction had not begun when its connection died unnoticed, and write it once', async () => {
    await fillPool();
    const resetsBefore = proxy.resets;
    proxy.poison();
    const title = `Written once ${Date.now()}`;
    const created = await api.create(postBody({ title }));
    expect(created.statusCode, created.body).toBe(201);
    expect(proxy.resets).toBeGreaterThan(resetsBefore);
    const list = await api.list({ search: title });
    expect(list.json().entries.map((p: { title: string }) => p.title)).toEqual([title]);
  });

  it('should answer 503 and not retry a write whose connection died inside its transaction', async () => {
    const created = await api.create(postBody({ title: 'Before the cut' }));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const etag = String(created.headers.etag);

    // Another session holds the post's row, so the update waits inside its transaction.
    const holder = new pg.Client({
      connectionString: schema.url,
      options: `-c search_path=${schema.searchPath}`,
    });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from posts where id = $1 for update', [id]);
      const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const update = api.update(id, postBody({ title: 'After the cut' }), { 'if-match': etag });
      await waitFor(async () => {
        const { rows } = await holder.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
          [holderPid],
        );
        return rows[0]!.n > 0;
      });
      proxy.cut();
      expectUnavailable(await update);
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    // Had the update been sent again on a new connection, it would have gone through by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await api.get(id);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().title).toBe('Before the cut');
    expect(after.headers.etag).toBe(etag);
  });

  it("should answer the built-in provider's token endpoint with 503 and Retry-After while the database is down", async () => {
    const env = parseEnv({
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: tempDataDir(),
      MASTHEAD_DEMO: '0',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ env, db: ctx.db, logger: false });
    await app.ready();
    try {
      await proxy.refuse();
      const response = await app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: 'a'.repeat(43),
          client_id: env.OIDC_CLIENT_ID,
        }).toString(),
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await proxy.forward();
      await app.close();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
