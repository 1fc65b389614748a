import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAfterRestart } from '../helpers/ledger-check.js';
import {
  CLI_ENTRY,
  SERVER_ENTRY,
  freePort,
  startProcess,
  type RunningProcess,
} from '../helpers/server-process.js';
import { TEST_DB, createScratchPostgresDatabase } from '../helpers/test-database.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../helpers/test-identity-provider.js';
import { LoadClient, type Target } from '../helpers/write-load.js';

// Crash safety, proved (issue 9): the built server under a write load from several clients is
// killed with SIGKILL at a random moment, several times, and restarted at once. After each restart
// it must be ready within 15 s, and every write that got a 2xx must be there as acknowledged.
const KILLS = 4;
const CLIENTS = 6;
const READY_WITHIN_MS = 15_000;
const DOMAIN = 'crash.example.com';
const EMAIL = 'crash-editor@example.com';

let idp: TestIdentityProvider;
let dataDir: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;

/** A database of this file's own on the PostgreSQL server, dropped after. */
async function createPostgresDatabase(): Promise<string> {
  const scratch = await createScratchPostgresDatabase('masthead_crash');
  dropDatabase = scratch.drop;
  return scratch.url;
}

async function cli(...args: string[]) {
  const run = startProcess(CLI_ENTRY, args, env);
  const code = await run.exited;
  if (code !== 0) throw new Error(`masthead ${args.join(' ')} failed:\n${run.output()}`);
}

/** Starts the server and waits for /readyz; returns how long it took. */
async function startServer(baseUrl: string): Promise<{ server: RunningProcess; readyMs: number }> {
  const started = Date.now();
  const server = startProcess(SERVER_ENTRY, [], env);
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() - started < READY_WITHIN_MS * 2 && !exited) {
    const status = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { server, readyMs: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.child.kill('SIGKILL');
  throw new Error(`The server was not ready after a restart:\n${server.output()}`);
}

beforeAll(async () => {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" first`);
  idp = await startTestIdentityProvider();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthead-crash-'));
  const port = await freePort();
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    OIDC_AUTHORITY: idp.issuer,
    MASTHEAD_DEMO: '0',
    // The load and the checks make more calls than the per-user budget allows; limits are tested elsewhere.
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    ...(TEST_DB === 'postgres' ? { DATABASE_URL: await createPostgresDatabase() } : {}),
  };
  await cli('domain', 'add', DOMAIN, '--name', 'Crash test');
  await cli('member', 'add', EMAIL, DOMAIN, '--role', 'editor');
});

afterAll(async () => {
  await dropDatabase?.();
  await idp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`crash safety on ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  it(
    'should keep every acknowledged write through repeated kill -9 and be ready again within 15 s',
    { timeout: 120_000 },
    async () => {
      const target: Target = { baseUrl: env.PUBLIC_URL!, domain: DOMAIN, token: await idp.tokenFor(EMAIL) };
      const clients = Array.from({ length: CLIENTS }, (_, i) => new LoadClient(`client-${i}`, () => target));
      let { server } = await startServer(target.baseUrl);
      let checked = 0;
      let inDoubt = 0;
      const readyTimes: number[] = [];
      try {
        for (let kill = 1; kill <= KILLS; kill++) {
          const load = Promise.all(clients.map((client) => client.run()));
          await new Promise((resolve) => setTimeout(resolve, 800 + Math.random() * 2_200));
          server.child.kill('SIGKILL');
          await server.exited;
          await load; // each client stops at the request the kill cut off

          const restarted = await startServer(target.baseUrl);
          server = restarted.server;
          readyTimes.push(restarted.readyMs);
          const result = await checkAfterRestart(target, clients);
          expect(result.problems, `after kill ${kill}`).toEqual([]);
          checked += result.checked;
          inDoubt += result.inDoubt;
        }
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      const acknowledged = clients.reduce((sum, c) => sum + c.acknowledged, 0);
      expect(Math.max(...readyTimes)).toBeLessThan(READY_WITHIN_MS);
      expect(acknowledged).toBeGreaterThan(KILLS * CLIENTS);
      console.log(
        `crash safety on ${TEST_DB}: ${KILLS} kills survived; ${acknowledged} writes acknowledged, ` +
          `${checked} acknowledged states checked after the restarts, ${inDoubt} writes cut off by a kill ` +
          `found whole or absent; lost: 0; ready again in ${Math.min(...readyTimes)}–${Math.max(...readyTimes)} ms`,
      );
    },
  );
});
