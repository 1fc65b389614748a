import { beforeAll, describe, expect, it } from 'vitest';
import { checkAfterRestart } from '../helpers/ledger-check.js';
import {
  cli,
  processKit,
  serverAddress,
  waitUntilReady,
  type RunningProcess,
} from '../helpers/process-kit.js';
import { TEST_DB } from '../helpers/test-database.js';
import { LoadClient, type Target } from '../helpers/write-load.js';

// Crash safety, proved (issue 9): the built server under a write load from several clients is
// killed with SIGKILL at a random moment, several times, and restarted at once. After each restart
// it must be ready within 15 s, and every write that got a 2xx must be there as acknowledged.
const KILLS = 4;
const CLIENTS = 6;
const READY_WITHIN_MS = 15_000;
const DOMAIN = 'crash.example.com';
const EMAIL = 'crash-editor@example.com';

const kit = processKit('crash', { idp: true });
let env: Record<string, string>;

/** Starts the server on the file's port and waits for /readyz; returns how long it took. */
async function startServer(baseUrl: string): Promise<{ server: RunningProcess; readyMs: number }> {
  const server = kit.start(env);
  return { server, readyMs: await waitUntilReady(server, baseUrl, READY_WITHIN_MS * 2) };
}

beforeAll(async () => {
  const address = await serverAddress();
  env = {
    ...address.env,
    DATA_DIR: kit.folder(),
    OIDC_AUTHORITY: kit.idp.issuer,
    MASTHEAD_DEMO: '0',
    // The load and the checks make more calls than the per-user budget allows; limits are tested elsewhere.
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    ...(TEST_DB === 'postgres' ? { DATABASE_URL: await kit.scratchDatabase() } : {}),
  };
  await cli(env, 'domain', 'add', DOMAIN, '--name', 'Crash test');
  await cli(env, 'member', 'add', EMAIL, DOMAIN, '--role', 'editor');
});

describe(`crash safety on ${TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  it(
    'should keep every acknowledged write through repeated kill -9 and be ready again within 15 s',
    { timeout: 120_000 },
    async () => {
      const target: Target = {
        baseUrl: env.PUBLIC_URL!,
        domain: DOMAIN,
        token: await kit.idp.tokenFor(EMAIL),
      };
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
