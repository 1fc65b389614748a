import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { duePostQuery } from '../../src/db/repositories/posts.repository.js';
import { createTestContext, tempDataDir, type TestContext } from '../helpers/test-app.js';
import { TEST_DB } from '../helpers/test-database.js';
import { databaseBehindProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { newDomainApi, sleep } from '../routes/blogs/blog-fixtures.js';
import { approvedPost, scheduleApi, testClock, waitFor } from './schedule-fixtures.js';
import { capturedLog } from './schedule-log.js';

// The scheduled publisher with several processes and through outages, which only PostgreSQL has:
// two apps, each with its own pool and worker, on one database publish each due post once; and a
// database that goes away costs the worker a log line and a delay, never the process.
const run = TEST_DB === 'postgres' ? describe : describe.skip;

const clock = testClock(Date.parse('2027-06-01T12:00:00Z'));
let schema: Awaited<ReturnType<typeof databaseBehindProxy>>['schema'];
let proxy: TcpProxy;
let direct: Db;
let viaProxy: Db;
let ctx: TestContext;
const firstLog = capturedLog();

beforeAll(async () => {
  if (TEST_DB !== 'postgres') return;
  ({ schema, proxy, db: viaProxy } = await databaseBehindProxy());
  direct = createDatabase({ kind: 'postgres', url: schema.url, searchPath: schema.searchPath, poolSize: 3 });
  // The first app reaches the database through the proxy; the tests' own calls go to the second.
  ctx = await createTestContext({
    database: { db: viaProxy, drop: () => viaProxy.destroy() },
    clock: clock.now,
    publishScheduled: { everyMs: 20 },
    logger: firstLog.logger,
  });
});

afterAll(async () => {
  await ctx?.close();
  await direct?.destroy();
  await proxy?.close();
  await schema?.drop();
});

/** A second server process's app: its own pool (on the direct address) and its own worker. */
async function secondApp() {
  const log = capturedLog();
  const app = await buildApp({
    env: parseEnv({
      OIDC_AUTHORITY: ctx.idp.issuer,
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: tempDataDir(),
      MASTHEAD_DEMO: '0',
    }),
    db: direct,
    logger: log.logger,
    clock: clock.now,
    publishScheduled: { everyMs: 20 },
  });
  await app.ready();
  return { app, log };
}

run('the scheduled publisher on PostgreSQL', () => {
  it('should publish each due post once with two workers on one database', async () => {
    const second = await secondApp();
    try {
      const w = await newDomainApi(ctx, 'editor');
      const schedule = scheduleApi(ctx, w.token, w.domain.domain);
      const publishAt = new Date(clock.now().getTime() + 3600_000);
      const posts = [];
      for (let n = 0; n < 40; n++) {
        const post = await approvedPost(w.api, { title: `Twice ${n}` });
        const res = await schedule.set(post.id, publishAt.toISOString());
        expect(res.statusCode, res.body).toBe(200);
        posts.push({ id: post.id, version: Number(JSON.parse(res.headers.etag as string)) });
      }
      const ids = posts.map((p) => p.id);
      clock.set(publishAt);
      await waitFor(async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from posts where id = any(${ids}::uuid[]) and published`.execute(direct);
        return rows[0]!.n === ids.length;
      }, 20_000);
      // Each worker logs a publish once its commit has come back to it, which can be after the
      // count above sees it: wait for every line, then a moment for any second publish to show.
      const logged = () =>
        [...firstLog.published(), ...second.log.published()].filter((id) => ids.includes(id));
      await waitFor(async () => new Set(logged()).size === ids.length, 10_000);
      await sleep(300);

      const publishes = logged();
      expect(publishes.sort()).toEqual([...ids].sort());
      const { rows } = await sql<{ id: string; version: number; upserts: number }>`
        select p.id, p.version,
               (select count(*)::int from post_changes c where c.post_id = p.id and c.type = 'upsert') as upserts
        from posts p where p.id = any(${ids}::uuid[])`.execute(direct);
      for (const row of rows) {
        expect(row.version).toBe(posts.find((p) => p.id === row.id)!.version + 1);
        expect(row.upserts).toBe(1);
      }
    } finally {
      await second.app.close();
    }
  });

  it('should survive the database going away, say so once, and publish when it is back', async () => {
    const w = await newDomainApi(ctx, 'editor');
    const post = await approvedPost(w.api, { title: 'Through an outage' });
    const publishAt = new Date(clock.now().getTime() + 3600_000);
    expect(
      (await scheduleApi(ctx, w.token, w.domain.domain).set(post.id, publishAt.toISOString())).statusCode,
    ).toBe(200);
    firstLog.lines.length = 0;
    await proxy.refuse();
    clock.set(publishAt);
    // Many runs of the worker meet a refused connection meanwhile.
    await sleep(2_500);
    const warnings = firstLog
      .messages()
      .filter((m) => m.startsWith('scheduled publishing waits for the database'));
    expect(warnings).toHaveLength(1);
    const { rows } = await sql<{
      published: boolean;
    }>`select published from posts where id = ${post.id}`.execute(direct);
    expect(rows[0]!.published).toBe(false);

    await proxy.forward();
    // "Works again" is logged when the run that published it ends.
    await waitFor(
      async () =>
        firstLog.published().includes(post.id) &&
        firstLog.messages().includes('scheduled publishing works again'),
      15_000,
    );
    const after = await sql<{
      published: boolean;
    }>`select published from posts where id = ${post.id}`.execute(direct);
    expect(after.rows[0]!.published).toBe(true);
  });

  it('should find due posts and list scheduled ones through their partial indexes', async () => {
    const w = await newDomainApi(ctx, 'editor');
    // Many posts without a schedule, as a real domain has, and fresh statistics.
    await sql`
      insert into posts (domain_id, title, slug, written_by, editor_html_content, editor_text_string,
                         short_description, feature_image_url, fields)
      select ${w.domain.id}, 'Filler ' || n, 'filler-' || n, 'Ada', '<p>x</p>', 'x', '', '', '{}'
      from generate_series(1, 3000) n`.execute(direct);
    await sql`analyze posts`.execute(direct);
    const plan = async (compiled: CompiledQuery) => {
      const { rows } = await direct.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    // Either partial index holds the scheduled posts alone; the planner may take either while
    // they are few. What matters is that no run reads the posts without a schedule.
    const due = await plan(duePostQuery(direct, clock.now()).compile());
    expect(due).toMatch(/posts_scheduled_(due|list)_idx/);
    expect(due).not.toMatch(/Seq Scan/);
    // The ids statement of a status=scheduled page (post-list.repository readPage).
    const listIds = direct
      .selectFrom('posts')
      .select('posts.id')
      .where('posts.domain_id', '=', w.domain.id)
      .where('posts.scheduled_for', 'is not', null)
      .orderBy('posts.updated_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(10);
    const list = await plan(listIds.compile());
    expect(list).toContain('posts_scheduled_list_idx');
    expect(list).not.toMatch(/Seq Scan/);
  });
});
