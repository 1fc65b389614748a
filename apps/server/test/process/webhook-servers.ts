import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  CLI_ENTRY,
  SERVER_ENTRY,
  freePort,
  startProcess,
  type RunningProcess,
} from '../helpers/server-process.js';
import { TEST_DB, createScratchPostgresDatabase } from '../helpers/test-database.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../helpers/test-identity-provider.js';
import { eventually } from '../webhooks/webhook-receiver.js';

// The built server for the webhook process tests (issue 21): processes, their environment and calls.
export const DOMAIN = 'hooks.example.com';
export const EMAIL = 'hooks-admin@example.com';

/**
 * The identity provider and the clean-ups of one test file, which calls this at its top level. Test
 * files share their worker's modules (decision 060), so what belongs to one file is made here, not
 * at this module's top level.
 */
export function webhookServers() {
  let idp: TestIdentityProvider;
  let token: string | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    idp = await startTestIdentityProvider();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await idp?.close();
  });

  async function baseEnv(options: { postgres?: boolean } = {}) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthead-hooks-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OIDC_AUTHORITY: idp.issuer,
      MASTHEAD_DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_PORTS: 'any',
    };
    if (TEST_DB === 'postgres' || options.postgres) {
      const scratch = await createScratchPostgresDatabase('masthead_hooks');
      cleanups.push(scratch.drop);
      env.DATABASE_URL = scratch.url;
    }
    return env;
  }

  async function startServer(env: Record<string, string>) {
    const port = await freePort();
    const server = startProcess(SERVER_ENTRY, [], {
      ...env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    cleanups.push(() => {
      server.child.kill('SIGKILL');
    });
    const base = `http://127.0.0.1:${port}`;
    await eventually(
      async () =>
        (await fetch(`${base}/readyz`).then(
          (r) => r.status,
          () => 0,
        )) === 200,
      60_000,
      `the server to be ready:\n${server.output()}`,
    );
    return { server, base };
  }

  /** The admin's bearer token, made once. */
  async function bearer() {
    token ??= await idp.tokenFor(EMAIL);
    return token;
  }

  async function call(base: string, method: string, url: string, body?: object) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${await bearer()}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text) as { id: string; secret: string };
  }

  return { cleanups, baseEnv, startServer, bearer, call };
}

export async function cli(env: Record<string, string>, ...args: string[]) {
  const run = startProcess(CLI_ENTRY, args, env);
  const code = await run.exited;
  if (code !== 0) throw new Error(`masthead ${args.join(' ')} failed:\n${run.output()}`);
}

export async function kill(server: RunningProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
}
