import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLI_ENTRY,
  SERVER_ENTRY,
  freePort,
  startProcess,
  type RunningProcess,
} from '../helpers/server-process.js';
import { TEST_DB, createScratchPostgresDatabase } from '../helpers/test-database.js';
import { startTestIdentityProvider, type TestIdentityProvider } from '../helpers/test-identity-provider.js';
import { eventually, startReceiver } from '../webhooks/webhook-receiver.js';

// Webhooks across crashes and processes (issue 21), with the built server.
const DOMAIN = 'hooks.example.com';
const EMAIL = 'hooks-admin@example.com';

let idp: TestIdentityProvider;
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
  };
  if (TEST_DB === 'postgres' || options.postgres) {
    const scratch = await createScratchPostgresDatabase('masthead_hooks');
    cleanups.push(scratch.drop);
    env.DATABASE_URL = scratch.url;
  }
  return env;
}

async function cli(env: Record<string, string>, ...args: string[]) {
  const run = startProcess(CLI_ENTRY, args, env);
  const code = await run.exited;
  if (code !== 0) throw new Error(`masthead ${args.join(' ')} failed:\n${run.output()}`);
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

let token: string | undefined;

async function call(base: string, method: string, url: string, body?: object) {
  token ??= await idp.tokenFor(EMAIL);
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as { id: string; secret: string };
}

async function kill(server: RunningProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
}

describe('webhooks with the built server', () => {
  it(
    'should deliver an event whose change committed just before the server was killed',
    { timeout: 120_000 },
    async () => {
      const env = await baseEnv();
      await cli(env, 'domain', 'add', DOMAIN, '--name', 'Hooks');
      await cli(env, 'member', 'add', EMAIL, DOMAIN, '--role', 'admin');
      // The receiver is not listening yet: whatever the server does before it dies cannot deliver.
      const receiverPort = await freePort();
      const { server, base } = await startServer(env);
      const q = `?domain=${DOMAIN}`;
      const { secret, id: hookId } = await call(base, 'POST', `/cms/webhooks${q}`, {
        url: `http://127.0.0.1:${receiverPort}/hook`,
        events: ['post.published'],
      });
      const post = await call(base, 'POST', `/cms/blogs/info${q}`, {
        title: 'Killed after commit',
        editorHtmlContent: '<p>Body</p>',
        writtenBy: 'Tester',
      });
      await call(base, 'PUT', `/cms/blogs/manage/${post.id}${q}&type=APPROVAL&value=true`);
      await call(base, 'PUT', `/cms/blogs/manage/${post.id}${q}&type=PUBLISH&value=true`);
      await kill(server);

      const site = await startReceiver(() => 200, receiverPort);
      cleanups.push(site.close);
      const restarted = await startServer(env);
      try {
        await eventually(() => site.received.length >= 1, 40_000, 'the delivery after the restart');
      } catch (error) {
        const deliveries = await fetch(`${restarted.base}/cms/webhooks/${hookId}/deliveries${q}`, {
          headers: { authorization: `Bearer ${token}` },
        }).then((r) => r.text());
        throw new Error(
          `${(error as Error).message}; deliveries: ${deliveries}; log: ${restarted.server.output()}`,
          { cause: error },
        );
      }
      site.verifyAll(secret);
      expect(site.received[0]!.json).toMatchObject({
        type: 'post.published',
        data: { id: post.id, domain: DOMAIN },
      });
    },
  );

  it.skipIf(TEST_DB !== 'postgres')(
    'should deliver each of 200 events once, in order, with two servers on one PostgreSQL',
    { timeout: 180_000 },
    async () => {
      const env = await baseEnv();
      // Two servers with data folders of their own share the key that encrypts the secrets.
      const shared = { ...env, WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64') };
      const second = { ...shared, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'masthead-hooks-')) };
      cleanups.push(() => rmSync(second.DATA_DIR, { recursive: true, force: true }));
      await cli(shared, 'domain', 'add', DOMAIN, '--name', 'Hooks');
      await cli(shared, 'member', 'add', EMAIL, DOMAIN, '--role', 'admin');
      const site = await startReceiver();
      cleanups.push(site.close);
      const [one, two] = await Promise.all([startServer(shared), startServer(second)]);
      // Registered through one server; the other must sign with the same secrets.
      const secrets: string[] = [];
      for (const hookPath of ['a', 'b']) {
        const body = { url: `${site.url}/${hookPath}`, events: ['tag.created'] };
        secrets.push((await call(one.base, 'POST', `/cms/webhooks?domain=${DOMAIN}`, body)).secret);
      }
      const names: string[] = [];
      for (let i = 0; i < 200; i++) {
        const name = `Tag ${String(i).padStart(3, '0')}`;
        names.push(name);
        // Alternate the servers, as a load balancer would.
        await call(i % 2 === 0 ? one.base : two.base, 'POST', `/cms/tags/info?domain=${DOMAIN}`, {
          tagDisplayName: name,
        });
      }
      await eventually(() => site.received.length >= 400, 120_000, '400 deliveries');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(site.received).toHaveLength(400);
      for (const [index, hookPath] of ['/hook/a', '/hook/b'].entries()) {
        const mine = site.received.filter((d) => d.path === hookPath);
        expect(mine.map((d) => d.json.data.name)).toEqual(names);
        expect(new Set(mine.map((d) => d.headers['webhook-id'])).size).toBe(200);
        site.verifyAll(secrets[index]!, mine);
      }
    },
  );
});
