import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { insertDomain, upsertMembership } from '../../src/db/repositories/domains.repository.js';
import { checkAfterRestart } from '../helpers/ledger-check.js';
import {
  findPostgresBinaries,
  shout,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../helpers/private-postgres.js';
import { processKit, serverAddress, type RunningProcess } from '../helpers/process-kit.js';
import { TEST_DB } from '../helpers/test-database.js';
import { ReadLoad } from '../helpers/read-load.js';
import { LoadClient, type Target } from '../helpers/write-load.js';

// Issue 19, finding 1: the built server in front of a PostgreSQL server that restarts, and whose
// sessions are terminated, under a read and write load: no process exits, no acknowledged write is
// lost, the clients get 200 or 503 (never a 500 or a dropped connection), and full service is back
// within 5 s. The database is a private cluster of this file's own, since the shared one must never
// be restarted. PostgreSQL project only, as cluster.test.ts is.
const binaries = findPostgresBinaries();
const onPostgres = TEST_DB === 'postgres';
const suite = onPostgres && binaries ? describe : describe.skip;
if (onPostgres && !binaries) {
  if (process.env.CI) {
    describe('database outages', () => {
      it('needs PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql', () => {
        throw new Error('No PostgreSQL server binaries: CI must run the database outage tests');
      });
    });
  } else {
    shout('No PostgreSQL binaries under /usr/lib/postgresql: the database outage tests are SKIPPED');
  }
}

/** Each load test writes in a domain of its own, as the ledger check wants to know every post there. */
const domainFor = (processes: number) => `outage-${processes}.example.com`;
const PROBE_DOMAIN = 'probe.example.com';
const EMAIL = 'outage-editor@example.com';
const WRITERS = 4;
const READERS = 3;
const FULL_SERVICE_WITHIN_MS = 5_000;

let postgres: PrivatePostgres;
let token: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

suite('database outages on PostgreSQL', () => {
  const kit = processKit('outage', { idp: true });

  beforeAll(async () => {
    postgres = await startPrivatePostgres(binaries!);
    await postgres.query('create database masthead');
    const db = createDatabase({ kind: 'postgres', url: postgres.url('masthead'), poolSize: 1 });
    try {
      await migrateToLatest(db);
      for (const host of [domainFor(1), domainFor(2), PROBE_DOMAIN]) {
        const domain = await insertDomain(db, { domain: host, name: host });
        await upsertMembership(db, domain.id, EMAIL, 'editor');
      }
    } finally {
      await db.destroy();
    }
    token = await kit.idp.tokenFor(EMAIL);
  });

  afterAll(async () => {
    await postgres?.destroy();
  });

  async function serverEnv(extra: Record<string, string> = {}) {
    return {
      ...(await serverAddress()).env,
      DATABASE_URL: postgres.url('masthead'),
      OIDC_AUTHORITY: kit.idp.issuer,
      MASTHEAD_DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
      ...extra,
    };
  }

  for (const processes of [1, 2]) {
    it(
      `should ride out a restart and terminated sessions under load with WEB_CONCURRENCY=${processes}`,
      { timeout: 120_000 },
      async () => {
        const env = await serverEnv({ WEB_CONCURRENCY: String(processes) });
        const target: Target = { baseUrl: env.PUBLIC_URL, domain: domainFor(processes), token };
        const server = kit.start(env);
        printOutputOnFailure(server);
        try {
          await server.waitFor('Masthead is running');
          const writers = Array.from(
            { length: WRITERS },
            (_, i) => new LoadClient(`writer-${i}`, () => target, { databaseOutage: true }),
          );
          const readers = new ReadLoad(target, READERS);

          // 1. A restart: sessions end, connections are refused for a while, then it is back.
          const restart = await underLoad(writers, readers, async () => {
            await postgres.stop();
            await sleep(2_000);
            await postgres.start();
            return Date.now();
          });
          const afterRestart = await checkAfterRestart(target, writers);
          expect(afterRestart.problems, 'after the restart').toEqual([]);

          // 2. Every session of the server terminated, twice (a pooler's timeout, an operator).
          const terminate = await underLoad(writers, readers, async () => {
            for (let round = 0; round < 2; round++) {
              const [ended] = await postgres.query<{ n: number }>(
                "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = 'masthead'",
              );
              expect(ended!.n).toBeGreaterThan(0);
              await sleep(500);
            }
            return Date.now();
          });
          const afterTerminate = await checkAfterRestart(target, writers);
          expect(afterTerminate.problems, 'after the terminated sessions').toEqual([]);

          // 0 process exits, and the log says what happened in a few lines, not a trace per request.
          expect(server.child.exitCode).toBeNull();
          const output = server.output();
          expect(output).not.toMatch(/exited \(|Unhandled 'error' event|unhandled error/);
          expect(output).not.toMatch(/\n\s+at /);
          const unreachable = output.match(/cannot reach the database at 127\.0\.0\.1:\d+\/masthead/g) ?? [];
          expect(unreachable.length).toBeGreaterThanOrEqual(1);
          expect(unreachable.length).toBeLessThanOrEqual(processes);
          expect(output).toMatch(/the database at 127\.0\.0\.1:\d+\/masthead answers again/);

          const statuses = readers.histogram();
          const acknowledged = writers.reduce((sum, w) => sum + w.acknowledged, 0);
          expect(Object.keys(statuses).sort()).toEqual(expect.arrayContaining(['200']));
          expect(
            Object.keys(statuses).every((s) => s === '200' || s === '503'),
            JSON.stringify(statuses),
          ).toBe(true);
          expect(readers.failures, readers.failures.join('\n')).toEqual([]);
          expect(statuses['503'] ?? 0).toBeGreaterThan(0);
          expect(acknowledged).toBeGreaterThan(WRITERS);
          console.log(
            `database outage, WEB_CONCURRENCY=${processes}: reads ${JSON.stringify(statuses)}, ` +
              `${acknowledged} writes acknowledged, ${writers.reduce((s, w) => s + w.unavailable, 0)} writes answered 503, ` +
              `${afterRestart.checked + afterTerminate.checked} acknowledged states checked, lost: 0; ` +
              `full service ${restart.fullServiceMs} ms after the restart, ${terminate.fullServiceMs} ms after the terminations`,
          );
          expect(restart.fullServiceMs).toBeLessThan(FULL_SERVICE_WITHIN_MS);
          expect(terminate.fullServiceMs).toBeLessThan(FULL_SERVICE_WITHIN_MS);

          server.child.kill('SIGTERM');
          expect(await server.exited).toBe(0);
        } finally {
          stopProcess(server);
        }
      },
    );
  }

  it(
    'should wait for a database that is down at start, and serve once it is up (WEB_CONCURRENCY=2: the primary, then a restarted worker)',
    { timeout: 120_000 },
    async () => {
      await postgres.stop();
      const env = await serverEnv({ WEB_CONCURRENCY: '2', DATABASE_CONNECT_TIMEOUT_SECONDS: '60' });
      const server = kit.start(env);
      printOutputOnFailure(server);
      try {
        await server.waitFor(
          /cannot reach the database at 127\.0\.0\.1:\d+\/masthead \(.*ECONNREFUSED.*\); trying again for up to 60 s/,
        );
        await sleep(1_000);
        expect(server.child.exitCode).toBeNull();
        await postgres.start();
        await server.waitFor('Masthead is running');
        expect(await status(`${env.PUBLIC_URL}/readyz`)).toBe(200);

        // A worker that starts while the database is away waits for it too, instead of exiting.
        await postgres.stop();
        const worker = Number(/worker 1 \(pid (\d+)\) is serving/.exec(server.output())![1]);
        process.kill(worker, 'SIGKILL');
        await server.waitFor(`worker 1 (pid ${worker}) exited (SIGKILL); restarting it in 1 s`);
        await waitUntil(
          () => (server.output().match(/cannot reach the database at .*trying again/g) ?? []).length >= 2,
        );
        await postgres.start();
        await server.waitFor(new RegExp(`worker 1 \\(pid (?!${worker}\\))\\d+\\) is serving`));
        expect(await status(`${env.PUBLIC_URL}/readyz`)).toBe(200);
        expect(server.output()).not.toMatch(/\n\s+at /);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        stopProcess(server);
        if (!(await isUp())) await postgres.start();
      }
    },
  );

  for (const processes of [1, 2]) {
    it(`should give up with one line and exit code 1 after DATABASE_CONNECT_TIMEOUT_SECONDS (WEB_CONCURRENCY=${processes})`, async () => {
      await postgres.stop();
      try {
        const env = await serverEnv({
          WEB_CONCURRENCY: String(processes),
          DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
          DATABASE_URL: postgres.url('masthead').replace('postgres@', 'postgres:never-printed@'),
        });
        const started = Date.now();
        const server = kit.start(env);
        printOutputOnFailure(server);
        expect(await server.exited).toBe(1);
        const elapsed = Date.now() - started;
        expect(elapsed).toBeGreaterThanOrEqual(2_000);
        expect(elapsed).toBeLessThan(15_000);
        const output = server.output();
        expect(output).toMatch(
          new RegExp(
            `masthead: could not reach the database at 127\\.0\\.0\\.1:${postgres.port}/masthead within 2 s \\(.*ECONNREFUSED.*\\); giving up\\n`,
          ),
        );
        expect(output).not.toContain('never-printed');
        expect(output).not.toMatch(/\n\s+at /);
      } finally {
        await postgres.start();
      }
    });
  }
});

async function isUp() {
  try {
    await postgres.query('select 1');
    return true;
  } catch {
    return false;
  }
}

async function status(url: string) {
  return (await fetch(url)).status;
}

async function waitUntil(condition: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

/** A failed test shows what the server said (a worker that exited, an error line), which its assertions may not reach. */
function printOutputOnFailure(server: RunningProcess) {
  onTestFailed(() => {
    console.log(`--- the server's output ---\n${server.output()}--- end of the server's output ---`);
  });
}

function stopProcess(server: RunningProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
}

/**
 * Runs the writers and readers, does the harm after a second, and keeps the load on until full
 * service is back (a read, a write and /readyz all answer 2xx) and a second longer. Returns how
 * long full service took after `harm` returned.
 */
async function underLoad(writers: LoadClient[], readers: ReadLoad, harm: () => Promise<number>) {
  const writing = Promise.all(writers.map((w) => w.run()));
  // A writer's failure is reported when the load is awaited, below, not as an unhandled rejection.
  writing.catch(() => {});
  const reading = readers.run();
  let fullServiceMs: number;
  try {
    await sleep(1_000);
    const back = await harm();
    fullServiceMs = (await fullService(readers.target)) - back;
    await sleep(1_000);
  } finally {
    for (const writer of writers) writer.stop();
    readers.stop();
  }
  await Promise.all([writing, reading]);
  return { fullServiceMs };
}

/** Polls until /readyz, a list and a write (in the probe domain) all succeed; returns when. */
async function fullService(target: Target) {
  const auth = { authorization: `Bearer ${target.token}` };
  for (let attempt = 0; ; attempt++) {
    const ready = await fetch(`${target.baseUrl}/readyz`).then((r) => r.status);
    const list = await fetch(`${target.baseUrl}/cms/blogs/all?domain=${target.domain}`, {
      headers: auth,
    }).then((r) => r.status);
    const write = await fetch(`${target.baseUrl}/cms/tags/info?domain=${PROBE_DOMAIN}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ tagDisplayName: `probe ${Date.now()} ${attempt}` }),
    }).then((r) => r.status);
    if (ready === 200 && list === 200 && write === 201) return Date.now();
    if (attempt > 600) throw new Error('no full service after 60 s');
    await sleep(100);
  }
}
