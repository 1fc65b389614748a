import { get } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { processKit, serverAddress, type RunningProcess } from '../helpers/process-kit.js';
import { TEST_DB } from '../helpers/test-database.js';

// WEB_CONCURRENCY (issue 10, "Scale out"): the built server as N processes behind one port. It
// needs PostgreSQL, so the cluster itself is tested in the PostgreSQL project; the PGlite project
// checks that the embedded database refuses it.
const onPostgres = TEST_DB === 'postgres' ? describe : describe.skip;
const onPglite = TEST_DB === 'pglite' ? describe : describe.skip;

const kit = processKit('cluster', { idp: true });
let baseUrl: string;
let env: Record<string, string>;

beforeAll(async () => {
  const address = await serverAddress();
  baseUrl = address.baseUrl;
  env = {
    ...address.env,
    OIDC_AUTHORITY: kit.idp.issuer,
    // With OIDC_AUTHORITY the demo is created only when asked for.
    MASTHEAD_DEMO: '1',
    LOG_LEVEL: 'info',
    WEB_CONCURRENCY: '2',
  };
});

/** A GET on a connection of its own, so that the cluster hands each one to the next worker. */
function getOnNewConnection(path: string) {
  return new Promise<number>((resolve, reject) => {
    const request = get(`${baseUrl}${path}`, { agent: false, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${path} got no answer in 10 s`)));
    request.on('error', reject);
  });
}

/** The pids of the processes that logged "request completed" for these URLs. */
function servingPids(server: RunningProcess, marker: string) {
  const pids = new Set<number>();
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; pid?: number; req?: { url?: string } };
    if (entry.msg === 'request completed' && entry.req?.url?.includes(marker) && entry.pid) {
      pids.add(entry.pid);
    }
  }
  return pids;
}

/** Sends requests on new connections until two processes have answered them. */
async function pidsAnswering(server: RunningProcess, marker: string) {
  for (let i = 0; i < 20; i++) {
    expect(await getOnNewConnection(`/healthz?${marker}=${i}`)).toBe(200);
  }
  // The log line is written once the response has gone.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return servingPids(server, marker);
}

/** The worker pids the primary announced, in order. */
function announcedWorkers(server: RunningProcess) {
  return [...server.output().matchAll(/worker (\d) \(pid (\d+)\) is serving/g)].map((m) => ({
    slot: Number(m[1]),
    pid: Number(m[2]),
  }));
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

onPostgres('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  // Three processes start, and one again: far slower than one app.inject on a busy machine.
  it(
    'should serve from two processes, restart a killed one, and stop them all on SIGTERM',
    { timeout: 180_000 },
    async () => {
      const server = kit.start({ ...env, DATABASE_URL: await kit.scratchDatabase() });
      try {
        await server.waitFor('Masthead is running');
        expect(server.output()).toContain('(database: PostgreSQL, 2 processes)');
        // The primary migrated and created the demo once, before the workers started.
        expect(server.output().match(/Demo created/g)).toHaveLength(1);
        const workers = announcedWorkers(server);
        expect(workers.map((w) => w.slot).sort()).toEqual([1, 2]);
        expect(new Set(workers.map((w) => w.pid)).size).toBe(2);

        expect(await (await fetch(`${baseUrl}/readyz`)).json()).toEqual({ status: 'ready' });
        const token = await kit.idp.tokenFor('demo@masthead.local');
        const list = await fetch(`${baseUrl}/cms/blogs/all?domain=blog.example.com`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(list.status).toBe(200);

        const first = await pidsAnswering(server, 'before');
        expect([...first].sort()).toEqual(workers.map((w) => w.pid).sort());

        // One worker dies: the other keeps the port answering, and the primary starts a new one.
        const [victim, survivor] = workers as [{ slot: number; pid: number }, { slot: number; pid: number }];
        process.kill(victim.pid, 'SIGKILL');
        await server.waitFor(
          `worker ${victim.slot} (pid ${victim.pid}) exited (SIGKILL); restarting it in 1 s`,
        );
        // Once the primary knows (before it had, it could still hand a new connection to the dead
        // worker, which then never answers: a CI run met that), the survivor answers alone.
        expect(await getOnNewConnection('/readyz')).toBe(200);
        await server.waitFor(
          new RegExp(`worker ${victim.slot} \\(pid (?!${victim.pid}\\))\\d+\\) is serving`),
        );
        const replacement = announcedWorkers(server).at(-1)!;
        expect(replacement.slot).toBe(victim.slot);

        const after = await pidsAnswering(server, 'after');
        expect([...after].sort()).toEqual([survivor.pid, replacement.pid].sort());

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain('every worker has stopped');
        expect(isRunning(survivor.pid)).toBe(false);
        expect(isRunning(replacement.pid)).toBe(false);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        for (const worker of announcedWorkers(server))
          if (isRunning(worker.pid)) process.kill(worker.pid, 'SIGKILL');
      }
    },
  );
});

onPglite('WEB_CONCURRENCY on PGlite', () => {
  it('should refuse more than one process on the embedded database, and say what to do', async () => {
    const refused = kit.start({ ...env, DATA_DIR: '/nonexistent/never-opened' });
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain('WEB_CONCURRENCY: must be 1 with the embedded database');
    expect(refused.output()).toContain('set DATABASE_URL');
  });
});
